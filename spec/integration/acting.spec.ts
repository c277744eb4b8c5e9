import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { CASES, FIELDS, LISTBOXES, NESTED, SELECTS } from '../fixtures/acting/pages.js';
import { controlPage } from '../support/control-pages.js';

type Element = { ref: string; label: string };

describe('what steps do to controls (issue 13)', function () {
  this.timeout(120_000);
  const t = browserSuite({
    '/nested': { body: NESTED }, '/cases': { body: CASES }, '/fields': { body: FIELDS }, '/selects': { body: SELECTS }, '/listboxes': { body: LISTBOXES },
    '/tree': { body: controlPage('folder-tree') }, '/icons': { body: controlPage('css-icons') },
    ...Object.fromEntries(['share', 'bookmark'].map((name) => [`/icons/${name}.svg`, { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="19"><rect width="16" height="19"/></svg>' }])),
  });
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
    expect(found, `an element labelled ${label} among ${elements.map((e) => e.label).join(' | ')}`).to.not.equal(undefined);
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

    it('clicks the folder and the rows (one in a shadow tree) by ref on their own surface, not on a control inside them', async () => {
      const { error, log } = await run('/nested', (elements) => [
        { click: { ref: refOf(elements, 'Projects') } },
        { click: { ref: refOf(elements, 'Alice') } },
        { click: { ref: refOf(elements, 'Bob') } },
      ]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(log).to.deep.equal(['folder', 'row', 'shadow row']);
    });

    it('fails with action_failed naming the inner controls when every point of the element is one of them', async () => {
      // Its visually hidden label keeps it listed: a wrapper that says nothing but its controls is left out of the list.
      const { error, log } = await run('/nested', (elements) => [{ click: { ref: refOf(elements, 'Yes please No thanks') } }]);
      expect(error?.code).to.equal('action_failed');
      expect(error?.context.reason).to.equal('covered');
      expect(error?.message, error?.message).to.match(/another control inside it .*Yes please.*No thanks/);
      expect(log).to.deep.equal([]);
    });

    it('clicks a button whose centre another box covers where the button shows', async () => {
      const { error, log } = await run('/nested', () => [{ click: { text: 'Half hidden' } }]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(log).to.deep.equal(['half']);
    });
  });

  describe('click on a control drawn by CSS or made of other controls (issue 33)', () => {
    it('clicks a folder item by ref on its name, where every part of it is another control (its toggle, its name)', async () => {
      const { error, log } = await run('/tree', (elements) => [{ click: { ref: refOf(elements, 'Documents') } }, { click: { ref: refOf(elements, 'Inbox') } }]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(log).to.deep.equal(['name:Documents', 'select:docs', 'name:Inbox', 'select:inbox']);
    });

    it('clicks by ref a link whose only content is an icon drawn on a ::before, and one shown by its floated icon', async () => {
      const first = await create({ url: t.site.url('/icons'), steps: [{ observe: { include_links: true } }] });
      const id = first.body.session_id as string;
      const elements = first.body.page.interactive_elements as Element[];
      const hash = (key: string) => ({ execute_js: { code: 'return location.hash', result_key: key } });
      const res = await act(id, [{ click: { ref: refOf(elements, 'share') } }, hash('first'), { click: { ref: refOf(elements, 'bookmark') } }, hash('second')]);
      expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
      expect(res.body.extraction).to.deep.equal({ first: '#share', second: '#bookmark' });
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

  describe('fill reads the value back and takes written dates, times and numbers (class 10)', () => {
    const values = { execute_js: { code: 'return Object.fromEntries([...document.querySelectorAll("input")].map((i) => [i.getAttribute("aria-label"), i.value]))', result_key: 'values' } };
    async function fill(steps: unknown[]) {
      const first = await create({ url: t.site.url('/fields') });
      const id = first.body.session_id as string;
      const res = await act(id, steps);
      const read = await act(id, [values]);
      return { error: res.body.error as { code: string; message: string; context: { reason?: string } } | null, values: read.body.extraction?.values as Record<string, string> };
    }

    it('converts what people write to the format of date, time, month, week and number inputs, by the page language', async () => {
      const { error, values: got } = await fill([
        { fill: { label: 'Start date', value: '09/10/2012' } },
        { fill: { label: 'Start time', value: '2:30 pm' } },
        { fill: { label: 'Meeting', value: 'September 10, 2012 at 9:05 am' } },
        { fill: { label: 'Card expiry', value: '09/2027' } },
        { fill: { label: 'Week', value: '10 Sep 2012' } },
        { fill: { label: 'Amount', value: '1,234.5' } },
        { fill: { label: 'UK date', value: '09/10/2012' } },
        { fill: { label: 'UK amount', value: '-7' } },
        { fill: { label: 'German amount', value: '1.234,5' } },
      ]);
      expect(error, JSON.stringify(error)).to.equal(null);
      expect(got).to.include({
        'Start date': '2012-09-10', 'Start time': '14:30', Meeting: '2012-09-10T09:05', 'Card expiry': '2027-09', Week: '2012-W37', Amount: '1234.5',
        'UK date': '2012-10-09', 'UK amount': '-7', 'German amount': '1234.5',
      });
    });

    it('fails with action_failed saying which format a field wants when it cannot read the text', async () => {
      const { error, values: got } = await fill([{ fill: { label: 'Start date', value: 'next Tuesday' } }]);
      expect(error?.code).to.equal('action_failed');
      expect(error?.context.reason).to.equal('unreadable_value');
      expect(error?.message).to.match(/"next Tuesday" cannot be read for this date field; it wants a date such as 2012-09-10.*09\/10\/2012 \(month first\)/);
      expect(got['Start date']).to.equal('');
    });

    it('fails with action_failed when the field becomes disabled mid-fill, a script empties it or puts back its old value, or it cuts the text', async () => {
      const cases: Array<[string, string, RegExp]> = [
        ['Locked', 'disabled', /became disabled and did not take "secret"/],
        ['Coupon', 'value_rejected', /did not keep the value: "SAVE10" did not take \(it is empty\)/],
        ['Quantity', 'value_rejected', /put back its previous value: "ten" did not take \(it reads "1"\)/],
        ['Code', 'value_rejected', /takes at most 4 characters and cut "ABCDEF" \(it reads "ABCD"\)/],
      ];
      const values: Record<string, string> = { Locked: 'secret', Coupon: 'SAVE10', Quantity: 'ten', Code: 'ABCDEF' };
      for (const [label, reason, message] of cases) {
        const value = values[label]!;
        const { error } = await fill([{ fill: { label, value } }]);
        expect(error?.code, label).to.equal('action_failed');
        expect(error?.context.reason, label).to.equal(reason);
        expect(error?.message, label).to.match(message);
      }
    });

    it('accepts a value the page reformats (an input mask), and reads back in fill_form too', async () => {
      const masked = await fill([{ fill: { label: 'Phone', value: '5551234567' } }, { fill_form: { fields: { 'Start date': '10 Sep 2012', Amount: '25' } } }]);
      expect(masked.error, JSON.stringify(masked.error)).to.equal(null);
      expect(masked.values).to.include({ Phone: '(555) 123-4567', 'Start date': '2012-09-10', Amount: '25' });
      const reset = await fill([{ fill_form: { fields: { 'Start time': '9 pm', Coupon: 'SAVE10' } } }]);
      expect(reset.error?.code).to.equal('action_failed');
      expect(reset.error?.context.reason).to.equal('value_rejected');
      expect(reset.error?.message).to.match(/^fill of "Coupon" failed: /);
      expect(reset.values['Start time']).to.equal('21:00');
    });
  });

  describe('select with several options on a <select multiple> (class 9)', () => {
    const chosen = { execute_js: { code: 'return [...document.querySelectorAll("select")].map((s) => [...s.selectedOptions].map((o) => o.value))', result_key: 'chosen' } };
    async function select(steps: unknown[]) {
      const first = await create({ url: t.site.url('/selects') });
      const id = first.body.session_id as string;
      const res = await act(id, steps);
      const read = await act(id, [chosen]);
      return { error: res.body.error as { code: string; message: string; context: Record<string, unknown> } | null, chosen: read.body.extraction?.chosen as string[][] };
    }

    it('chooses exactly the options listed, by value or text, and a second step replaces the choice', async () => {
      const once = await select([{ select: { label: 'Toppings', value: ['ham', 'Black Olives'] } }]);
      expect(once.error, JSON.stringify(once.error)).to.equal(null);
      expect(once.chosen[0]).to.deep.equal(['ham', 'oli']);
      const twice = await select([{ select: { label: 'Toppings', value: ['ham', 'mush'] } }, { select: { label: 'Toppings', value: ['chi', 'pin'] } }, { select: { label: 'Size', value: 'Large' } }]);
      expect(twice.error, JSON.stringify(twice.error)).to.equal(null);
      expect(twice.chosen).to.deep.equal([['pin', 'chi'], ['l']]);
      const none = await select([{ select: { label: 'Toppings', value: ['ham'] } }, { select: { label: 'Toppings', value: [] } }]);
      expect(none.chosen[0]).to.deep.equal([]);
    });

    it('chooses several options through fill_form too, and refuses an array for a single select at its field', async () => {
      const both = await select([{ fill_form: { fields: { Toppings: ['Chili', 'ham'], Size: 'Medium' } } }]);
      expect(both.error, JSON.stringify(both.error)).to.equal(null);
      expect(both.chosen).to.deep.equal([['ham', 'chi'], ['m']]);
      const array = await select([{ fill_form: { fields: { Size: ['s'] } } }]);
      expect(array.error?.code).to.equal('invalid_request');
      expect(array.error?.context).to.include({ path: 'fill_form.fields.Size' });
    });

    it('refuses an array for a select that is not multiple, naming the field, and an unknown option', async () => {
      const array = await select([{ select: { label: 'Size', value: ['s', 'm'] } }]);
      expect(array.error?.code).to.equal('invalid_request');
      expect(array.error?.context).to.include({ path: 'select.value' });
      expect(array.chosen[1]).to.deep.equal(['s']);
      const unknown = await select([{ select: { label: 'Toppings', value: ['ham', 'anchovies'] } }]);
      expect(unknown.error?.code).to.equal('action_failed');
      expect(unknown.error?.context.reason).to.equal('no_such_option');
      expect(unknown.chosen[0]).to.deep.equal([]);
    });
  });

  describe('select on custom listboxes and comboboxes (class 9)', () => {
    const state = {
      execute_js: {
        code: 'return { activities: [...document.querySelectorAll("[aria-label=Activities] [aria-selected=true]")].map((o) => o.textContent), country: document.getElementById("country").textContent }',
        result_key: 'state',
      },
    };

    it('clicks the options of a multi-select listbox so that exactly those are chosen, and opens a combobox to choose in it', async () => {
      const first = await create({ url: t.site.url('/listboxes') });
      const id = first.body.session_id as string;
      const res = await act(id, [{ select: { label: 'Activities', value: ['Swimming', 'ski'] } }, { select: { label: 'Country', value: 'Peru' } }, state]);
      expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
      expect(res.body.extraction.state).to.deep.equal({ activities: ['Swimming', 'Skiing'], country: 'Peru' });
      const form = await act(id, [{ fill_form: { fields: { Activities: ['Hiking'], Country: 'Egypt' } } }, state]);
      expect(form.body.error, JSON.stringify(form.body.error)).to.equal(null);
      expect(form.body.extraction.state).to.deep.equal({ activities: ['Hiking'], country: 'Egypt' });
      const wrong = await act(id, [{ select: { label: 'Country', value: ['Egypt', 'Peru'] } }]);
      expect(wrong.body.error?.code).to.equal('invalid_request');
      const unknown = await act(id, [{ select: { label: 'Country', value: 'Atlantis' } }]);
      expect(unknown.body.error?.code).to.equal('action_failed');
      expect(unknown.body.error?.context).to.deep.include({ reason: 'no_such_option', options: ['Egypt', 'Peru'] });
    });
  });
});
