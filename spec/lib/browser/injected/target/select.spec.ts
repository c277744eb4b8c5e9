import { expect } from 'chai';
import { PROGRAM_KEY } from '../../../../../lib/browser/injected/names.js';
import { harnessSuite } from '../walk/harness.js';

// The walker's plain select (lib/browser/injected/target/act.ts chooseInSelect), asked by ref as the select
// step asks it: what it chooses, what it leaves to Playwright, and what the page sees.

const SELECTS = `
  <label>Size <select id="size"><option value="s">Small</option><option value="m">  Medium  size </option><option value="l" disabled>Large</option></select></label>
  <label>Twins <select id="twins"><option value="x">Alpha</option><option value="x">Beta</option></select></label>
  <label>Toppings <select id="toppings" multiple><option value="ham" selected>Ham</option><option value="chi">Chili</option><option value="pin">Pineapple</option></select></label>
  <label>Off <select id="off" disabled><option value="a">A</option></select></label>
  <label>Later <select id="later"><option value="a">A</option><option value="b">B</option></select></label>
  <label>Name <input id="name"></label>
  <script>
    window.log = [];
    for (const el of document.querySelectorAll('select')) {
      el.addEventListener('input', (e) => log.push(el.id + ':input:' + e.bubbles + ':' + e.composed));
      el.addEventListener('change', (e) => log.push(el.id + ':change:' + e.bubbles));
    }
  </script>`;

describe('the walker\'s plain select', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  /** Walks the page and answers the ref of each control by its id. */
  async function refs(): Promise<Record<string, string>> {
    await h.walk({ scope: 'body' });
    return h.page.evaluate((key) => {
      const api = (globalThis as unknown as Record<symbol, { resolve(r: string): { element: Element } | null }>)[Symbol.for(key)]!;
      const found: Record<string, string> = {};
      for (let n = 1; n < 50; n++) {
        const el = api.resolve(`e${n}`)?.element;
        if (el?.id) found[el.id] = `e${n}`;
      }
      return found;
    }, PROGRAM_KEY);
  }

  const choose = (ref: string, wanted: string[], many: boolean) =>
    h.page.evaluate(
      ({ key, ref, wanted, many }) =>
        (globalThis as unknown as Record<symbol, { chooseOptions(r: string, w: string[], m: boolean): unknown }>)[Symbol.for(key)]!.chooseOptions(ref, wanted, many),
      { key: PROGRAM_KEY, ref, wanted, many },
    );
  const state = () =>
    h.page.evaluate(() => ({
      log: (window as unknown as { log: string[] }).log.splice(0),
      chosen: Object.fromEntries([...document.querySelectorAll('select')].map((s) => [s.id, [...s.selectedOptions].map((o) => o.text)])),
    }));

  it('chooses by value, else by text with case and spacing ignored, firing input then change as a person\'s choice does', async () => {
    await h.load(SELECTS);
    const ref = await refs();
    expect(await choose(ref.size!, ['m'], false)).to.deep.equal({ state: 'chosen' });
    expect(await state()).to.deep.include({ log: ['size:input:true:true', 'size:change:true'] });
    expect(await choose(ref.size!, ['small'], false)).to.deep.equal({ state: 'chosen' });
    expect(await choose(ref.twins!, ['medium SIZE'], false)).to.deep.include({ state: 'missing' });
    expect(await choose(ref.size!, ['medium SIZE'], false)).to.deep.equal({ state: 'chosen' });
    // Of two options holding one value, the one named by its text is chosen, not the first of the value.
    expect(await choose(ref.twins!, ['beta'], false)).to.deep.equal({ state: 'chosen' });
    const { chosen } = await state();
    expect(chosen.size).to.deep.equal(['Medium size']);
    expect(chosen.twins).to.deep.equal(['Beta']);
  });

  it('chooses exactly the listed options of a multiple select, none for an empty list', async () => {
    await h.load(SELECTS);
    const ref = await refs();
    expect(await choose(ref.toppings!, ['pin', 'Chili'], true)).to.deep.equal({ state: 'chosen' });
    expect((await state()).chosen.toppings).to.deep.equal(['Chili', 'Pineapple']);
    expect(await choose(ref.toppings!, [], true)).to.deep.equal({ state: 'chosen' });
    expect((await state()).chosen.toppings).to.deep.equal([]);
  });

  it('answers what the step reports, changing nothing: an array for a single select, an option it does not offer', async () => {
    await h.load(SELECTS);
    const ref = await refs();
    expect(await choose(ref.size!, ['s', 'm'], true)).to.deep.equal({ state: 'single' });
    expect(await choose(ref.toppings!, ['chi', 'anchovies'], true)).to.deep.equal({ state: 'missing', wanted: 'anchovies', values: ['ham', 'chi', 'pin'] });
    expect(await state()).to.deep.equal({ log: [], chosen: { size: ['Small'], twins: ['Alpha'], toppings: ['Ham'], off: ['A'], later: ['A'] } });
  });

  it('leaves to Playwright a disabled select or option, one that does not show, and anything but a <select>', async () => {
    await h.load(SELECTS);
    const ref = await refs();
    // Shown when walked, hidden since.
    await h.page.evaluate(() => void (document.getElementById('later')!.style.visibility = 'hidden'));
    for (const [id, wanted] of [['size', 'l'], ['off', 'a'], ['name', 'a'], ['later', 'b']] as const) {
      expect(await choose(ref[id]!, [wanted], false), id).to.deep.equal({ state: 'slow' });
    }
    expect((await state()).log).to.deep.equal([]);
    expect(await choose('e999', ['a'], false)).to.deep.equal({ state: 'gone' });
  });
});
