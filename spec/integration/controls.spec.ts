import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { controlPage, controlPages } from '../support/control-pages.js';

interface Element {
  ref: string;
  role: string;
  label: string;
  value?: string;
}

// Issue 13's control pages (spec/fixtures/controls) through the API: what an agent reads and acts on.
describe('POST /v1/sessions/:id/act on control pages (issue 13)', function () {
  this.timeout(60_000);
  const t = browserSuite(Object.fromEntries(controlPages().map((name) => [`/${name}`, { body: controlPage(name) }])));
  const { create, act } = t;

  it('writes controls in place in the markdown by default, and as text alone with controls: list', async () => {
    const created = await create({ url: t.site.url('/in-place') });
    const placed = created.body.page;
    expect(placed.markdown.content).to.contain('Your e-mail address:\n\n[e1: textbox]\n\nYour question:\n\n[e2: textbox]');
    expect(placed.markdown.content).to.contain('We answer within a day. [e3: button "Send"]');
    const listed = (await act(created.body.session_id, [{ observe: { controls: 'list' } }])).body.page;
    expect(listed.markdown.content).to.not.match(/\[e\d+:/);
    expect(listed.interactive_elements).to.deep.equal(placed.interactive_elements);
    const bad = await act(created.body.session_id, [{ observe: { controls: 'inline' } }]);
    expect(bad.status).to.equal(400);
    expect(bad.body.error.context.path).to.equal('steps[0].observe.controls');
  });

  it('clicks an autocomplete suggestion whose handler sits on the list by its text', async () => {
    const created = await create({ url: t.site.url('/delegated') });
    const res = await act(created.body.session_id, [{ click: { text: 'Egypt' } }]);
    expect(res.body.error).to.equal(null);
    const field = (res.body.page.interactive_elements as Element[]).find((e) => e.label === 'Country');
    expect(field?.value).to.equal('Egypt');
  });

  it('clicks a feed\'s Share span whose pointer cursor comes only with :hover', async () => {
    const created = await create({ url: t.site.url('/hover-cursor') });
    const res = await act(created.body.session_id, [{ click: { text: 'Share' } }, { observe: { mode: 'full' } }]);
    expect(res.body.error).to.equal(null);
    expect(res.body.page.markdown.content).to.contain('action share on p1');
  });

  it('labels an icon drawn by a blocked image and clicks it by ref', async () => {
    const created = await create({ url: t.site.url('/icons'), block_resources: ['image'] });
    const close = (created.body.page.interactive_elements as Element[]).find((e) => e.label === 'close');
    expect(close).to.include({ role: 'button' });
    const res = await act(created.body.session_id, [{ click: { ref: close!.ref } }, { observe: { mode: 'full' } }]);
    expect(res.body.error).to.equal(null);
    expect(res.body.page.markdown.content).to.contain('dismissed');
  });

  it('clicks an icon by the label it is listed with when no text on the page reads so', async () => {
    const created = await create({ url: t.site.url('/icons'), block_resources: ['image'] });
    const res = await act(created.body.session_id, [{ click: { text: 'close' } }, { observe: { mode: 'full' } }]);
    expect(res.body.error).to.equal(null);
    expect(res.body.page.markdown.content).to.contain('dismissed');
  });
});
