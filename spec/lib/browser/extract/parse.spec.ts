import { expect } from 'chai';
import fc from 'fast-check';
import { parseSelector, printSelector, type Extractor } from '../../../../lib/browser/extract/parse.js';

const parsed = (source: string): Extractor => {
  const result = parseSelector(source);
  if (!result.ok) throw new Error(`expected ${source} to parse: ${result.error.message}`);
  return result.extractor;
};

describe('parseSelector()', () => {
  const cases: Array<[string, Extractor]> = [
    ['h1 >> text', { kind: 'css', selector: 'h1', reader: { kind: 'text' } }],
    ['a.more >> href', { kind: 'css', selector: 'a.more', reader: { kind: 'attribute', name: 'href' } }],
    ['script[type="application/ld+json"] >> json', { kind: 'css', selector: 'script[type="application/ld+json"]', reader: { kind: 'json' } }],
    ['div.card', { kind: 'css', selector: 'div.card', reader: { kind: 'html' } }],
    ['ul > li > a >> data-id', { kind: 'css', selector: 'ul > li > a', reader: { kind: 'attribute', name: 'data-id' } }],
    ['a[title="x >> y"]', { kind: 'css', selector: 'a[title="x >> y"]', reader: { kind: 'html' } }],
    ["a[title='x >> y'] >> text", { kind: 'css', selector: "a[title='x >> y']", reader: { kind: 'text' } }],
    ['div:is(.a >> .b) >> text', { kind: 'css', selector: 'div:is(.a >> .b)', reader: { kind: 'text' } }],
    ['  p   >>   TEXT ', { kind: 'css', selector: 'p', reader: { kind: 'text' } }],
    ['js >> document.title', { kind: 'js', expression: 'document.title' }],
    ['js >> 1 >> 2', { kind: 'js', expression: '1 >> 2' }],
    ['ai >> the price of the product', { kind: 'ai', description: 'the price of the product' }],
  ];
  for (const [source, expected] of cases) {
    it(`parses ${JSON.stringify(source)}`, () => expect(parsed(source)).to.deep.equal(expected));
  }

  const errors: Array<[string, string]> = [
    ['', 'empty_selector'],
    ['>> text', 'empty_selector'],
    ['h1 >>', 'empty_function'],
    ['h1 >> inner text', 'bad_function'],
    ['a[title="x', 'unbalanced'],
    ['div:is(.a', 'unbalanced'],
    ['js >>', 'empty_expression'],
    ['ai >>   ', 'empty_description'],
  ];
  for (const [source, kind] of errors) {
    it(`rejects ${JSON.stringify(source)} as ${kind}`, () => {
      const result = parseSelector(source);
      expect(result.ok).to.equal(false);
      if (!result.ok) expect(result.error.kind).to.equal(kind);
    });
  }
});

describe('printSelector()', () => {
  const ident = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/).filter((s) => s !== 'js' && s !== 'ai');
  const quoted = fc.string({ maxLength: 12 }).map((s) => `"${s.replace(/["\\]/g, '')}"`);
  const simple = fc.oneof(
    ident,
    ident.map((s) => `.${s}`),
    ident.map((s) => `#${s}`),
    fc.tuple(ident, ident, quoted).map(([tag, attr, value]) => `${tag}[${attr}=${value}]`),
    fc.tuple(ident, fc.integer({ min: 1, max: 9 })).map(([tag, n]) => `${tag}:nth-child(${n})`),
    fc.tuple(ident, ident).map(([a, b]) => `:is(${a} > ${b})`),
  );
  const selector = fc
    .array(fc.tuple(fc.constantFrom(' ', ' > ', ' + ', ' ~ ', '>'), simple), { minLength: 0, maxLength: 3 })
    .chain((rest) => simple.map((first) => first + rest.map(([comb, s]) => comb + s).join('')));
  const reader = fc.oneof(
    fc.constant({ kind: 'text' as const }),
    fc.constant({ kind: 'json' as const }),
    fc.constant({ kind: 'html' as const }),
    ident.filter((s) => s !== 'text' && s !== 'json').map((name) => ({ kind: 'attribute' as const, name })),
  );
  const free = fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.trim()).filter((s) => s.length > 0);
  const extractor: fc.Arbitrary<Extractor> = fc.oneof(
    fc.tuple(selector, reader).map(([sel, r]) => ({ kind: 'css' as const, selector: sel, reader: r })),
    free.map((expression) => ({ kind: 'js' as const, expression })),
    free.map((description) => ({ kind: 'ai' as const, description })),
  );

  it('prints every valid form so that it parses back to the same form', () => {
    fc.assert(fc.property(extractor, (x) => {
      expect(parsed(printSelector(x))).to.deep.equal(x);
    }), { numRuns: 500 });
  });

  it('is a fixed point on canonical strings', () => {
    fc.assert(fc.property(extractor, (x) => {
      expect(printSelector(parsed(printSelector(x)))).to.equal(printSelector(x));
    }));
  });
});
