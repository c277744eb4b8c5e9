import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ActLimits } from '../../lib/browser/act/act.js';
import { JS_TIMEOUT_MS } from '../../lib/browser/extract/index.js';
import type { AiProvider } from '../../lib/platform/config/services.js';
import { browserSuite } from '../support/browser.js';
import { pageSource } from '../support/pages.js';
import { html } from '../support/site.js';

/** The `js >>` limit the sessions that meet an expression that never finishes are given; the document.title read after it is well within it. */
const SHORT_JS_MS = 2_000;

const SHOP = html(
  'Shop',
  `<h1 id="title">  Shop   of
     things </h1>
   <a id="home" href="/home?x=1">Home</a>
   <img id="logo" src="img/logo.png" alt="Logo">
   <script type="application/ld+json" id="ld">{"@type": "Product", "name": "Widget", "offers": {"price": 9.5}}</script>
   <script type="application/ld+json" id="bad">{"@type": oops}</script>
   <ul class="products">
     <li class="product"><h2>Alpha</h2><span class="price">$1</span><ul><li class="v">a1</li><li class="v">a2</li></ul><a href="/p/alpha">more</a></li>
     <li class="product"><h2>Beta</h2><span class="price">$2</span><ul><li class="v">b1</li></ul></li>
     <li class="product"><h2>Gamma</h2><ul></ul></li>
   </ul>
   <span class="tag">x</span><span class="tag">y</span>
   <table id="plain">
     <thead><tr><th>Name</th><th colspan="2">Score</th><th></th></tr></thead>
     <tbody><tr><td>Ann</td><td>1</td><td>2</td><td>ok</td></tr><tr><td colspan="2">Bob</td><td>3</td><td>fine</td></tr></tbody>
   </table>
   <table id="headless"><tr><td>k</td><td>v</td></tr><tr><td>a</td><td>1</td></tr></table>`,
);

describe('the extract step through the API', function () {
  this.timeout(120_000);
  /** What AI_BASE_URL, AI_API_KEY and AI_MODEL would configure; the nested AI suite sets it. */
  let ai: AiProvider | null = null;
  /** Limits of the sessions' steps in place of the defaults; a nested suite sets them. */
  let limits: ActLimits | undefined;
  const t = browserSuite(
    {
      '/shop': { body: SHOP },
      '/keep-tabular-data': { body: pageSource('keep-tabular-data') },
      '/links-in-tables': { body: pageSource('links-in-tables') },
    },
    'pro',
    () => ({ ai, limits }),
  );
  const { create } = t;
  /** Opens `path` with one extract step and answers the envelope's body. */
  const extract = async (path: string, fields: object): Promise<{ extraction: Record<string, unknown> | null; error: { code: string; message: string; context: Record<string, unknown> } | null }> => {
    const res = await create({ url: t.site.url(path), page: 'light', steps: [{ extract: fields }] });
    expect(res.status).to.equal(201);
    return res.body;
  };

  it('reads text, attributes (absolute href and src), JSON-LD and outer HTML', async () => {
    const body = await extract('/shop', {
      title: '#title >> text',
      home: '#home >> href',
      logo: '#logo >> src',
      alt: '#logo >> alt',
      ld: '#ld >> json',
      tag: 'span.tag',
    });
    expect(body.error).to.equal(null);
    expect(body.extraction).to.deep.equal({
      title: 'Shop of things',
      home: t.site.url('/home?x=1'),
      logo: t.site.url('/img/logo.png'),
      alt: 'Logo',
      ld: { '@type': 'Product', name: 'Widget', offers: { price: 9.5 } },
      tag: '<span class="tag">x</span>',
    });
  });

  it('collects every match of [form] into an array', async () => {
    const body = await extract('/shop', { tags: ['span.tag >> text'], names: ['li.product h2 >> text'] });
    expect(body.extraction).to.deep.equal({ tags: ['x', 'y'], names: ['Alpha', 'Beta', 'Gamma'] });
  });

  it('builds one object per parent match, at most _limit, with nested repeating structures', async () => {
    const body = await extract('/shop', {
      products: [
        {
          _parent: 'li.product',
          _limit: 2,
          name: 'h2 >> text',
          price: '.price >> text',
          link: 'a >> href',
          variants: ['li.v >> text'],
          nested: [{ _parent: 'li.v', code: ':scope >> text' }],
        },
      ],
      all: [{ _parent: 'li.product', price: '.price >> text', variants: ['li.v >> text'] }],
    });
    expect(body.error).to.equal(null);
    expect(body.extraction!.products).to.deep.equal([
      { name: 'Alpha', price: '$1', link: t.site.url('/p/alpha'), variants: ['a1', 'a2'], nested: [{ code: 'a1' }, { code: 'a2' }] },
      { name: 'Beta', price: '$2', link: null, variants: ['b1'], nested: [{ code: 'b1' }] },
    ]);
    expect(body.extraction!.all).to.deep.equal([
      { price: '$1', variants: ['a1', 'a2'] },
      { price: '$2', variants: ['b1'] },
      { price: null, variants: [] },
    ]);
  });

  it('turns a table into row objects keyed by the header, spans expanded and empty headers named', async () => {
    const body = await extract('/shop', { plain: '#plain', headless: '#headless' });
    expect(body.extraction).to.deep.equal({
      plain: [
        { Name: 'Ann', Score: '1', Score_2: '2', column_4: 'ok' },
        { Name: 'Bob', Score: 'Bob', Score_2: '3', column_4: 'fine' },
      ],
      headless: [{ k: 'a', v: '1' }],
    });
  });

  it('reads the table of the keep-tabular-data fixture page', async () => {
    const body = await extract('/keep-tabular-data', { rows: 'table.finished_gui_table' });
    const rows = body.extraction!.rows as Array<Record<string, string>>;
    expect(rows).to.have.length(23);
    expect(Object.keys(rows[0]!)).to.deep.equal([
      'column_1',
      'General UX',
      'UX draft',
      'UX review',
      'UI mockup',
      'UI review',
      'Implementation draft',
      'Implementation review',
      'Final review',
    ]);
    expect(rows.slice(0, 3).map((row) => row.column_1)).to.deep.equal(['Load map', 'Save map', 'Graphics settings']);
  });

  it('reads the table of the links-in-tables fixture page', async () => {
    const body = await extract('/links-in-tables', { sizes: 'table[style*="border-collapse"]' });
    const rows = body.extraction!.sizes as Array<Record<string, string>>;
    expect(rows).to.have.length(6);
    expect(rows[0]).to.deep.equal({
      Application: 'Farm Heroes Super Saga',
      'Original Size': '71.1 MB',
      'Previous (BSDiff) Patch Size (% vs original)': '13.4 MB (-81%)',
      'File-by-File Patch Size (% vs original)': '8.0 MB (-89%)',
    });
    expect(rows.map((row) => row.Application)).to.include.members(['Google Maps', 'Gmail', 'Netflix']);
  });

  it('gives null for a field and [] for an array that match nothing', async () => {
    const body = await extract('/shop', { missing: '.nope >> text', html: '.nope', list: ['.nope >> text'], each: [{ _parent: '.nope', a: 'b' }], attr: '#title >> href' });
    expect(body.error).to.equal(null);
    expect(body.extraction).to.deep.equal({ missing: null, html: null, list: [], each: [], attr: null });
  });

  const failures: Array<[string, object, string]> = [
    ['an invalid CSS selector', { ok: 'h1 >> text', broken: 'div[[ >> text' }, 'broken'],
    ['an invalid selector in a nested field', { products: [{ _parent: 'li.product', price: '.price:nope( >> text' }] }, 'products[].price'],
    ['an invalid _parent selector', { products: [{ _parent: '##', name: 'h2' }] }, 'products'],
    ['JSON that does not parse', { ld: '#bad >> json' }, 'ld'],
    ['a selector that does not parse', { f: 'h1 >> inner text' }, 'f'],
    ['js >> in an array', { f: ['js >> 1'] }, 'f'],
  ];
  for (const [what, fields, field] of failures) {
    it(`fails with extract_failed naming the field for ${what}`, async () => {
      const body = await extract('/shop', fields);
      expect(body.error).to.include({ code: 'extract_failed' });
      expect(body.error!.context).to.deep.equal({ field });
      expect(body.extraction).to.equal(null);
    });
  }

  it('evaluates js >> expressions in the page, mixed with selectors', async () => {
    const body = await extract('/shop', {
      title: 'js >> document.title',
      count: 'js >> document.querySelectorAll("li.product").length',
      later: 'js >> new Promise((r) => setTimeout(() => r({ done: true }), 20))',
      nothing: 'js >> undefined',
      name: 'h2 >> text',
    });
    expect(body.error).to.equal(null);
    expect(body.extraction).to.deep.equal({ title: 'Shop', count: 3, later: { done: true }, nothing: null, name: 'Alpha' });
  });

  it('fails a js >> field that throws with extract_failed naming the field', async () => {
    const body = await extract('/shop', { boom: 'js >> (() => { throw new Error("kaput") })()' });
    expect(body.error).to.include({ code: 'extract_failed' });
    expect(body.error!.context).to.deep.equal({ field: 'boom' });
    expect(body.error!.message).to.contain('kaput');
  });

  describe(`with a js >> limit of ${SHORT_JS_MS} ms`, () => {
    // The default (JS_TIMEOUT_MS, 10 s) would only make the test wait: the driver is given a shorter one.
    before(() => (limits = { jsExpressionMs: SHORT_JS_MS }));
    after(() => (limits = undefined));

    it('stops a js >> expression that never finishes at its limit and keeps the page usable', async () => {
      const started = Date.now();
      const first = await create({ url: t.site.url('/shop'), page: 'light', steps: [{ extract: { spin: 'js >> (() => { while (true) {} })()' } }] });
      const took = Date.now() - started;
      expect(first.body.error).to.include({ code: 'extract_failed' });
      expect(first.body.error.context).to.deep.equal({ field: 'spin' });
      expect(first.body.error.message).to.contain(`${SHORT_JS_MS} ms`);
      // Held to the limit it was given, not to the default.
      expect(took).to.be.below(JS_TIMEOUT_MS);
      const again = await t.service.http
        .post(`/v1/sessions/${first.body.session_id}/act`)
        .set(t.auth)
        .send({ steps: [{ extract: { title: 'js >> document.title' } }] });
      expect(again.body.extraction).to.deep.equal({ title: 'Shop' });
    });
  });

  describe('ai >> descriptions', () => {
    let stub: Server;
    let requests: Array<{ messages: Array<{ role: string; content: string }>; auth: string | undefined }>;
    let answers: string[];

    before(async () => {
      stub = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        req.on('end', () => {
          const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> };
          requests.push({ messages: body.messages, auth: req.headers.authorization });
          const content = answers.shift() ?? 'nothing-left';
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 100, completion_tokens: 5 } }),
          );
        });
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      ai = { baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`, apiKey: 'sk-stub', model: 'stub-model' };
    });
    after(async () => {
      ai = null;
      await new Promise<void>((resolve) => stub.close(() => resolve()));
    });
    beforeEach(() => {
      requests = [];
      answers = [];
    });

    it('asks the provider for a selector and extracts with it, mixed with ordinary fields', async () => {
      answers = ['```css\nli.product h2\n```'];
      const body = await extract('/shop', { names: ['ai >> the product names'], title: '#title >> text' });
      expect(body.error).to.equal(null);
      expect(body.extraction).to.deep.equal({ names: ['Alpha', 'Beta', 'Gamma'], title: 'Shop of things' });
      expect(requests).to.have.length(1);
      expect(requests[0]!.auth).to.equal('Bearer sk-stub');
      const prompt = requests[0]!.messages.at(-1)!.content;
      expect(prompt).to.contain('the product names');
      expect(prompt).to.contain('li.product');
    });

    it('records the tokens on the session\'s usage and caches the selector for the account', async () => {
      answers = ['#title'];
      const first = await create({ url: t.site.url('/shop'), page: 'light', steps: [{ extract: { title: 'ai >> the page heading' } }] });
      expect(first.body.extraction).to.deep.equal({ title: 'Shop of things' });
      await t.service.http.delete(`/v1/sessions/${first.body.session_id}`).set(t.auth);
      expect(t.service.store.sync.getUsage(first.body.session_id)?.aiTokens).to.equal(105);
      const second = await create({ url: t.site.url('/shop'), page: 'light', steps: [{ extract: { title: 'ai >> the page heading' } }] });
      expect(second.body.extraction).to.deep.equal({ title: 'Shop of things' });
      expect(requests).to.have.length(1);
      await t.service.http.delete(`/v1/sessions/${second.body.session_id}`).set(t.auth);
      expect(t.service.store.sync.getUsage(second.body.session_id)?.aiTokens).to.equal(0);
    });

    it('retries once with the failure when the selector matches nothing', async () => {
      answers = ['.does-not-exist', '"#title"'];
      const body = await extract('/shop', { title: 'ai >> the page heading' });
      expect(body.extraction).to.deep.equal({ title: 'Shop of things' });
      expect(requests).to.have.length(2);
      expect(requests[1]!.messages.at(-1)!.content).to.contain('.does-not-exist');
    });

    it('fails with extract_failed when no answer matches', async () => {
      answers = ['.nope', 'div[['];
      const body = await extract('/shop', { title: 'ai >> the page heading' });
      expect(body.error).to.include({ code: 'extract_failed' });
      expect(body.error!.context).to.deep.equal({ field: 'title' });
      expect(requests).to.have.length(2);
    });

  });

  it('fails ai >> fields with extract_failed saying no provider is configured when AI_BASE_URL is unset', async () => {
    const body = await extract('/shop', { title: 'ai >> the page heading' });
    expect(body.error).to.include({ code: 'extract_failed' });
    expect(body.error!.message).to.contain('no AI provider is configured');
    expect(body.error!.context).to.deep.equal({ field: 'title' });
  });
});
