import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

// click, fill and select act through the walker when the element is ready at once (lib/browser/act/targeting/located.ts):
// these pin what that path must keep of Playwright's own actions.

/** A button that a cover slides over as the mouse arrives, and leaves 400 ms later. */
const MOVING_COVER = html(
  'Moving cover',
  `<main><h1>Moving cover</h1>
  <button id="go" style="position:absolute;left:40px;top:120px;width:160px;height:40px">Go ahead</button>
  <div id="cover" style="display:none;position:absolute;left:0;top:100px;width:400px;height:100px;background:#eee">cover</div>
  <script>
    window.log = [];
    const cover = document.getElementById('cover');
    document.getElementById('go').addEventListener('click', () => log.push('go'));
    cover.addEventListener('click', () => log.push('cover'));
    addEventListener('pointermove', () => {
      if (cover.dataset.shown) return;
      cover.dataset.shown = '1';
      cover.style.display = 'block';
      setTimeout(() => { cover.style.display = 'none'; }, 400);
    });
  </script></main>`,
);

/** Fields that log their input and change events. */
const FIELDS = html(
  'Plain fields',
  `<main><h1>Plain fields</h1>
  <label>Name <input id="name" value="old name"></label>
  <label>Notes <textarea id="notes">line one
line two</textarea></label>
  <label>Later <input id="later" disabled></label>
  <button id="enable">Enable later</button>
  <script>
    window.log = [];
    for (const el of document.querySelectorAll('input, textarea')) {
      el.addEventListener('input', () => log.push(el.id + ':input'));
      el.addEventListener('change', () => log.push(el.id + ':change'));
    }
    document.getElementById('enable').addEventListener('click', () => setTimeout(() => { document.getElementById('later').disabled = false; }, 400));
  </script></main>`,
);

/** A select that submits its form when changed, and one that is enabled a moment after a click. */
const SELECTS = html(
  'Plain selects',
  `<main><h1>Plain selects</h1>
  <form action="/sorted"><label>Sort by <select name="sort" onchange="this.form.submit()"><option value="new">Newest</option><option value="price">Price</option></select></label></form>
  <label>Later <select id="later" disabled><option value="a">A</option><option value="b">B</option><option value="b">Bee</option></select></label>
  <button id="enable">Enable later</button>
  <script>
    window.log = [];
    const later = document.getElementById('later');
    later.addEventListener('input', () => log.push('later:input'));
    later.addEventListener('change', () => log.push('later:change'));
    document.getElementById('enable').addEventListener('click', () => setTimeout(() => { later.disabled = false; }, 400));
  </script></main>`,
);

describe('click, fill and select without Playwright\'s injected script', function () {
  this.timeout(60_000);
  const t = browserSuite({
    '/cover': { body: MOVING_COVER },
    '/fields': { body: FIELDS },
    '/selects': { body: SELECTS },
    '/sorted': { body: html('Sorted', '<main><h1>Sorted</h1><p>The list, sorted.</p></main>') },
  });
  const readLog = { execute_js: { code: 'return window.log', result_key: 'log' } };
  const values = { execute_js: { code: 'return [...document.querySelectorAll("input, textarea")].map((el) => el.value)', result_key: 'values' } };

  it('stops a click that lands on something that moved over the element, and clicks the element once it shows again', async () => {
    const first = await t.create({ url: t.site.url('/cover') });
    const id = first.body.session_id as string;
    const res = await t.act(id, [{ click: { text: 'Go ahead' } }, readLog]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    // The page never saw the stray click on the cover; Playwright's click waited for the cover to leave.
    expect(res.body.extraction.log).to.deep.equal(['go']);
  });

  it('replaces a field\'s whole content, firing input and then change once each', async () => {
    const first = await t.create({ url: t.site.url('/fields') });
    const id = first.body.session_id as string;
    const res = await t.act(id, [{ fill: { label: 'Name', value: 'Ada Lovelace' } }, readLog, values]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.extraction.values[0]).to.equal('Ada Lovelace');
    expect(res.body.extraction.log).to.deep.equal(['name:input', 'name:change']);
  });

  it('replaces a textarea\'s lines and clears a field with an empty value', async () => {
    const first = await t.create({ url: t.site.url('/fields') });
    const id = first.body.session_id as string;
    const res = await t.act(id, [{ fill: { label: 'Notes', value: 'first\nsecond' } }, { fill: { label: 'Name', value: '' } }, values]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.extraction.values.slice(0, 2)).to.deep.equal(['', 'first\nsecond']);
  });

  it('waits for a field that is disabled when the step starts, as Playwright does', async () => {
    const first = await t.create({ url: t.site.url('/fields') });
    const id = first.body.session_id as string;
    const res = await t.act(id, [{ click: { text: 'Enable later' } }, { fill: { label: 'Later', value: 'in time' } }, values]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.extraction.values[2]).to.equal('in time');
  });

  it('follows the navigation a select\'s change starts, and answers the new page', async () => {
    const first = await t.create({ url: t.site.url('/selects') });
    const id = first.body.session_id as string;
    const res = await t.act(id, [{ select: { label: 'Sort by', value: 'Price' } }]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.page.url).to.equal(t.site.url('/sorted?sort=price'));
    expect(res.body.page.markdown.content).to.include('The list, sorted.');
  });

  it('waits for a select that is disabled when the step starts, chooses the option named by its text among two of one value, and fires input and change once each', async () => {
    const first = await t.create({ url: t.site.url('/selects') });
    const id = first.body.session_id as string;
    const chosen = { execute_js: { code: 'return [document.getElementById("later").selectedIndex, window.log]', result_key: 'later' } };
    const res = await t.act(id, [{ click: { text: 'Enable later' } }, { select: { label: 'Later', value: 'bee' } }, chosen]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.extraction.later).to.deep.equal([2, ['later:input', 'later:change']]);
  });
});
