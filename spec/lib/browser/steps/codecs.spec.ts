// Every bound, default and rule of the step parameters (interface.md 4.4 and 8.1, decisions.md),
// checked through stepCodec so the paths are the ones a client sees.
import { expect } from 'chai';
import { stepCodec } from '../../../../lib/api/steps.js';
import { decoded, problem } from '../../contract/codec/problem.js';

const at = (step: unknown) => problem(stepCodec, step, 'steps[0]');
const params = (step: Record<string, unknown>) => decoded(stepCodec, step).params;

/** [step, field, min, max, other params the step needs]. */
const intBounds: Array<[string, string, number, number, Record<string, unknown>]> = [
  ['goto', 'wait_timeout', 1, 600_000, { url: 'https://a.test' }],
  ['observe', 'max_text_length', 1, 1_000_000, {}],
  ['type', 'delay', 0, 10_000, { ref: 'e1', value: 'x' }],
  ['scroll', 'amount', 1, 100_000, { direction: 'down' }],
  ['scroll', 'times', 1, 100, { direction: 'down' }],
  ['scroll_collect', 'max_scrolls', 1, 1000, {}],
  ['scroll_collect', 'wait_ms', 0, 600_000, {}],
  ['scroll_collect', 'timeout_ms', 1, 600_000, {}],
  ['scroll_collect', 'max_text_length', 1, 1_000_000, {}],
  ['screenshot', 'quality', 1, 100, {}],
  ['wait', 'ms', 0, 600_000, {}],
  ['wait', 'timeout', 1, 600_000, { selector: '#x' }],
  ['execute_js', 'timeout', 1, 600_000, { code: 'return 1' }],
];

describe('step codecs: integer bounds', () => {
  for (const [step, field, min, max, rest] of intBounds) {
    it(`${step}.${field} accepts ${min} and ${max}, refuses ${min - 1}, ${max + 1} and ${min + 0.5}`, () => {
      expect((params({ [step]: { ...rest, [field]: min } }) as Record<string, unknown>)[field]).to.equal(min);
      expect((params({ [step]: { ...rest, [field]: max } }) as Record<string, unknown>)[field]).to.equal(max);
      for (const bad of [min - 1, max + 1, min + 0.5, String(min)]) {
        expect(at({ [step]: { ...rest, [field]: bad } })).to.deep.equal({
          path: `steps[0].${step}.${field}`,
          expected: `integer from ${min} to ${max}`,
        });
      }
    });
  }

  it('pdf.scale accepts 0.1 and 2, refuses 0.09 and 2.01', () => {
    expect(params({ pdf: { scale: 0.1 } })).to.include({ scale: 0.1 });
    expect(params({ pdf: { scale: 2 } })).to.include({ scale: 2 });
    for (const bad of [0.09, 2.01, '1']) {
      expect(at({ pdf: { scale: bad } })).to.deep.equal({ path: 'steps[0].pdf.scale', expected: 'number from 0.1 to 2' });
    }
  });
});

describe('step codecs: defaults', () => {
  const cases: Array<[Record<string, unknown>, unknown]> = [
    [{ goto: { url: 'https://a.test' } }, { url: 'https://a.test', wait_timeout: 10_000 }],
    [{ observe: {} }, { format: 'markdown', mode: 'main', include_page_map: false, include_links: false, controls: 'in_place', max_text_length: 12_000 }],
    [{ observe: { mode: 'full' } }, { format: 'markdown', mode: 'full', include_page_map: false, include_links: false, controls: 'in_place', max_text_length: 20_000 }],
    [{ observe: { mode: 'full', max_text_length: 5 } }, { format: 'markdown', mode: 'full', include_page_map: false, include_links: false, controls: 'in_place', max_text_length: 5 }],
    [{ click: { text: 'Go' } }, { text: 'Go' }],
    [{ fill: { label: 'Email', value: '' } }, { label: 'Email', value: '' }],
    [{ type: { ref: 'e1', value: 'abc' } }, { ref: 'e1', value: 'abc', delay: 50 }],
    [{ select: { ref: 'e2', value: 'fr' } }, { ref: 'e2', value: 'fr' }],
    [{ select: { ref: 'e2', value: ['fr', 'de'] } }, { ref: 'e2', value: ['fr', 'de'] }],
    [{ select: { ref: 'e2', value: [] } }, { ref: 'e2', value: [] }],
    [{ check: { label: 'Agree' } }, { label: 'Agree', checked: true }],
    [{ scroll: { to: 'bottom' } }, { to: 'bottom', amount: 500, times: 1 }],
    [{ scroll_collect: {} }, { max_scrolls: 50, wait_ms: 500, timeout_ms: 60_000, max_text_length: 100_000 }],
    [{ screenshot: {} }, { full_page: false, format: 'png', quality: 80 }],
    [{ wait: { text: 'Done' } }, { text: 'Done', timeout: 10_000 }],
    [{ upload: { ref: 'e3', files: ['https://a.test/f.pdf'] } }, { ref: 'e3', files: ['https://a.test/f.pdf'] }],
    [{ pdf: {} }, { format: 'A4', landscape: false, print_background: true, scale: 1 }],
    [{ fill_form: { fields: { Email: 'a@b.test', Subscribe: true } } }, { fields: { Email: 'a@b.test', Subscribe: true }, submit: false }],
    [{ execute_js: { code: 'return 1' } }, { code: 'return 1', result_key: 'js_result', timeout: 10_000 }],
    [{ close: {} }, {}],
    [{ extract: { title: 'h1 >> text' } }, { fields: { title: { kind: 'one', selector: 'h1 >> text' } }, refresh_selectors: false }],
  ];
  for (const [step, expected] of cases) {
    it(`${JSON.stringify(step)} decodes with its defaults`, () => {
      const name = Object.keys(step)[0];
      expect(decoded(stepCodec, step)).to.deep.equal({ name, params: expected });
    });
  }
});

describe('step codecs: choices', () => {
  const cases: Array<[string, string, string[], Record<string, unknown>]> = [
    ['observe', 'format', ['markdown', 'html'], {}],
    ['observe', 'mode', ['main', 'full'], {}],
    ['screenshot', 'format', ['png', 'jpeg'], {}],
    ['pdf', 'format', ['A4', 'Letter', 'Legal'], {}],
    ['scroll', 'to', ['top', 'bottom'], {}],
    ['scroll', 'direction', ['up', 'down'], {}],
  ];
  for (const [step, field, values, rest] of cases) {
    it(`${step}.${field} is one of ${values.join(', ')}`, () => {
      for (const value of values) expect(params({ [step]: { ...rest, [field]: value } })).to.include({ [field]: value });
      expect(at({ [step]: { ...rest, [field]: values[0]!.toUpperCase() + 'x' } })).to.deep.equal({
        path: `steps[0].${step}.${field}`,
        expected: `one of: ${values.join(', ')}`,
      });
    });
  }
});

describe('step codecs: targeting', () => {
  const targeting: Array<[string, Record<string, unknown>]> = [
    ['click', {}],
    ['fill', { value: 'x' }],
    ['type', { value: 'x' }],
    ['select', { value: 'x' }],
    ['check', {}],
    ['upload', { files: ['https://a.test/f'] }],
  ];
  for (const [step, rest] of targeting) {
    it(`${step} needs exactly one of ref, text, label`, () => {
      for (const key of ['ref', 'text', 'label']) expect(params({ [step]: { ...rest, [key]: 'x' } })).to.include({ [key]: 'x' });
      const wanted = { path: `steps[0].${step}`, expected: 'exactly one of ref, text, label' };
      expect(at({ [step]: rest })).to.deep.equal(wanted);
      expect(at({ [step]: { ...rest, ref: 'e1', label: 'Email' } })).to.deep.equal(wanted);
      expect(at({ [step]: { ...rest, ref: 'e1', text: 'a', label: 'b' } })).to.deep.equal(wanted);
      expect(at({ [step]: { ...rest, ref: '' } })).to.deep.equal({ path: `steps[0].${step}.ref`, expected: 'non-empty string' });
    });
  }

  it('scroll needs exactly one of to, direction, ref', () => {
    const wanted = { path: 'steps[0].scroll', expected: 'exactly one of to, direction, ref' };
    expect(at({ scroll: {} })).to.deep.equal(wanted);
    expect(at({ scroll: { to: 'top', direction: 'down' } })).to.deep.equal(wanted);
    expect(params({ scroll: { ref: 'e4' } })).to.include({ ref: 'e4' });
  });

  it('wait needs exactly one of ms, selector, text, until', () => {
    const wanted = { path: 'steps[0].wait', expected: 'exactly one of ms, selector, text, until' };
    expect(at({ wait: {} })).to.deep.equal(wanted);
    expect(at({ wait: { timeout: 5 } })).to.deep.equal(wanted);
    expect(at({ wait: { ms: 5, until: 'true' } })).to.deep.equal(wanted);
    expect(params({ wait: { until: 'document.title === "x"' } })).to.include({ until: 'document.title === "x"' });
  });
});

describe('step codecs: required fields and shapes', () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ goto: {} }, 'steps[0].goto.url', 'non-empty string'],
    [{ goto: { url: '' } }, 'steps[0].goto.url', 'non-empty string'],
    [{ fill: { ref: 'e1' } }, 'steps[0].fill.value', 'string'],
    [{ type: { ref: 'e1', value: 3 } }, 'steps[0].type.value', 'string'],
    [{ select: { ref: 'e1' } }, 'steps[0].select.value', 'a string, or an array of at most 100 strings'],
    [{ select: { ref: 'e1', value: ['a', 2] } }, 'steps[0].select.value', 'a string, or an array of at most 100 strings'],
    [{ select: { ref: 'e1', value: Array(101).fill('a') } }, 'steps[0].select.value', 'a string, or an array of at most 100 strings'],
    [{ select: { ref: 'e1', value: { a: 1 } } }, 'steps[0].select.value', 'a string, or an array of at most 100 strings'],
    [{ check: { ref: 'e1', checked: 'yes' } }, 'steps[0].check.checked', 'boolean'],
    [{ execute_js: {} }, 'steps[0].execute_js.code', 'non-empty string'],
    [{ execute_js: { code: 'x', result_key: '' } }, 'steps[0].execute_js.result_key', 'non-empty string'],
    [{ fill_form: {} }, 'steps[0].fill_form.fields', 'an object of field labels to values (string, boolean or array of strings)'],
    [{ fill_form: { fields: {} } }, 'steps[0].fill_form.fields', 'an object of field labels to values (string, boolean or array of strings)'],
    [{ fill_form: { fields: { Age: 3 } } }, 'steps[0].fill_form.fields.Age', 'string, boolean or array of strings'],
    [{ fill_form: { fields: { Toppings: ['ham', false] } } }, 'steps[0].fill_form.fields.Toppings', 'string, boolean or array of strings'],
    [{ fill_form: { fields: { A: 'x' }, submit: 1 } }, 'steps[0].fill_form.submit', 'boolean'],
    [{ upload: { ref: 'e1' } }, 'steps[0].upload.files', 'an array of 1 to 20 file URLs'],
    [{ upload: { ref: 'e1', files: [] } }, 'steps[0].upload.files', 'an array of 1 to 20 file URLs'],
    [{ upload: { ref: 'e1', files: Array(21).fill('https://a.test/f') } }, 'steps[0].upload.files', 'an array of 1 to 20 file URLs'],
    [{ upload: { ref: 'e1', files: ['https://a.test/f', 'file:///etc/passwd'] } }, 'steps[0].upload.files[1]', 'an http or https URL'],
    [{ pdf: { margin: { top: '1cm', side: '1cm' } } }, 'steps[0].pdf.margin.side', 'no such field'],
    [{ pdf: { margin: { left: '1 cm' } } }, 'steps[0].pdf.margin.left', 'a CSS length such as 10mm, 1cm, 0.5in or 20px'],
    [{ pdf: { margin: { left: -1 } } }, 'steps[0].pdf.margin.left', 'a CSS length such as 10mm, 1cm, 0.5in or 20px'],
    [{ pdf: { margin: '1cm' } }, 'steps[0].pdf.margin', 'an object {top, right, bottom, left}'],
    [{ pdf: { landscape: 'no' } }, 'steps[0].pdf.landscape', 'boolean'],
    [{ screenshot: { selector: '' } }, 'steps[0].screenshot.selector', 'non-empty string'],
    [{ observe: { include_links: 1 } }, 'steps[0].observe.include_links', 'boolean'],
    [{ close: { now: true } }, 'steps[0].close.now', 'no such field'],
    [{ close: null }, 'steps[0].close', 'an object'],
    [{ wait: { selector: '#a', tiemout: 3 } }, 'steps[0].wait.tiemout', 'no such field'],
  ];
  for (const [step, path, expected] of cases) {
    it(`${JSON.stringify(step).slice(0, 90)} fails at ${path}`, () => {
      expect(at(step)).to.deep.equal({ path, expected });
    });
  }

  it('pdf margin takes the CSS lengths page.pdf understands', () => {
    const margin = { top: '1cm', right: '10mm', bottom: '0.5in', left: '20px' };
    expect(params({ pdf: { margin } })).to.deep.include({ margin });
    expect(params({ pdf: { margin: { top: '0' } } })).to.deep.include({ margin: { top: '0' } });
  });

  it('goto keeps wait_for and wait_until', () => {
    expect(params({ goto: { url: 'https://a.test', wait_for: '#main', wait_until: 'window.ready' } })).to.deep.equal({
      url: 'https://a.test',
      wait_for: '#main',
      wait_until: 'window.ready',
      wait_timeout: 10_000,
    });
  });
});
