// Properties: any valid step object decodes to its own name with its params kept; any integer
// outside a bound is refused at exactly that step's field, wherever the step sits in the list.
import { expect } from 'chai';
import fc from 'fast-check';
import { decode } from '../../../../lib/contract/codec/index.js';
import { actBodyCodec } from '../../../../lib/api/act.js';
import { stepCodec } from '../../../../lib/api/steps.js';
import { problem } from '../../contract/codec/problem.js';

const text = fc.string({ minLength: 1, maxLength: 20 });
const target = fc.oneof(fc.record({ ref: text }), fc.record({ text }), fc.record({ label: text }));
const int = (min: number, max: number) => fc.integer({ min, max });
const url = fc.webUrl({ validSchemes: ['http', 'https'] });
const opt = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });
const targeted = (fields: Record<string, fc.Arbitrary<unknown>>, required: Record<string, fc.Arbitrary<unknown>> = {}) =>
  fc.tuple(target, fc.record(required), opt(fields)).map(([t, r, o]) => ({ ...t, ...r, ...o }));

/** One arbitrary of valid params per step type. */
const validParams: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  goto: fc.tuple(fc.record({ url }), opt({ wait_for: text, wait_until: text, wait_timeout: int(1, 600_000) })).map(([a, b]) => ({ ...a, ...b })),
  observe: opt({
    format: fc.constantFrom('markdown', 'html'),
    mode: fc.constantFrom('main', 'full'),
    include_page_map: fc.boolean(),
    scope: text,
    include_links: fc.boolean(),
    max_text_length: int(1, 1_000_000),
  }),
  click: targeted({}),
  fill: targeted({}, { value: fc.string() }),
  type: targeted({ delay: int(0, 10_000) }, { value: fc.string() }),
  select: targeted({}, { value: fc.string() }),
  check: targeted({ checked: fc.boolean() }),
  scroll: fc
    .tuple(
      fc.oneof(fc.record({ to: fc.constantFrom('top', 'bottom') }), fc.record({ direction: fc.constantFrom('up', 'down') }), fc.record({ ref: text })),
      opt({ amount: int(1, 100_000), times: int(1, 100) }),
    )
    .map(([a, b]) => ({ ...a, ...b })),
  scroll_collect: opt({ max_scrolls: int(1, 1000), wait_ms: int(0, 600_000), timeout_ms: int(1, 600_000), max_text_length: int(1, 1_000_000) }),
  screenshot: opt({ full_page: fc.boolean(), selector: text, format: fc.constantFrom('png', 'jpeg'), quality: int(1, 100) }),
  wait: fc
    .tuple(fc.oneof(fc.record({ ms: int(0, 600_000) }), fc.record({ selector: text }), fc.record({ text }), fc.record({ until: text })), opt({ timeout: int(1, 600_000) }))
    .map(([a, b]) => ({ ...a, ...b })),
  extract: fc.dictionary(fc.constantFrom('title', 'price', 'links'), fc.oneof(text, text.map((s) => [s])), { minKeys: 1 }),
  upload: targeted({}, { files: fc.array(url, { minLength: 1, maxLength: 20 }) }),
  pdf: opt({
    format: fc.constantFrom('A4', 'Letter', 'Legal'),
    landscape: fc.boolean(),
    print_background: fc.boolean(),
    scale: fc.double({ min: 0.1, max: 2, noNaN: true }),
    margin: opt({ top: fc.constantFrom('1cm', '10mm', '0.5in', '20px', '0') }),
  }),
  fill_form: fc.record({ fields: fc.dictionary(text, fc.oneof(fc.string(), fc.boolean()), { minKeys: 1 }) }),
  execute_js: fc.tuple(fc.record({ code: text }), opt({ result_key: text, timeout: int(1, 600_000) })).map(([a, b]) => ({ ...a, ...b })),
  close: fc.constant({}),
};

const validStep = fc.constantFrom(...Object.keys(validParams)).chain((name) => validParams[name]!.map((params) => ({ name, params })));

/** [step, field, min, max, other params the step needs]. */
const bounds: Array<[string, string, number, number, Record<string, unknown>]> = [
  ['goto', 'wait_timeout', 1, 600_000, { url: 'https://a.test' }],
  ['observe', 'max_text_length', 1, 1_000_000, {}],
  ['type', 'delay', 0, 10_000, { ref: 'e1', value: 'x' }],
  ['scroll', 'amount', 1, 100_000, { to: 'top' }],
  ['scroll', 'times', 1, 100, { to: 'top' }],
  ['scroll_collect', 'max_scrolls', 1, 1000, {}],
  ['screenshot', 'quality', 1, 100, {}],
  ['wait', 'timeout', 1, 600_000, { text: 'x' }],
  ['execute_js', 'timeout', 1, 600_000, { code: 'x' }],
];

describe('step codecs (properties)', () => {
  it('decodes every valid step object to its name, keeping each given param', () => {
    fc.assert(
      fc.property(validStep, ({ name, params }) => {
        const step = decode(stepCodec, { [name]: params });
        expect(step.name).to.equal(name);
        if (name === 'extract') return;
        const decodedParams = step.params as Record<string, unknown>;
        for (const [key, value] of Object.entries(params)) expect(decodedParams[key]).to.deep.equal(value);
      }),
    );
  });

  it('refuses an out-of-range integer at steps[i].<step>.<field>', () => {
    const outside = fc.constantFrom(...bounds).chain((bound) => {
      const [, , min, max] = bound;
      const value = fc.oneof(fc.integer({ min: -1e9, max: min - 1 }), fc.integer({ min: max + 1, max: 1e9 }));
      return fc.tuple(fc.constant(bound), value, int(1, 100)).chain(([b, v, length]) => fc.tuple(fc.constant(b), fc.constant(v), fc.constant(length), int(0, length - 1)));
    });
    fc.assert(
      fc.property(outside, ([[step, field, min, max, rest], value, length, index]) => {
        const steps: unknown[] = Array.from({ length }, () => ({ observe: {} }));
        steps[index] = { [step]: { ...rest, [field]: value } };
        expect(problem(actBodyCodec, { steps })).to.deep.equal({
          path: `steps[${index}].${step}.${field}`,
          expected: `integer from ${min} to ${max}`,
        });
      }),
    );
  });
});
