import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { CASES, NESTED } from '../fixtures/acting/pages.js';

type Element = { ref: string; label: string };

describe('what steps do to controls (issue 13)', function () {
  this.timeout(120_000);
  const t = browserSuite({ '/nested': { body: NESTED }, '/cases': { body: CASES } });
  const { create, act } = t;
  const readLog = { execute_js: { code: 'return window.log', result_key: 'log' } };

  /** Opens `path`, runs `steps`, and answers the step error and what the page logged. */
  async function run(path: string, steps: (elements: Element[]) => unknown[]) {
    const first = await create({ url: t.site.url(path) });
    expect(first.body.error).to.equal(null);
    const id = first.body.session_id as string;
    const res = await act(id, steps(first.body.page.interactive_elements as Element[]));
    const read = await act(id, [readLog]);
    return { error: res.body.error as { code: string; message: string; context: { reason?: string } } | null, log: read.body.extraction?.log as string[], res };
  }
  const refOf = (elements: Element[], label: string): string => {
    const found = elements.find((e) => e.label.startsWith(label));
    expect(found, `an element labelled ${label}`).to.not.equal(undefined);
    return found!.ref;
  };

  describe('click on a clickable nested inside another (class 6)', () => {
    it('clicks the inner item named by text, not the centre of its folder', async () => {
      const { error, log } = await run('/nested', () => [{ click: { text: 'Budget' } }]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(log).to.deep.equal(['item:Budget']);
    });

    it('clicks a row named by text where its text is, not the icon at its centre', async () => {
      const { error, log } = await run('/nested', () => [{ click: { text: 'Quarterly report' } }]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(log).to.deep.equal(['row']);
    });

    it('clicks the folder and the row by ref on their own surface, not on a control inside them', async () => {
      const { error, log } = await run('/nested', (elements) => [{ click: { ref: refOf(elements, 'Projects') } }, { click: { ref: refOf(elements, 'Alice') } }]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(log).to.deep.equal(['folder', 'row']);
    });

    it('fails with action_failed naming the inner controls when every point of the element is one of them', async () => {
      const { error, log } = await run('/nested', (elements) => [{ click: { ref: refOf(elements, 'Yes please') } }]);
      expect(error?.code).to.equal('action_failed');
      expect(error?.context.reason).to.equal('covered');
      expect(error?.message, error?.message).to.match(/another control inside it .*Yes please.*No thanks/);
      expect(log).to.deep.equal([]);
    });
  });

  describe('text targeting and case (class 11)', () => {
    it('prefers the match written in the same case, then ignores case', async () => {
      const { error, log } = await run('/cases', () => [{ click: { text: 'ok' } }, { click: { text: 'Ok' } }, { click: { text: 'OK' } }, { click: { text: 'save' } }, { click: { text: 'Save' } }, { click: { text: 'SAVE D' } }]);
      expect(error, JSON.stringify(error)).to.equal(null);
      // An exact match of any case comes before a prefix: "Save" is the link "save", not "Save draft".
      expect(log).to.deep.equal(['ok', 'Ok', 'Ok', 'save', 'save', 'Save draft']);
    });
  });
});
