import { html } from '../../../support/site.js';

// Local pages with the blockers the suite handles. Every page records the clicks it receives
// in window.clicks (the id or class of the clicked button or link), so tests can tell which
// control was used, and carries enough article text to be a page behind its overlays.

const article = `<main><h1>The river town</h1>${Array.from(
  { length: 12 },
  (_, i) => `<p>Paragraph ${i + 1}: the ferry still crosses twice an hour, and the market on the square opens at dawn with bread, cheese and the first cherries of the season.</p>`,
).join('')}</main>`;

const recordClicks = `<script>
window.clicks = [];
document.addEventListener('click', (event) => {
  const control = event.target.closest('button, a');
  if (control) window.clicks.push(control.id || control.className);
}, true);
</script>`;

const oneTrustMarkup = `
<div class="onetrust-pc-dark-filter ot-hide ot-fade-in"></div>
<div id="onetrust-banner-sdk" class="otFlat" role="region" aria-label="Cookie banner">
  <div id="onetrust-policy"><p id="onetrust-policy-text">We and our partners use cookies to personalise content and ads and to analyse our traffic.</p></div>
  <div id="onetrust-button-group-parent"><div id="onetrust-button-group">
    <button id="onetrust-pc-btn-handler">Cookies Settings</button>
    <button id="onetrust-reject-all-handler">Reject All</button>
    <button id="onetrust-accept-btn-handler">Accept All Cookies</button>
  </div></div>
</div>
<div id="onetrust-pc-sdk" class="otPcCenter ot-hide" style="display:none"><button class="save-preference-btn-handler">Confirm My Choices</button></div>`;

/**
 * OneTrust as its SDK renders it: #onetrust-consent-sdk appended to body by script, holding the
 * banner (#onetrust-banner-sdk, fixed at the bottom) with reject-all and accept buttons, which
 * set OnetrustActiveGroups and the OptanonAlertBoxClosed cookie and hide the banner.
 * `delayMs` inserts it that long after load, as the real SDK does once its config arrived.
 */
export const oneTrustPage = (delayMs = 0): string =>
  html(
    'News with OneTrust',
    `<style>
      #onetrust-banner-sdk { position: fixed; bottom: 0; left: 0; right: 0; z-index: 2147483645; background: #fff; padding: 16px; box-shadow: 0 0 18px rgba(0,0,0,.2); }
      .onetrust-pc-dark-filter { position: fixed; inset: 0; z-index: 2147483646; background: rgba(0,0,0,.5); }
      .ot-hide { display: none !important; }
    </style>
    ${article}${recordClicks}
    <script>
      function showBanner() {
        const sdk = document.createElement('div');
        sdk.id = 'onetrust-consent-sdk';
        sdk.innerHTML = ${JSON.stringify(oneTrustMarkup)};
        document.body.appendChild(sdk);
        const choose = (groups) => {
          window.OnetrustActiveGroups = groups;
          document.cookie = 'OptanonAlertBoxClosed=' + new Date().toISOString();
          document.getElementById('onetrust-banner-sdk').style.display = 'none';
        };
        document.getElementById('onetrust-reject-all-handler').addEventListener('click', () => choose(',C0001,'));
        document.getElementById('onetrust-accept-btn-handler').addEventListener('click', () => choose(',C0001,C0002,C0003,C0004,'));
      }
      ${delayMs > 0 ? `addEventListener('load', () => setTimeout(showBanner, ${delayMs}));` : 'showBanner();'}
    </script>`,
  );

/**
 * Cookiebot as its script leaves a page: window.Cookiebot (hasResponse, declined, dialog.visible,
 * hide, withdraw) and #CybotCookiebotDialog with deny, allow-selection and allow-all buttons.
 */
export const cookiebotPage = (): string =>
  html(
    'Shop with Cookiebot',
    `<style>#CybotCookiebotDialog { position: fixed; bottom: 24px; left: 24px; width: 480px; z-index: 2147483631; background: #fff; padding: 16px; }</style>
    ${article}
    <div id="CybotCookiebotDialog" name="CybotCookiebotDialog" role="dialog" aria-modal="true" aria-labelledby="CybotCookiebotDialogBodyContentTitle">
      <h2 id="CybotCookiebotDialogBodyContentTitle">This website uses cookies</h2>
      <p>We use cookies to personalise content and ads, to provide social media features and to analyse our traffic.</p>
      <button id="CybotCookiebotDialogBodyLevelButtonLevelOptinDeclineAll">Deny</button>
      <button id="CybotCookiebotDialogBodyLevelButtonLevelOptinAllowallSelection">Allow selection</button>
      <button id="CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll">Allow all</button>
    </div>
    ${recordClicks}
    <script>
      const dialog = document.getElementById('CybotCookiebotDialog');
      window.Cookiebot = {
        hasResponse: false, declined: false, consented: false, dialog: { visible: true },
        hide() { dialog.style.display = 'none'; this.dialog.visible = false; },
        withdraw() { this.hasResponse = true; this.declined = true; this.consented = false; },
      };
      const answer = (declined) => {
        Object.assign(window.Cookiebot, { hasResponse: true, declined, consented: !declined });
        window.Cookiebot.hide();
      };
      document.getElementById('CybotCookiebotDialogBodyLevelButtonLevelOptinDeclineAll').addEventListener('click', () => answer(true));
      document.getElementById('CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll').addEventListener('click', () => answer(false));
    </script>`,
  );

/** A newsletter modal over the article: full-viewport backdrop, a × close button, a subscribe form, a body scroll lock. */
export const newsletterPage = (): string =>
  html(
    'Blog with a newsletter modal',
    `<style>
      .nl-backdrop { position: fixed; inset: 0; z-index: 9999; background: rgba(0,0,0,.6); display: flex; align-items: center; justify-content: center; }
      .nl-modal { position: relative; background: #fff; padding: 32px; width: 420px; }
      .nl-close { position: absolute; top: 8px; right: 8px; border: 0; background: none; font-size: 24px; }
    </style>
    ${article}${article}
    <div class="nl-backdrop">
      <div class="nl-modal">
        <button class="nl-close" aria-label="Close">×</button>
        <h2>Get the weekly letter</h2>
        <form action="/subscribe" method="post"><input type="email" name="email" placeholder="Email"><button id="subscribe">Subscribe</button></form>
        <a href="/offers" id="offers">See our offers</a>
      </div>
    </div>
    ${recordClicks}
    <script>
      document.body.style.overflow = 'hidden';
      // Like many such scripts, closing removes the modal but forgets the scroll lock.
      document.querySelector('.nl-close').addEventListener('click', () => document.querySelector('.nl-backdrop').remove());
    </script>`,
  );

/** A native modal <dialog> (showModal) offering a discount, closed by its "No thanks" button. */
export const modalDialogPage = (): string =>
  html(
    'Store with a modal dialog',
    `${article}
    <dialog id="offer"><h2>10% off your first order</h2><p>Join our list.</p>
      <form method="post" action="/join"><input type="email" name="email"><button id="join">Join</button></form>
      <button type="button" id="no-thanks">No thanks</button></dialog>
    ${recordClicks}
    <script>
      const offer = document.getElementById('offer');
      offer.showModal();
      document.getElementById('no-thanks').addEventListener('click', () => offer.close());
    </script>`,
  );

/** An aria-modal overlay with no close control at all, which closes on Escape. */
export const escapeOnlyPage = (): string =>
  html(
    'Paywall-ish overlay closed by Escape',
    `<style>.veil { position: fixed; inset: 0; z-index: 500; background: rgba(255,255,255,.95); }</style>
    ${article}
    <div class="veil" role="dialog" aria-modal="true"><h2>Before you go on</h2><p>Our app is better.</p></div>
    ${recordClicks}
    <script>
      document.addEventListener('keydown', (event) => { if (event.key === 'Escape') document.querySelector('.veil')?.remove(); });
    </script>`,
  );

/** A plain article: no banner, no overlay. */
export const plainPage = (): string => html('Plain article', article);

/**
 * A login page whose form is the page: a dialog (opened by attribute or by showModal) holding
 * the sign-in form, a "Not now" link away and a × button, with almost nothing else on the page.
 */
export const loginPage = (modal: boolean): string =>
  html(
    'Sign in',
    `<header>Acme</header>
    <main><dialog id="login" ${modal ? '' : 'open'} aria-labelledby="t">
      <button type="button" class="close" aria-label="Close">×</button>
      <h1 id="t">Sign in</h1>
      <form action="/signin" method="post">
        <label>Email <input name="email"></label> <label>Password <input type="password" name="password"></label>
        <button id="sign-in">Sign in</button> <a href="/" id="not-now">Not now</a>
      </form>
    </dialog></main>
    ${recordClicks}
    <script>
      const login = document.getElementById('login');
      ${modal ? 'login.showModal();' : ''}
      login.querySelector('.close').addEventListener('click', () => login.close());
    </script>`,
  );

/** A product page whose "Quick view" button opens a modal (with tabs and a × button): the agent's own doing. */
export const quickViewPage = (): string =>
  html(
    'Product with a quick-view modal',
    `<style>
      .qv-backdrop { position: fixed; inset: 0; z-index: 1000; background: rgba(0,0,0,.5); display: none; align-items: center; justify-content: center; }
      .qv-modal { background: #fff; padding: 24px; width: 480px; }
    </style>
    ${article}
    <button id="quick-view">Quick view</button>
    <div class="qv-backdrop" role="dialog" aria-modal="true">
      <div class="qv-modal"><button class="qv-close" aria-label="Close">×</button><h2>Ferry ticket</h2>
        <button id="details">Details</button><button id="reviews">Reviews</button><p id="tab">Details: valid for a day.</p></div>
    </div>
    ${recordClicks}
    <script>
      const backdrop = document.querySelector('.qv-backdrop');
      document.getElementById('quick-view').addEventListener('click', () => { backdrop.style.display = 'flex'; });
      document.querySelector('.qv-close').addEventListener('click', () => { backdrop.style.display = 'none'; });
      document.getElementById('reviews').addEventListener('click', () => { document.getElementById('tab').textContent = 'Reviews: 4.5 stars.'; });
    </script>`,
  );

/** A consent banner no rule knows, with accept and reject buttons: left to autoconsent's heuristic pass. */
export const genericBannerPage = (): string =>
  html(
    'Site with a home-made cookie banner',
    `${article}
    <div id="notice" style="position: fixed; bottom: 0; left: 0; right: 0; z-index: 99; background: #eee; padding: 12px;">
      <p>We use cookies to improve your experience and for marketing. You can accept or reject them.</p>
      <button id="accept">Accept all</button> <button id="reject">Reject all</button>
    </div>
    ${recordClicks}
    <script>for (const id of ['accept', 'reject']) document.getElementById(id).addEventListener('click', () => document.getElementById('notice').remove());</script>`,
  );

/** A short page (a heading and a line, under 200 characters) of which `dialog` covers the middle. */
const shortPage = (title: string, dialog: string, script = ''): string =>
  html(
    title,
    `<style>.veil { position: fixed; inset: 0; z-index: 50; background: rgba(0,0,0,.5); display: flex; align-items: center; justify-content: center; }
      .veil[hidden] { display: none; } .box { background: #fff; padding: 24px; width: 380px; }</style>
    <header>Harbour Café</header><main><h1>Opening hours</h1><p>Daily from eight to six.</p></main>
    ${dialog}
    ${recordClicks}
    <script>${script}</script>`,
  );

/**
 * Newsletter popups over a short page, told apart from the page's own dialogs by their own
 * signals: an aria-modal dialog labelled "Newsletter" with a Close button; a modal <dialog>
 * whose heading says nothing but whose text offers a discount for an email address, closed by
 * "No thanks"; each opened by the page's script, not by the agent.
 */
export const shortNewsletterPage = (how: 'labelled' | 'offer'): string =>
  how === 'labelled'
    ? shortPage(
        'Short page with a newsletter dialog',
        `<div class="veil" id="nl" role="dialog" aria-modal="true" aria-label="Newsletter" hidden><div class="box">
          <button class="close" aria-label="Close">×</button><p>Our best recipes, once a week.</p>
          <form action="/subscribe" method="post"><input type="email" name="email" placeholder="you@example.com"><button id="subscribe">Go</button></form>
        </div></div>`,
        `document.getElementById('nl').hidden = false;
         document.querySelector('#nl .close').addEventListener('click', () => { document.getElementById('nl').hidden = true; });`,
      )
    : shortPage(
        'Short page with an offer dialog',
        `<dialog id="offer" aria-labelledby="offer-title"><h2 id="offer-title">Before you go</h2>
          <p>Leave your email and get 15% off your first order.</p>
          <form action="/join" method="post"><input name="contact" autocomplete="email"><button id="join">Send</button></form>
          <button type="button" id="no-thanks">No thanks</button></dialog>`,
        `const offer = document.getElementById('offer'); offer.showModal();
         document.getElementById('no-thanks').addEventListener('click', () => offer.close());`,
      );

/** A short page that is a dialog (a "forgot password" step): an email field and a Close button, but nothing it promotes. */
export const resetPasswordPage = (): string =>
  shortPage(
    'Reset your password',
    `<div class="veil" role="dialog" aria-modal="true" aria-labelledby="reset-title"><div class="box">
      <button class="close" aria-label="Close">×</button><h2 id="reset-title">Reset your password</h2>
      <p>Enter the email address of your account and we will send you a link.</p>
      <form action="/reset" method="post"><input type="email" name="email"><button id="send">Send link</button></form>
    </div></div>`,
    `document.querySelector('.close').addEventListener('click', () => document.querySelector('.veil').remove());`,
  );

/**
 * A page whose consent banner is Piano's, inside an iframe (`framePath`): a frame-only rule of
 * autoconsent's, closed by its [data-close-button]. The top document has no banner of its own.
 */
export const pianoFramedPage = (framePath: string): string => html('Site with a framed Piano banner', `${article}<iframe src="${framePath}" style="width: 600px; height: 200px"></iframe>`);

/**
 * The document of the frame pianoFramedPage() holds: Piano's banner, which its close button
 * removes; without the button (`closable` false), autoconsent's opt-out waits for it in vain.
 */
export const pianoFramePage = (closable = true): string =>
  html(
    'Piano consent',
    `<div id="piano-cookie_banner"><p>We use cookies.</p>${closable ? '<button id="piano-close" data-close-button>Close</button>' : ''}</div>
    ${recordClicks}
    <script>document.getElementById('piano-close')?.addEventListener('click', () => document.getElementById('piano-cookie_banner').remove());</script>`,
  );
