import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

const ARTICLE = html(
  'Article',
  `<header><nav aria-label="Primary"><a href="/">Home</a> <a href="/news">News</a></nav><input type="search" placeholder="Search"></header>
   <main><article id="story"><h1>The big story</h1>
   <p>First paragraph of the story, with a <a href="/more">relative link</a> and enough words to be an article that Readability likes to keep in full.</p>
   <h2 id="details">Details</h2><p>Second paragraph with the details of the story, again long enough to be content worth reading for an agent.</p>
   <ul><li>one</li><li>two</li></ul>
   <table><thead><tr><th>Name</th><th>Score</th></tr></thead><tbody><tr><td>Ada</td><td>10</td></tr></tbody></table>
   <p style="display:none">HIDDEN-DISPLAY</p><p aria-hidden="true">HIDDEN-ARIA</p><p style="position:absolute;left:-9999px">HIDDEN-OFFSCREEN</p>
   <form id="signup" action="/join" method="post"><label>Email <input name="email" type="email"></label><button>Join</button></form>
   </article></main>
   <footer><p>Footer text</p></footer>`,
);

const DYNAMIC = html(
  'Dynamic',
  `<h1>List</h1><div id="list"><button id="a">Alpha</button><button id="b">Beta</button></div>
   <script>
     window.addItem = () => { const b = document.createElement('button'); b.textContent = 'Gamma'; document.getElementById('list').append(b); };
     window.removeBeta = () => document.getElementById('b').remove();
   </script>`,
);

const SHADOW_FRAME = html(
  'Composed',
  `<h1>Composed</h1><div id="host"></div><iframe src="/inner" style="width:400px;height:200px"></iframe>
   <script>
     const root = document.getElementById('host').attachShadow({ mode: 'open' });
     root.innerHTML = '<p>Shadow text lives here.</p><button>Shadow button</button>';
   </script>`,
);

describe('observation through the API', function () {
  this.timeout(60_000);
  const t = browserSuite({
    '/article': { body: ARTICLE },
    '/dynamic': { body: DYNAMIC },
    '/composed': { body: SHADOW_FRAME },
    '/inner': { body: html('Inner', '<p>Frame text here.</p><button>Frame button</button>') },
    // A page on 127.0.0.1 embedding a payment form from localhost: another origin and site, so an out-of-process frame.
    '/checkout': (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(
        html(
          'Checkout',
          `<h1 id="state">Unpaid</h1><form id="coupon"><input aria-label="Coupon"></form><button>Before</button>
           <iframe id="pay" src="${t.site.url('/pay').replace('127.0.0.1', 'localhost')}" width="400" height="160"></iframe>
           <iframe src="${t.site.url('/pay').replace('127.0.0.1', 'localhost')}?hidden" style="display:none"></iframe>
           <button>After</button>
           <script>addEventListener('message', (e) => { document.getElementById('state').textContent = 'Paid ' + e.data; });</script>`,
        ),
      ),
    '/pay': {
      body: html(
        'Pay',
        `<form id="card" action="/charge" method="post"><input name="number" aria-label="Card number"><button type="button" id="go">Pay</button></form>
         <script>document.getElementById('go').addEventListener('click', () => parent.postMessage(document.querySelector('input').value, '*'));</script>`,
      ),
    },
    // Two shown cross-origin frames whose controls can grow when the page asks them to.
    '/two-frames': (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(
        html(
          'Two frames',
          `<button>Top</button>
           <iframe id="one" src="${t.site.url('/grow').replace('127.0.0.1', 'localhost')}?one" width="400" height="120"></iframe>
           <iframe id="two" src="${t.site.url('/grow').replace('127.0.0.1', 'localhost')}?two" width="400" height="120"></iframe>`,
        ),
      ),
    '/grow': {
      body: html(
        'Grow',
        `<button id="first"></button><button id="second"></button>
         <script>
           const name = location.search.slice(1);
           document.getElementById('first').textContent = name + ' first';
           document.getElementById('second').textContent = name + ' second';
           addEventListener('message', (e) => { const b = document.createElement('button'); b.textContent = name + ' ' + e.data; document.body.append(b); });
         </script>`,
      ),
    },
    // A policy that forbids every script of the page's own, eval included: ours must still run.
    '/strict': (_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'none'; script-src 'none'; require-trusted-types-for 'script'" })
        .end(html('Strict', '<h1>Locked down</h1><p>Nothing of its own runs here.</p><button onclick="x()">Press</button><input aria-label="Name">')),
    '/late': { body: html('Late', '<p id="p">Loading</p><script>setTimeout(() => { document.getElementById("p").textContent = "Loaded late content"; }, 300)</script>') },
  });
  const { create, act } = t;

  it('returns the article as markdown with absolute links, a table, elements, forms and the map on the first observation', async () => {
    const res = await create({ url: t.site.url('/article') });
    const page = res.body.page;
    expect(page.markdown.content).to.contain('# The big story');
    expect(page.markdown.content).to.contain(`[relative link](${t.site.url('/more')})`);
    expect(page.markdown.content).to.contain('| Name | Score |');
    expect(page.markdown.content).to.not.match(/HIDDEN|Footer text/);
    const labels = page.interactive_elements.map((e: { label: string }) => e.label);
    expect(labels).to.include.members(['Search', 'Email', 'Join']);
    expect(page.interactive_elements.map((e: { ref: string }) => e.ref)).to.deep.equal(page.interactive_elements.map((_: unknown, i: number) => `e${i + 1}`));
    const email = page.interactive_elements.find((e: { label: string }) => e.label === 'Email');
    expect(email).to.include({ tag: 'input', in: 'form', form: 'f1' });
    expect(page.forms).to.deep.equal([{ ref: 'f1', id: 'signup', action: t.site.url('/join'), method: 'post', fields: page.forms[0].fields }]);
    expect(page.forms[0].fields).to.include(email.ref);
    expect(page.map).to.be.an('array').that.is.not.empty;
    expect(page.changes).to.equal(null);
  });

  it('leaves the map out of later observations unless asked, and out of full mode', async () => {
    const id = (await create({ url: t.site.url('/article') })).body.session_id as string;
    expect((await act(id, [{ wait: { ms: 1 } }])).body.page).to.not.have.property('map');
    const asked = await act(id, [{ observe: { include_page_map: true } }]);
    expect(asked.body.page.map).to.be.an('array').that.is.not.empty;
    const full = await act(id, [{ observe: { mode: 'full', include_page_map: true } }]);
    expect(full.body.page).to.not.have.property('map');
    expect(full.body.page.markdown.content).to.contain('Footer text');
  });

  it('scopes to a map selector, answers html format, cuts at max_text_length with length', async () => {
    const res = await create({ url: t.site.url('/article') });
    const details = res.body.page.map.find((m: { section: string }) => /Details/.test(m.section)) ?? res.body.page.map[0];
    const scoped = await act(res.body.session_id, [{ observe: { scope: details.selector } }]);
    expect(scoped.body.error).to.equal(null);
    expect(scoped.body.page.markdown.content.length).to.be.greaterThan(0);
    const htmlRes = await act(res.body.session_id, [{ observe: { format: 'html' } }]);
    expect(htmlRes.body.page.markdown.content).to.match(/<h[12]>The big story<\/h[12]>/);
    expect(htmlRes.body.page.markdown.content).to.not.match(/<script|HIDDEN/);
    const cut = await act(res.body.session_id, [{ observe: { max_text_length: 80 } }]);
    expect(cut.body.page.markdown.length.total).to.be.greaterThan(80);
    expect(cut.body.page.markdown.content.length).to.equal(cut.body.page.markdown.length.shown);
    expect(cut.body.page.markdown.content.length).to.be.at.most(80);
    const nothing = await act(res.body.session_id, [{ observe: { scope: '#nope' } }]);
    expect(nothing.body.error.code).to.equal('element_not_found');
    const invalid = await act(res.body.session_id, [{ observe: { scope: '##' } }]);
    expect(invalid.body.error.code).to.equal('invalid_request');
  });

  it('keeps refs for elements that stay, numbers new ones anew, and reports the element diff', async () => {
    const first = await create({ url: t.site.url('/dynamic') });
    const before = first.body.page.interactive_elements as Array<{ ref: string; label: string }>;
    expect(before.map((e) => [e.ref, e.label])).to.deep.equal([['e1', 'Alpha'], ['e2', 'Beta']]);
    const id = first.body.session_id as string;
    const next = await act(id, [{ wait: { until: '(addItem(), removeBeta(), true)' } }]);
    const after = next.body.page.interactive_elements as Array<{ ref: string; label: string }>;
    expect(after.map((e) => [e.ref, e.label])).to.deep.equal([['e1', 'Alpha'], ['e3', 'Gamma']]);
    expect(next.body.page.changes.elements_added.map((e: { ref: string }) => e.ref)).to.deep.equal(['e3']);
    expect(next.body.page.changes.elements_removed).to.deep.equal([{ ref: 'e2', tag: 'button', role: 'button', label: 'Beta' }]);
    const stale = await act(id, [{ click: { ref: 'e2' } }]);
    expect(stale.body.error.code).to.equal('element_not_found');
    expect(stale.body.error.message).to.contain('stale');
    expect(stale.body.error.context.candidates.length).to.be.within(1, 5);
  });

  it('walks open shadow roots and same-origin iframes, and acts on their controls', async () => {
    const res = await create({ url: t.site.url('/composed') });
    const page = res.body.page;
    expect(page.markdown.content).to.contain('Shadow text lives here.');
    expect(page.markdown.content).to.contain('Frame text here.');
    const labels = page.interactive_elements.map((e: { label: string }) => e.label);
    expect(labels).to.include.members(['Shadow button', 'Frame button']);
    const frameButton = page.interactive_elements.find((e: { label: string }) => e.label === 'Frame button');
    const clicked = await act(res.body.session_id, [{ click: { ref: frameButton.ref } }, { click: { text: 'Shadow button' } }]);
    expect(clicked.body.error).to.equal(null);
    expect(clicked.body.completed).to.equal(2);
  });

  it('lists the controls of a shown cross-origin iframe at its place, in the page\'s numbering, and acts on them', async () => {
    const res = await create({ url: t.site.url('/checkout') });
    expect(res.body.error).to.equal(null);
    const page = res.body.page;
    type Element = { ref: string; label: string; form?: string; value?: string };
    const elements = page.interactive_elements as Element[];
    expect(elements.map((e) => e.label)).to.deep.equal(['Coupon', 'Before', 'Card number', 'Pay', 'After']);
    // The page's own elements are numbered first, then the frame's: one namespace, no number twice.
    expect(elements.map((e) => e.ref)).to.deep.equal(['e1', 'e2', 'e4', 'e5', 'e3']);
    const ref = (label: string): string => elements.find((e) => e.label === label)!.ref;
    // The frame's form continues the page's form numbering.
    expect(page.forms.map((f: { ref: string; id: string; fields: string[] }) => [f.ref, f.id, f.fields])).to.deep.equal([
      ['f1', 'coupon', [ref('Coupon')]],
      ['f2', 'card', [ref('Card number'), ref('Pay')]],
    ]);
    const paid = await act(res.body.session_id, [{ fill: { ref: ref('Card number'), value: '4242' } }, { click: { ref: ref('Pay') } }]);
    expect(paid.body.error).to.equal(null);
    expect(paid.body.page.markdown.content).to.contain('Paid 4242');
    const after = paid.body.page.interactive_elements as Element[];
    expect(after.find((e) => e.label === 'Card number')).to.include({ ref: ref('Card number'), value: '4242' });
    // By label and text too: the top document has no match, the frame has.
    const byText = await act(res.body.session_id, [{ fill: { label: 'Card number', value: '5555' } }, { click: { text: 'Pay' } }]);
    expect(byText.body.error).to.equal(null);
    expect(byText.body.page.markdown.content).to.contain('Paid 5555');
    const missing = await act(res.body.session_id, [{ click: { text: 'Refund' } }]);
    expect(missing.body.error).to.include({ code: 'element_not_found' });
    // Gone with its iframe: its refs are element_not_found, not a click elsewhere.
    const removed = await act(res.body.session_id, [{ execute_js: { code: "document.getElementById('pay').remove()" } }, { click: { ref: ref('Pay') } }]);
    expect(removed.body.error).to.include({ code: 'element_not_found', step: 1 });
    expect((removed.body.page.interactive_elements as Element[]).map((e) => e.label)).to.deep.equal(['Coupon', 'Before', 'After']);
  });

  it('numbers the controls of several cross-origin frames without a number twice, keeps them, and numbers what they add', async () => {
    type Element = { ref: string; label: string };
    const res = await create({ url: t.site.url('/two-frames') });
    expect(res.body.error).to.equal(null);
    const first = res.body.page.interactive_elements as Element[];
    expect(first.map((e) => e.label)).to.deep.equal(['Top', 'one first', 'one second', 'two first', 'two second']);
    expect(new Set(first.map((e) => e.ref)).size).to.equal(5);
    const id = res.body.session_id;
    const again = await act(id, [{ observe: {} }]);
    expect((again.body.page.interactive_elements as Element[]).map((e) => [e.label, e.ref])).to.deep.equal(first.map((e) => [e.label, e.ref]));
    // Each frame gets a new button: both are new, so each needs a number no other element has had.
    const grown = await act(id, [
      { execute_js: { code: "for (const f of document.querySelectorAll('iframe')) f.contentWindow.postMessage('added', '*')" } },
      { wait: { ms: 500 } },
      { observe: {} },
    ]);
    expect(grown.body.error).to.equal(null);
    const now = grown.body.page.interactive_elements as Element[];
    expect(now.map((e) => e.label)).to.deep.equal(['Top', 'one first', 'one second', 'one added', 'two first', 'two second', 'two added']);
    expect(new Set(now.map((e) => e.ref)).size).to.equal(7);
    const highest = Math.max(...first.map((e) => Number(e.ref.slice(1))));
    for (const label of ['one added', 'two added']) expect(Number(now.find((e) => e.label === label)!.ref.slice(1))).to.be.greaterThan(highest);
    const clicked = await act(id, [{ click: { ref: now.find((e) => e.label === 'two added')!.ref } }]);
    expect(clicked.body.error).to.equal(null);
    // An iframe put back in the document is a new frame: its controls are found and numbered anew.
    const moved = await act(id, [{ execute_js: { code: "const f = document.getElementById('one'); f.remove(); document.body.append(f)" } }, { wait: { ms: 500 } }, { observe: {} }]);
    expect(moved.body.error).to.equal(null);
    const after = moved.body.page.interactive_elements as Element[];
    expect(after.map((e) => e.label)).to.deep.equal(['Top', 'two first', 'two second', 'two added', 'one first', 'one second']);
    expect(new Set(after.map((e) => e.ref)).size).to.equal(6);
    expect(after.find((e) => e.label === 'one first')!.ref).to.not.equal(first.find((e) => e.label === 'one first')!.ref);
  });

  it('observes and acts on a page whose Content-Security-Policy forbids scripts and eval', async () => {
    const res = await create({ url: t.site.url('/strict') });
    expect(res.body.error).to.equal(null);
    expect(res.body.page.markdown.content).to.contain('Nothing of its own runs here.');
    expect(res.body.page.interactive_elements.map((e: { label: string }) => e.label)).to.deep.equal(['Press', 'Name']);
    const acted = await act(res.body.session_id, [{ fill: { label: 'Name', value: 'Ada' } }, { scroll: { to: 'bottom' } }, { extract: { heading: 'h1 >> text', title: 'js >> document.title' } }]);
    expect(acted.body.error).to.equal(null);
    expect(acted.body.extraction).to.deep.equal({ heading: 'Locked down', title: 'Strict' });
    expect(acted.body.page.interactive_elements.find((e: { label: string }) => e.label === 'Name').value).to.equal('Ada');
  });

  it('waits for late content before observing, and says the page is stable', async () => {
    const res = await create({ url: t.site.url('/late') });
    expect(res.body.page.markdown.content).to.contain('Loaded late content');
    expect(res.body.page.stable).to.equal(true);
  });

  it('acts on a ref as the element it was, and says so at once when it went away', async () => {
    const res = await create({ url: t.site.url('/dynamic') });
    expect(res.body.page.interactive_elements[1]).to.include({ ref: 'e2', label: 'Beta' });
    const clicked = await act(res.body.session_id, [{ click: { ref: 'e2' } }]);
    expect(clicked.body.error).to.equal(null);
    // The element is removed by a script after the observation: no 5 s auto-wait for it to come back.
    const started = Date.now();
    const gone = await act(res.body.session_id, [{ execute_js: { code: "document.querySelectorAll('button')[1].remove()" } }, { click: { ref: 'e2' } }]);
    expect(gone.body.error).to.include({ step: 1, code: 'element_not_found' });
    // The candidates offer the other elements, not the ref that just failed.
    expect(gone.body.error.context.candidates.map((c: { ref: string }) => c.ref)).to.deep.equal(['e1']);
    expect(Date.now() - started).to.be.below(3_000);
  });

});
