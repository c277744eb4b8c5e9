import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';
import { cookiebotPage, newsletterPage, oneTrustPage } from '../lib/browser/blockers/pages.js';
import { BLOCK_CASES } from '../lib/browser/captcha/block-pages.js';
import { INTERSTITIAL_CASES } from '../lib/browser/captcha/interstitial-pages.js';
import { WIDGET_CASES } from '../lib/browser/captcha/widget-pages.js';

const FORM = html(
  'Order',
  `<h1>Order form</h1>
   <form id="order" action="/submit" method="post">
     <input aria-label="Full name" name="fullname">
     <input placeholder="you@example.com" name="email" type="email">
     <label for="city">City</label><input id="city" name="city">
     <input name="zip">
     <span>Notes for the courier</span> <textarea name="notes"></textarea>
     <label>Size <select name="size"><option value="s">Small</option><option value="m">Medium</option><option value="l">Large</option></select></label>
     <label><input type="checkbox" name="gift"> Gift wrap</label>
     <label><input type="radio" name="speed" value="standard" checked> Standard</label>
     <label><input type="radio" name="speed" value="express"> Express</label>
     <label class="fancy"><input type="checkbox" name="terms" style="position:absolute;opacity:0;width:1px;height:1px"><span>Accept the terms</span></label>
     <button type="submit">Place order</button>
     <button type="button" disabled>Disabled action</button>
   </form>
   <div style="position:relative"><button id="under">Covered button</button>
     <div style="position:absolute;inset:0;background:white;opacity:0.99">cover</div></div>`,
);

function echo(req: IncomingMessage, res: import('node:http').ServerResponse): void {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const fields = [...new URLSearchParams(body)].map(([k, v]) => `<li>${k}=${v}</li>`).join('');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html('Thanks', `<h1>Order received</h1><ul>${fields}</ul>`));
  });
}

describe('acting on pages through the API', function () {
  this.timeout(120_000);
  const t = browserSuite({
    '/form': { body: FORM },
    '/submit': echo,
    '/onetrust': { body: oneTrustPage() },
    '/cookiebot': { body: cookiebotPage() },
    '/newsletter': { body: newsletterPage() },
  });
  const { create, act } = t;
  before(() => {
    const popup = WIDGET_CASES.filter((c) => c.challenge?.inTheWay && !c.challenge.blocking);
    for (const [i, c] of [...WIDGET_CASES.slice(0, 1), ...INTERSTITIAL_CASES.slice(0, 1), ...BLOCK_CASES.slice(0, 2), ...popup.slice(0, 1)].entries()) {
      t.site.route(`/case${i}`, (_req, res) => res.writeHead(c.status ?? 200, { 'Content-Type': 'text/html', ...(c.headers ?? {}) }).end(c.body));
    }
  });
  type Element = { ref: string; label: string; tag: string; value?: string };

  it('runs an agent flow: observe, pick refs, fill and submit a form, read the result page', async () => {
    const first = await create({ url: t.site.url('/form') });
    const elements = first.body.page.interactive_elements as Element[];
    const ref = (label: string): string => elements.find((e) => e.label === label)!.ref;
    const res = await act(first.body.session_id, [
      { fill: { ref: ref('Full name'), value: 'Ada Lovelace' } },
      { fill: { ref: ref('you@example.com'), value: 'ada@example.com' } },
      { select: { ref: ref('Size'), value: 'm' } },
      { check: { ref: ref('Gift wrap') } },
      { click: { ref: ref('Place order') } },
    ]);
    expect(res.body.error).to.equal(null);
    expect(res.body.completed).to.equal(5);
    expect(res.body.page.url).to.equal(t.site.url('/submit'));
    const content = res.body.page.markdown.content as string;
    for (const line of ['fullname=Ada Lovelace', 'email=ada@example.com', 'size=m', 'gift=on', 'speed=standard']) expect(content).to.contain(line);
  });

  it('targets by label in the contract\'s order and by text, types with a delay, checks radios', async () => {
    const id = (await create({ url: t.site.url('/form') })).body.session_id as string;
    const res = await act(id, [
      { fill: { label: 'Full name', value: 'By aria-label' } },
      { fill: { label: 'you@example.com', value: 'placeholder@example.com' } },
      { fill: { label: 'City', value: 'Porto' } },
      { fill: { label: 'zip', value: '4000' } },
      { type: { label: 'Notes for the courier', value: 'ring', delay: 5 } },
      { check: { label: 'Express' } },
      { check: { label: 'Gift wrap', checked: false } },
      { check: { label: 'Accept the terms' } },
      { click: { text: 'Place order' } },
    ]);
    expect(res.body.error).to.equal(null);
    const content = res.body.page.markdown.content as string;
    for (const line of ['fullname=By aria-label', 'email=placeholder@example.com', 'city=Porto', 'zip=4000', 'notes=ring', 'speed=express', 'terms=on']) {
      expect(content).to.contain(line);
    }
    expect(content).to.not.contain('gift=');
  });

  it('shows the current values of fields in the next observation', async () => {
    const id = (await create({ url: t.site.url('/form') })).body.session_id as string;
    const res = await act(id, [{ fill: { label: 'City', value: 'Lisbon' } }, { select: { label: 'Size', value: 'l' } }]);
    const elements = res.body.page.interactive_elements as Element[];
    expect(elements.find((e) => e.label === 'City')?.value).to.equal('Lisbon');
    expect(elements.find((e) => e.label === 'Size')?.value).to.equal('Large');
  });

  it('answers element_not_found with up to 5 nearest candidates', async () => {
    const id = (await create({ url: t.site.url('/form') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Place ordr' } }]);
    expect(res.body.error.code).to.equal('element_not_found');
    expect(res.body.error.context.target).to.deep.equal({ text: 'Place ordr' });
    const candidates = res.body.error.context.candidates as Array<{ ref: string; label: string }>;
    expect(candidates.length).to.be.within(1, 5);
    expect(candidates[0]!.label).to.equal('Place order');
    const unknown = await act(id, [{ fill: { label: 'Favourite colour', value: 'x' } }]);
    expect(unknown.body.error.code).to.equal('element_not_found');
    const never = await act(id, [{ click: { ref: 'e999' } }]);
    expect(never.body.error.code).to.equal('element_not_found');
  });

  it('answers action_failed with the reason and a sentence for disabled and covered elements, and for a missing option', async () => {
    const id = (await create({ url: t.site.url('/form') })).body.session_id as string;
    const disabled = await act(id, [{ click: { text: 'Disabled action' } }]);
    expect(disabled.body.error).to.include({ code: 'action_failed', message: 'click failed: the element is disabled and did not become enabled within 5 s' });
    expect(disabled.body.error.context.reason).to.equal('disabled');
    const covered = await act(id, [{ click: { text: 'Covered button' } }]);
    expect(covered.body.error.code).to.equal('action_failed');
    expect(covered.body.error.message).to.match(/^click failed: another element covers it \(<div[^>]*>cover<\/div>\)$/);
    expect(covered.body.error.context.reason).to.equal('covered');
    const option = await act(id, [{ select: { label: 'Size', value: 'xxl' } }]);
    expect(option.body.error.context.reason).to.equal('no_such_option');
  });

  it('dismisses consent banners (opting out) and popups, and lists them; touches nothing when disabled', async () => {
    for (const path of ['/onetrust', '/cookiebot']) {
      const res = await create({ url: t.site.url(path) });
      expect(res.body.error).to.equal(null);
      expect(res.body.blockers_dismissed).to.deep.equal(['cookie_consent']);
    }
    const popup = await create({ url: t.site.url('/newsletter') });
    expect(popup.body.blockers_dismissed).to.deep.equal(['popup']);
    const untouched = await create({ url: t.site.url('/onetrust'), auto_dismiss_blockers: false });
    expect(untouched.body.blockers_dismissed).to.deep.equal([]);
    expect(untouched.body.page.interactive_elements.map((e: Element) => e.label)).to.include('Reject All');
  });

  it('detects CAPTCHAs and block pages: a widget in a form is reported in the page, an open challenge is captcha_detected and keeps the session, unsolvable and access_denied fail it', async () => {
    const widget = await create({ url: t.site.url('/case0') });
    expect(widget.body.error).to.equal(null);
    expect(widget.body.page.captcha).to.include({ kind: 'recaptcha', vendor: 'recaptcha' });
    expect(widget.body.page.captcha.message).to.contain('in a form');

    const open = await create({ url: t.site.url('/case4') });
    expect(open.body.error).to.include({ code: 'captcha_detected' });
    expect(open.body.error.context.kind).to.equal('recaptcha');
    expect((await t.service.http.get(`/v1/sessions/${open.body.session_id}`).set(t.auth)).body.status).to.equal('active');

    const wall = await create({ url: t.site.url('/case1') });
    expect(wall.body.error.code).to.equal('captcha_unsolvable');
    expect(wall.body.error.context.kind).to.equal('challenge');
    const info = await t.service.http.get(`/v1/sessions/${wall.body.session_id}`).set(t.auth);
    expect(info.body).to.include({ status: 'failed', error_code: 'captcha_unsolvable' });

    for (const path of ['/case2', '/case3']) {
      const blocked = await create({ url: t.site.url(path) });
      expect(blocked.body.error.code, path).to.equal('access_denied');
      expect((await t.service.http.get(`/v1/sessions/${blocked.body.session_id}`).set(t.auth)).body.status).to.equal('failed');
    }
  });
});
