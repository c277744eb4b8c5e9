import { expect } from 'chai';
import {
  arrayOf, complete, intRange, nonEmptyString, recordOf, refine, string, strictObject, withDefault,
} from '../../../../lib/contract/codec/index.js';
import { decoded, problem } from './problem.js';

describe('lib/contract/codec objects', () => {
  describe('strictObject()', () => {
    const codec = strictObject({ name: string, size: withDefault(intRange(1, 9), 5) }, { note: string });

    it('decodes required, defaulted and optional fields', () => {
      expect(decoded(codec, { name: 'a', note: 'n' })).to.deep.equal({ name: 'a', size: 5, note: 'n' });
    });

    it('leaves an absent optional field out rather than undefined', () => {
      expect(decoded(codec, { name: 'a' })).to.not.have.property('note');
    });

    it('refuses an unknown key at that key', () => {
      expect(problem(codec, { name: 'a', nmae: 'b' })).to.deep.equal({ path: 'nmae', expected: 'no such field' });
    });

    it('reports an unknown key before a missing one, since a typo usually explains both', () => {
      expect(problem(codec, { nmae: 'a' }).path).to.equal('nmae');
    });

    it('reports a missing required field by what it wanted', () => {
      expect(problem(codec, {})).to.deep.equal({ path: 'name', expected: 'string' });
    });

    it('does not read inherited properties such as constructor', () => {
      const c = strictObject({}, { constructor: string });
      expect(decoded(c, {})).to.deep.equal({});
    });

    it('refuses arrays and null with its own name', () => {
      const named = strictObject({}, {}, 'an object {width, height}');
      expect(problem(named, [])).to.deep.equal({ path: 'body', expected: 'an object {width, height}' });
      expect(problem(named, null).expected).to.equal('an object {width, height}');
    });
  });

  describe('withDefault()', () => {
    it('hands out a fresh copy each time, so mutation cannot leak into the next request', () => {
      const codec = withDefault(arrayOf(string, { name: 'strings' }), ['a']);
      const first = decoded(codec, undefined);
      first.push('b');
      expect(decoded(codec, undefined)).to.deep.equal(['a']);
    });

    it('still validates a value that is present', () => {
      expect(problem(withDefault(intRange(1, 2), 1), 3).expected).to.equal('integer from 1 to 2');
    });
  });

  describe('arrayOf()', () => {
    const codec = arrayOf(nonEmptyString, { min: 1, max: 2, name: 'an array of 1 to 2 names' });

    it('checks the length at both ends', () => {
      expect(problem(codec, [])).to.deep.equal({ path: 'body', expected: 'an array of 1 to 2 names' });
      expect(problem(codec, ['a', 'b', 'c']).expected).to.equal('an array of 1 to 2 names');
      expect(decoded(codec, ['a', 'b'])).to.deep.equal(['a', 'b']);
    });

    it('puts item indices in brackets', () => {
      expect(problem(strictObject({ names: codec }), { names: ['a', ''] }).path).to.equal('names[1]');
    });
  });

  describe('recordOf()', () => {
    const codec = recordOf(string, { min: 1, name: 'labels to values' });

    it('keeps a __proto__ key as data', () => {
      const value = decoded(codec, JSON.parse('{"__proto__": "x"}'));
      expect(Object.getPrototypeOf(value)).to.equal(Object.prototype);
      expect(Object.keys(value)).to.deep.equal(['__proto__']);
    });

    it('refuses an empty object and an empty key', () => {
      expect(problem(codec, {}).expected).to.equal('labels to values');
      expect(problem(codec, { '': 'x' }).expected).to.equal('non-empty field names');
    });

    it('names the offending key in the path', () => {
      expect(problem(strictObject({ fields: codec }), { fields: { Email: 1 } })).to.deep.equal({ path: 'fields.Email', expected: 'string' });
    });
  });

  describe('refine() and complete()', () => {
    const pair = strictObject({}, { a: string, b: string });

    it('puts a whole-object complaint on the object and a keyed one on the key', () => {
      const whole = refine(pair, (p) => (p.a || p.b ? undefined : { expected: 'a or b' }));
      const keyed = refine(pair, (p) => (p.a === 'x' ? { key: 'a', expected: 'not x' } : undefined));
      expect(problem(strictObject({ p: whole }), { p: {} })).to.deep.equal({ path: 'p', expected: 'a or b' });
      expect(problem(strictObject({ p: keyed }), { p: { a: 'x' } })).to.deep.equal({ path: 'p.a', expected: 'not x' });
    });

    it('completes a decoded value', () => {
      const filled = complete(pair, (p) => ({ ...p, b: p.b ?? `${p.a ?? ''}!` }));
      expect(decoded(filled, { a: 'hi' })).to.deep.equal({ a: 'hi', b: 'hi!' });
    });
  });
});
