import { expect } from 'chai';
import * as t from 'io-ts';
import { arrayOf, decode, intRange, strictObject, string } from '../../../../lib/contract/codec/index.js';
import { ApiError } from '../../../../lib/contract/errors.js';
import { problem } from './problem.js';

describe('lib/contract/codec decode()', () => {
  const codec = strictObject({ items: arrayOf(strictObject({ n: intRange(1, 3) }), { name: 'items' }) });

  it('returns the decoded value', () => {
    expect(decode(codec, { items: [{ n: 2 }] })).to.deep.equal({ items: [{ n: 2 }] });
  });

  it('throws a 400 invalid_request with path, expected and a sentence', () => {
    let thrown: unknown;
    try {
      decode(codec, { items: [{ n: 1 }, { n: 4 }] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(ApiError);
    const error = thrown as ApiError;
    expect(error.status).to.equal(400);
    expect(error.code).to.equal('invalid_request');
    expect(error.context).to.deep.equal({ path: 'items[1].n', expected: 'integer from 1 to 3' });
    expect(error.message).to.equal('items[1].n: expected integer from 1 to 3');
  });

  it('says an unknown key plainly', () => {
    try {
      decode(codec, { items: [], extra: 1 });
      expect.fail('decoded');
    } catch (error) {
      expect((error as ApiError).message).to.equal('extra: no such field');
    }
  });

  it('calls the value itself body, or the root path when one is given', () => {
    expect(problem(codec, 'nope').path).to.equal('body');
    expect(problem(codec, 'nope', 'steps[3]').path).to.equal('steps[3]');
  });

  it('prefixes the root path to keys and indices alike', () => {
    expect(problem(codec, { items: [{ n: 0 }] }, 'steps[3].x').path).to.equal('steps[3].x.items[0].n');
    expect(problem(arrayOf(string, { name: 'strings' }), [1], 'steps').path).to.equal('steps[0]');
  });

  it('skips the branch indices io-ts unions and intersections add to the context', () => {
    const union = t.type({ a: t.union([t.type({ b: t.array(t.number) }), t.string]) });
    expect(problem(union, { a: { b: [1, 'x'] } })).to.deep.equal({ path: 'a.b[1]', expected: 'number' });
    const both = t.intersection([t.type({ a: t.string }), t.type({ b: t.string })]);
    expect(problem(both, { a: 'x', b: 2 }).path).to.equal('b');
  });
});
