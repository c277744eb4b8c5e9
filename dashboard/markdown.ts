// An observation's markdown as HTML. It is the text of someone else's page, so HTML written in it
// shows as text, links keep only http(s) addresses and open outside, and images show their alt
// text (the page loads nothing from elsewhere).
import { Marked, type Tokens } from 'marked';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML text and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      if (!/^https?:\/\//i.test(href)) return inner;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titled} rel="noopener noreferrer nofollow" target="_blank">${inner}</a>`;
    },
    image: ({ text }: Tokens.Image) => (text ? `<span class="image">[image: ${escapeHtml(text)}]</span>` : ''),
  },
});

/** Renders `markdown` (GFM) with raw HTML escaped. */
export const renderMarkdown = (markdown: string): string => marked.parse(markdown, { async: false });
