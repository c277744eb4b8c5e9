import { expect } from 'chai';
import {
  boolean, intRange, intString, nonEmptyString, number, numberRange, oneOf, string, stringLength, text, urlWithScheme,
} from '../../../../lib/contract/codec/index.js';
import { decoded, problem } from './problem.js';

describe('lib/contract/codec scalars', () => {
  describe('intRange()', () => {
    const codec = intRange(10, 1800);

    it('accepts both ends', () => {
      expect(decoded(codec, 10)).to.equal(10);
      expect(decoded(codec, 1800)).to.equal(1800);
    });

    for (const bad of [9, 1801, 10.5, '300', null, Number.NaN, Infinity]) {
      it(`refuses ${String(bad)} and names the range`, () => {
        expect(problem(codec, bad)).to.deep.equal({ path: 'body', expected: 'integer from 10 to 1800' });
      });
    }
  });

  describe('numberRange()', () => {
    const codec = numberRange(0.1, 2);

    it('accepts both ends and what lies between', () => {
      expect([0.1, 1.55, 2].map((n) => decoded(codec, n))).to.deep.equal([0.1, 1.55, 2]);
    });

    for (const bad of [0.09, 2.01, '1', Number.NaN]) {
      it(`refuses ${String(bad)}`, () => {
        expect(problem(codec, bad).expected).to.equal('number from 0.1 to 2');
      });
    }
  });

  describe('intString()', () => {
    const codec = intString(1, 100);

    it('turns a decimal string into a number', () => {
      expect(decoded(codec, '1')).to.equal(1);
      expect(decoded(codec, '100')).to.equal(100);
    });

    for (const bad of ['0', '101', '2.5', 'abc', '', ' 5', '-1', '1e2', 25, ['1', '2']]) {
      it(`refuses ${JSON.stringify(bad)}`, () => {
        expect(problem(codec, bad).expected).to.equal('integer from 1 to 100');
      });
    }
  });

  describe('oneOf()', () => {
    it('lists the choices as the expected phrase', () => {
      expect(problem(oneOf(['markdown', 'html']), 'pdf').expected).to.equal('one of: markdown, html');
      expect(decoded(oneOf(['markdown', 'html']), 'html')).to.equal('html');
    });

    it('does not accept inherited property names', () => {
      expect(problem(oneOf(['a']), 'toString').expected).to.equal('one of: a');
    });
  });

  describe('strings, booleans, numbers', () => {
    it('names each kind', () => {
      expect(problem(string, 1).expected).to.equal('string');
      expect(problem(boolean, 'true').expected).to.equal('boolean');
      expect(problem(number, '1').expected).to.equal('number');
      expect(problem(nonEmptyString, '').expected).to.equal('non-empty string');
    });

    it('bounds string length at both ends', () => {
      const codec = stringLength(1, 4);
      expect(decoded(codec, 'abcd')).to.equal('abcd');
      expect(problem(codec, 'abcde').expected).to.equal('non-empty string of at most 4 characters');
      expect(problem(codec, '').expected).to.equal('non-empty string of at most 4 characters');
    });

    it('text() refuses an empty string as empty and a long one with its bound', () => {
      const codec = text(4);
      expect(decoded(codec, 'abcd')).to.equal('abcd');
      expect(problem(codec, '').expected).to.equal('non-empty string');
      expect(problem(codec, 5).expected).to.equal('non-empty string');
      expect(problem(codec, 'abcde').expected).to.equal('string of at most 4 characters');
      const empty = text(4, { empty: true });
      expect(decoded(empty, '')).to.equal('');
      expect(problem(empty, 'abcde').expected).to.equal('string of at most 4 characters');
    });
  });

  describe('urlWithScheme()', () => {
    const codec = urlWithScheme(['http', 'https'], 'an http or https URL', 100);

    it('refuses a URL longer than its bound', () => {
      expect(problem(codec, `https://example.test/${'a'.repeat(100)}`).expected).to.equal('an http or https URL');
    });

    it('accepts the schemes given', () => {
      expect(decoded(codec, 'https://example.test/a.pdf')).to.equal('https://example.test/a.pdf');
    });

    for (const bad of ['ftp://example.test/x', 'example.test', 'file:///etc/passwd', '', 7]) {
      it(`refuses ${JSON.stringify(bad)}`, () => {
        expect(problem(codec, bad).expected).to.equal('an http or https URL');
      });
    }
  });
});
