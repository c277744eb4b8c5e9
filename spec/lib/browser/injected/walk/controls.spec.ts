import { expect } from 'chai';
import { PROGRAM_KEY } from '../../../../../lib/browser/injected/names.js';
import { controlPage } from '../../../../support/control-pages.js';
import { harnessSuite } from './harness.js';

// Issue 13's control classes, each on its reproduction page (spec/fixtures/controls).
describe('PageApi#walk() controls (issue 13)', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  /** `click {text}` as the click step finds it: the ref of the match, or null. */
  const findText = (value: string) =>
    h.page.evaluate(
      ({ key, value }) => {
        const api = (globalThis as unknown as Record<symbol, { find(q: unknown): { ref: string | null } }>)[Symbol.for(key)]!;
        return api.find({ by: 'text', value, purpose: 'click', nextRef: 1000 }).ref;
      },
      { key: PROGRAM_KEY, value },
    );

  /** The id of the element a ref stands for. */
  const idOf = (ref: string) =>
    h.page.evaluate(
      ({ key, ref }) => {
        const api = (globalThis as unknown as Record<symbol, { resolve(r: string): { element: Element } | null }>)[Symbol.for(key)]!;
        const found = api.resolve(ref);
        return found ? found.element.id || found.element.className || (found.element.textContent ?? '').trim() : null;
      },
      { key: PROGRAM_KEY, ref },
    );

  it('lists click-listener spans whose pointer cursor comes only with :hover, and finds them by text (class 5)', async () => {
    await h.load(controlPage('hover-cursor'));
    const { elements } = await h.walk({ scope: 'body' });
    expect(elements.map((e) => [e.role, e.label])).to.deep.equal([
      ['button', 'Like'],
      ['button', 'Share'],
      ['button', 'Reply'],
      ['button', 'Like'],
      ['button', 'Share'],
      ['button', 'Reply'],
    ]);
    const ref = await findText('Share');
    expect(ref).to.be.a('string');
    expect(await idOf(ref!)).to.equal('action share');
  });

  it('lists a clickable nested in a clickable with its own ref: tree items in a folder, a star in an inbox row (class 6)', async () => {
    await h.load(controlPage('nested'));
    const { elements } = await h.walk({ scope: 'body' });
    const listed = await Promise.all(elements.map(async (e) => [await idOf(e.ref), e.label]));
    expect(listed).to.deep.equal([
      ['docs', 'Documents Report.pdf Notes.txt'],
      ['report', 'Report.pdf'],
      ['notes', 'Notes.txt'],
      ['m1', 'Alice Lunch on Friday?'],
      ['star1', 'Star'],
      ['m2', 'Bob Quarterly report'],
      ['star2', 'Star'],
    ]);
    expect(await idOf((await findText('Notes.txt'))!)).to.equal('notes');
  });

  it('lists the items of a list whose click handler sits on the list, and finds them by text (class 7)', async () => {
    await h.load(controlPage('delegated'));
    const { elements } = await h.walk({ scope: 'body' });
    expect(elements.map((e) => [e.tag, e.role, e.label])).to.deep.equal([
      ['input', 'textbox', 'Country'],
      ['li', 'listitem', 'Ecuador'],
      ['li', 'listitem', 'Egypt'],
      ['li', 'listitem', 'Estonia'],
      ['div', 'listbox', 'Cities'],
    ]);
    const ref = await findText('Egypt');
    expect(ref).to.be.a('string');
    await h.page.click(`text=Egypt`);
    expect(await h.page.inputValue('#country')).to.equal('Egypt');
  });

  it('labels icon-only controls and gives them a clickable box while images are blocked (class 8)', async () => {
    await h.page.route(/\.(png|svg|gif)$/, (route) => route.abort('blockedbyclient'));
    try {
      await h.load(controlPage('icons'));
      const { elements } = await h.walk({ scope: 'body' });
      expect(elements.map((e) => [e.tag, e.label])).to.deep.equal([
        ['span', 'close'],
        ['button', 'settings'],
        ['a', 'delete forever'],
        ['button', 'search'],
        ['button', 'star'],
        ['button', 'Next page'],
        ['button', 'Help'],
      ]);
      await h.page.click('#dismiss', { timeout: 2_000 });
      expect(await h.page.textContent('#log')).to.equal('dismissed');
      for (const id of ['gear', 'trash']) await h.page.click(`#${id}`, { trial: true, timeout: 2_000 });
    } finally {
      await h.page.unroute(/\.(png|svg|gif)$/);
    }
  });

  it('gives selects and listboxes their options, with values and what is selected (class 9)', async () => {
    await h.load(controlPage('options'));
    const { elements } = await h.walk({ scope: 'body' });
    expect(elements.map(({ role, label, multiple, options }) => ({ role, label, multiple, options }))).to.deep.equal([
      {
        role: 'listbox',
        label: 'Toppings',
        multiple: true,
        options: [
          { value: 'ham', label: 'Ham', selected: true },
          { value: 'olive', label: 'Olives', selected: false },
          { value: 'mush', label: 'Mushrooms', selected: true },
          { value: 'pine', label: 'Pineapple', selected: false },
        ],
      },
      // A list box shows its options: each is clicked where it stands.
      { role: 'option', label: 'Ham', multiple: undefined, options: undefined },
      { role: 'option', label: 'Olives', multiple: undefined, options: undefined },
      { role: 'option', label: 'Mushrooms', multiple: undefined, options: undefined },
      { role: 'option', label: 'Pineapple', multiple: undefined, options: undefined },
      {
        role: 'combobox',
        label: 'Size',
        multiple: undefined,
        options: [
          { value: 's', label: 'Small', selected: false },
          { value: 'm', label: 'Medium', selected: true },
          { value: 'l', label: 'Large', selected: false },
        ],
      },
      {
        role: 'listbox',
        label: 'Colour',
        multiple: true,
        options: [
          { value: 'red', label: 'Red', selected: true },
          { value: 'blue', label: 'Blue', selected: false },
        ],
      },
      { role: 'option', label: 'Red', multiple: undefined, options: undefined },
      { role: 'option', label: 'Blue', multiple: undefined, options: undefined },
    ]);
  });

  it('gives real ARIA roles only, and the input type, disabled, checked, expanded, selected and required states (class 12)', async () => {
    await h.load(controlPage('roles'));
    const { elements } = await h.walk({ scope: 'body' });
    const seen = elements.map(({ ref: _ref, in: _in, near: _near, form: _form, ...rest }) => rest);
    expect(seen).to.deep.equal([
      { tag: 'input', role: 'textbox', label: 'Password', input_type: 'password', required: true },
      { tag: 'input', role: 'textbox', label: 'Birthday', input_type: 'date' },
      { tag: 'input', role: 'textbox', label: 'Alarm', input_type: 'time' },
      { tag: 'input', role: 'spinbutton', label: 'Age', input_type: 'number' },
      { tag: 'input', role: 'checkbox', label: 'Newsletter', input_type: 'checkbox', value: 'checked', checked: true },
      { tag: 'button', role: 'button', label: 'Save', disabled: true },
      { tag: 'button', role: 'button', label: 'Options', expanded: false },
      { tag: 'div', role: 'tab', label: 'Profile', selected: true },
      { tag: 'div', role: 'tab', label: 'Billing', selected: false },
      { tag: 'li', role: 'treeitem', label: 'Projects', expanded: false },
      { tag: 'li', role: 'treeitem', label: 'Readme' },
      { tag: 'div', role: 'button', label: 'Open dashboard' },
      { tag: 'div', role: 'textbox', label: 'Comment' },
    ]);
    const tags = new Set(['div', 'span', 'input', 'li', 'generic']);
    expect(elements.filter((e) => tags.has(e.role))).to.deep.equal([]);
  });

  it('renders a two-column table without header cells as key: value lines, not flat paragraphs (class 12)', async () => {
    await h.load(controlPage('table'));
    expect(await h.markdown()).to.equal('# Trail shoe\n\nA light shoe for dry trails.\n\nWeight: 280 g\nDrop: 6 mm\nSizes: 38 to 47');
  });

  it('puts each control\'s ref where it stands with controlsInPlace, so unlabelled fields are told apart by their place', async () => {
    await h.load(controlPage('in-place'));
    await h.page.fill('#question', 'Opening hours?');
    const placed = await h.walk({ scope: 'body', controlsInPlace: true });
    expect(placed.content).to.equal(
      '# Contact us\n\nYour e-mail address:\n\n[e1: textbox]\n\nYour question:\n\n[e2: textbox = "Opening hours?"]\n\nWe answer within a day. [e3: button "Send"]',
    );
    expect(placed.elements.map((e) => e.ref)).to.deep.equal(['e1', 'e2', 'e3']);
    const listed = await h.walk({ scope: 'body', nextRef: placed.nextRef });
    expect(listed.content).to.equal('# Contact us\n\nYour e-mail address:\n\nYour question:\n\nWe answer within a day. Send');
    expect(listed.elements).to.deep.equal(placed.elements);
  });

  it('labels a control with its words as shown, not joined across inline pieces, and never with a hashed file name', async () => {
    await h.load(`
      <a href="/t">Twitter<span> (@mozilla)</span></a>
      <button><img src="/img/3f9a8c7d2e1b44.png" alt=""></button>
      <button><img src="/img/arrow-left.png" alt=""></button>`);
    const { elements } = await h.walk({ scope: 'body', includeLinks: true });
    expect(elements.map((e) => e.label)).to.deep.equal(['Twitter (@mozilla)', '', 'arrow left']);
  });

  it('lists the shown controls of an aria-hidden region, not one its container clips away, and none while a modal dialog covers the page', async () => {
    await h.load(`
      <nav aria-hidden="true"><button>Menu</button><a href="/news">News</a></nav>
      <div style="overflow:hidden;height:20px;position:relative"><p>Text</p><div aria-hidden="true" style="position:absolute;top:40px"><button>Parked</button></div></div>
      <div role="dialog" aria-modal="true" aria-label="Sign in" style="display:none"><button>Close</button></div>`);
    expect((await h.walk({ scope: 'body', includeLinks: true })).elements.map((e) => e.label)).to.deep.equal(['Menu', 'News']);
    await h.page.evaluate(() => (document.querySelector('[role=dialog]') as HTMLElement).style.removeProperty('display'));
    expect((await h.walk({ scope: 'body', includeLinks: true })).elements.map((e) => e.label)).to.deep.equal(['Close']);
  });
});
