import { expect } from 'chai';
import { extractCodec } from '../../../../lib/browser/steps/extract.js';
import { stepCodec } from '../../../../lib/api/steps.js';
import { decoded, problem } from '../../contract/codec/problem.js';

const at = (params: unknown) => problem(stepCodec, { extract: params }, 'steps[0]');
const FORM = 'a selector: a string, [string] or [{_parent, ...fields}]';

describe('extract codec', () => {
  it('decodes the three selector forms, nesting included', () => {
    const params = decoded(extractCodec, {
      title: 'h1 >> text',
      links: ['a >> href'],
      items: [{ _parent: '.item', _limit: 5, name: 'h2 >> text', tags: ['.tag >> text'], offers: [{ _parent: '.offer', price: '.p' }] }],
      refresh_selectors: true,
    });
    expect(params).to.deep.equal({
      fields: {
        title: { kind: 'one', selector: 'h1 >> text' },
        links: { kind: 'all', selector: 'a >> href' },
        items: {
          kind: 'each',
          parent: '.item',
          limit: 5,
          fields: {
            name: { kind: 'one', selector: 'h2 >> text' },
            tags: { kind: 'all', selector: '.tag >> text' },
            offers: { kind: 'each', parent: '.offer', fields: { price: { kind: 'one', selector: '.p' } } },
          },
        },
      },
      refresh_selectors: true,
    });
  });

  it('encodes back to the contract shape', () => {
    const raw = { items: [{ _parent: '.i', _limit: 2, n: ['b'] }], t: 'h1', refresh_selectors: false };
    expect(extractCodec.encode(decoded(extractCodec, raw))).to.deep.equal(raw);
  });

  const cases: Array<[unknown, string, string]> = [
    [{}, 'steps[0].extract', 'at least one field to extract'],
    [{ refresh_selectors: true }, 'steps[0].extract', 'at least one field to extract'],
    ['h1', 'steps[0].extract', 'an object of field names to selectors'],
    [{ t: 'h1', refresh_selectors: 'yes' }, 'steps[0].extract.refresh_selectors', 'boolean'],
    [{ t: 5 }, 'steps[0].extract.t', FORM],
    [{ t: '' }, 'steps[0].extract.t', 'a non-empty selector'],
    [{ t: [] }, 'steps[0].extract.t', FORM],
    [{ t: ['a', 'b'] }, 'steps[0].extract.t', FORM],
    [{ t: [''] }, 'steps[0].extract.t[0]', 'a non-empty selector'],
    [{ t: [3] }, 'steps[0].extract.t[0]', 'a selector string or a {_parent, ...fields} object'],
    [{ t: [{ n: 'b' }] }, 'steps[0].extract.t[0]._parent', 'a non-empty selector'],
    [{ t: [{ _parent: 'li' }] }, 'steps[0].extract.t[0]', 'at least one field beside _parent and _limit'],
    [{ t: [{ _parent: 'li', _limit: 0, n: 'b' }] }, 'steps[0].extract.t[0]._limit', 'integer from 1 to 10000'],
    [{ t: [{ _parent: 'li', _limit: 10_001, n: 'b' }] }, 'steps[0].extract.t[0]._limit', 'integer from 1 to 10000'],
    [{ t: [{ _parent: 'li', _limit: 1.5, n: 'b' }] }, 'steps[0].extract.t[0]._limit', 'integer from 1 to 10000'],
    [{ t: [{ _parent: 'li', o: [{ _parent: 'a', x: {} }] }] }, 'steps[0].extract.t[0].o[0].x', FORM],
    [{ '': 'h1' }, 'steps[0].extract', 'non-empty field names'],
  ];
  for (const [params, path, expected] of cases) {
    it(`${JSON.stringify(params)} fails at ${path}`, () => {
      expect(at(params)).to.deep.equal({ path, expected });
    });
  }

  it('accepts _limit at its upper bound', () => {
    expect(decoded(extractCodec, { t: [{ _parent: 'li', _limit: 10_000, n: 'b' }] }).fields.t).to.include({ limit: 10_000 });
  });

  it('bounds the nesting depth instead of recursing without end', () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'b' : [{ _parent: 'li', n: nest(depth - 1) }]);
    expect(() => decoded(extractCodec, { t: nest(10) })).to.not.throw();
    const deep = at({ t: nest(11) });
    expect(deep.expected).to.equal('selectors nested at most 10 levels deep');
    expect(deep.path).to.equal(`steps[0].extract.t${'[0].n'.repeat(10)}[0]`);
    expect(at({ t: nest(5000) }).expected).to.equal('selectors nested at most 10 levels deep');
  });

  it('keeps a field named __proto__ as a field', () => {
    const params = decoded(extractCodec, JSON.parse('{"__proto__": "h1"}'));
    expect(Object.keys(params.fields)).to.deep.equal(['__proto__']);
  });
});
