import type { ChallengeKind } from '../../../../lib/browser/captcha/index.js';

/** One page the detection suite serves, and what each detector must say about it. */
export interface Case {
  name: string;
  status?: number;
  headers?: Record<string, string>;
  body: string;
  /** The expected challenge (message aside), or null for none; `inTheWay` where the case is about it. */
  challenge: { kind: ChallengeKind; vendor: string; blocking: boolean; inTheWay?: boolean } | null;
  /** What the block reason must match, or null for no block page. */
  block: RegExp | null;
}

const NAV = ['Home', 'Shop', 'New in', 'Women', 'Men', 'Kids', 'Sale', 'Brands', 'Gift cards', 'Stores', 'Help', 'Orders', 'Returns', 'Blog', 'About us', 'Careers', 'Press', 'Contact']
  .map((label) => `<li><a href="/${label.toLowerCase().replace(/\s+/g, '-')}">${label}</a></li>`)
  .join('');

const PARAGRAPHS = [
  'Our spring collection is made in small batches in Porto, from organic cotton spun and dyed within forty kilometres of the workshop. Each piece is cut by hand, which is why sizes can vary by a centimetre or so from the chart below.',
  'Orders placed before two in the afternoon leave the same day. Delivery inside the EU takes two to four working days; elsewhere it takes a week to ten days, and duties are paid by us, so the price you see is the price you pay.',
  'If something does not fit, send it back within sixty days for a full refund. The returns label is already in the parcel, and the refund reaches your card within five working days of the parcel arriving at our warehouse.',
  'We answer every message ourselves, usually within a working day. For questions about an order, please include its number so we can find it quickly; for wholesale and press, use the addresses in the footer instead.',
];

/**
 * A page of an ordinary shop: navigation, a few paragraphs, a footer, and `inner` where a form or
 * widget goes. Enough text and links that a widget on it is part of the page, not a gate.
 */
export function shopPage(title: string, inner: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Fernweh Outfitters</title>${head}</head>
<body>
<header class="site-header"><a class="logo" href="/">Fernweh Outfitters</a><nav aria-label="Main"><ul>${NAV}</ul></nav></header>
<main><h1>${title}</h1>
${PARAGRAPHS.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
${inner}
</main>
<footer><p>Fernweh Outfitters Lda., Rua das Flores 12, 4050-262 Porto. <a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/imprint">Imprint</a></p></footer>
</body></html>`;
}

/** A contact form (name, email, message) with `widget` before its submit button. */
export function contactForm(widget: string): string {
  return `<form id="contact" action="/contact" method="post">
  <label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name">
  <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email">
  <label for="message">Message</label><textarea id="message" name="message" rows="6"></textarea>
  ${widget}
  <button type="submit">Send message</button>
</form>`;
}

/** A sign-in form (email, password) with `widget` before its submit button. */
export function loginForm(widget: string): string {
  return `<form id="login" action="/session" method="post">
  <label for="login-email">Email</label><input id="login-email" name="email" type="email">
  <label for="login-password">Password</label><input id="login-password" name="password" type="password">
  ${widget}
  <button type="submit">Sign in</button>
</form>`;
}

const STORY = [
  'The council voted on Tuesday to keep the night ferry running through the winter, after a petition signed by more than four thousand residents asked it not to cut the last crossing of the day.',
  'Boat operators had warned that the late service loses money from November to March. The council will cover the gap from the harbour fund, which was set up for exactly this kind of shortfall.',
  'Nurses and cleaners who work late shifts at the hospital across the river were among the loudest voices. Without the ferry, the only way home after ten is a forty-minute drive around the bay.',
  'The decision will be reviewed next autumn, when the first full winter of figures is in. Until then the timetable stays as it is, with the last boat leaving the town quay at a quarter past midnight.',
];

/**
 * A news article with a byline, its story, `inStory` somewhere in the text, and a comment form
 * (name, email, comment) under it holding `inComments`: the user came for the story.
 */
export function articlePage(title: string, { inStory = '', inComments = '', head = '' }: { inStory?: string; inComments?: string; head?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | The Bay Courier</title>${head}</head>
<body>
<header><a href="/">The Bay Courier</a><nav aria-label="Sections"><a href="/news">News</a> <a href="/sport">Sport</a> <a href="/opinion">Opinion</a></nav></header>
<main><article><h1>${title}</h1><p class="byline">By Ana Ribeiro</p>
${STORY.slice(0, 2).map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
${inStory}
${STORY.slice(2).map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</article>
<section id="comments"><h2>Leave a comment</h2>
<form id="commentform" action="/wp-comments-post.php" method="post">
  <label for="author">Name</label><input id="author" name="author" type="text">
  <label for="comment-email">Email</label><input id="comment-email" name="email" type="email">
  <label for="comment">Comment</label><textarea id="comment" name="comment" rows="5"></textarea>
  ${inComments}
  <button type="submit">Post comment</button>
</form></section></main>
<footer><p>The Bay Courier, Quay Street 4. <a href="/privacy">Privacy</a></p></footer>
</body></html>`;
}
