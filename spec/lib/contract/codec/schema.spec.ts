import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as t from 'io-ts';
import {
  arrayOf, boolean, complete, described, intRange, intString, MissingSchema, missingSchemas, matching, named, nonEmptyString, nullable, numberRange,
  oneOf, predicate, recordOf, refine, schemaOf, SchemaSet, string, stringLength, strictObject, text, urlWithScheme, withDefault, withSchema,
  type JsonSchema,
} from '../../../../lib/contract/codec/index.js';

describe('lib/contract/codec schema', () => {
  describe('schemaOf() on the scalar helpers', () => {
    const cases: Array<[string, t.Mixed, JsonSchema]> = [
      ['string', string, { type: 'string' }],
      ['boolean', boolean, { type: 'boolean' }],
      ['nonEmptyString', nonEmptyString, { type: 'string', minLength: 1 }],
      ['stringLength(1, 9)', stringLength(1, 9), { type: 'string', minLength: 1, maxLength: 9 }],
      ['stringLength(0, 9)', stringLength(0, 9), { type: 'string', maxLength: 9 }],
      ['intRange(10, 1800)', intRange(10, 1800), { type: 'integer', minimum: 10, maximum: 1800 }],
      ['numberRange(0.1, 2)', numberRange(0.1, 2), { type: 'number', minimum: 0.1, maximum: 2 }],
      ['intString(1, 100)', intString(1, 100), { type: 'integer', minimum: 1, maximum: 100 }],
      ['oneOf', oneOf(['png', 'jpeg']), { type: 'string', enum: ['png', 'jpeg'] }],
      ['matching', matching('two letters', '^[a-z]{2}$'), { type: 'string', pattern: '^[a-z]{2}$' }],
      ['urlWithScheme', urlWithScheme(['http'], 'an http URL', 100), { type: 'string', minLength: 1, maxLength: 100 }],
      ['text', text(100), { type: 'string', minLength: 1, maxLength: 100 }],
      ['text, empty allowed', text(100, { empty: true }), { type: 'string', maxLength: 100 }],
    ];
    for (const [name, codec, schema] of cases) {
      it(`gives ${name} its bounds`, () => expect(schemaOf(codec)).to.deep.equal(schema));
    }

    it('takes the schema given to predicate', () => {
      expect(schemaOf(predicate('even', (u): u is number => u === 2, { type: 'integer', multipleOf: 2 }))).to.deep.equal({ type: 'integer', multipleOf: 2 });
    });
  });

  describe('schemaOf() on the composite helpers', () => {
    it('lists only required fields without a default as required, and refuses other keys', () => {
      const codec = strictObject({ name: string, size: withDefault(intRange(1, 9), 5) }, { note: string });
      expect(schemaOf(codec)).to.deep.equal({
        type: 'object',
        properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 1, maximum: 9, default: 5 }, note: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      });
    });

    it('gives arrays their item schema and length bounds, records their value schema', () => {
      expect(schemaOf(arrayOf(string, { min: 1, max: 3, name: 'x' }))).to.deep.equal({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 });
      expect(schemaOf(recordOf(boolean, { min: 1, name: 'x' }))).to.deep.equal({
        type: 'object',
        propertyNames: { minLength: 1 },
        additionalProperties: { type: 'boolean' },
        minProperties: 1,
      });
    });

    it('passes refine and complete through, adding what refine says in JSON Schema', () => {
      const base = strictObject({}, { a: string, b: string });
      expect(schemaOf(complete(base, (x) => x))).to.deep.equal(schemaOf(base));
      const one = refine(base, () => undefined, { oneOf: [{ required: ['a'] }, { required: ['b'] }] });
      expect(schemaOf(one).oneOf).to.deep.equal([{ required: ['a'] }, { required: ['b'] }]);
    });

    it('adds descriptions and nulls without changing what the codec accepts', () => {
      const codec = described(intRange(1, 2), 'How many.');
      expect(schemaOf(codec)).to.deep.equal({ type: 'integer', minimum: 1, maximum: 2, description: 'How many.' });
      expect(codec.decode(3)._tag).to.equal('Left');
      expect(schemaOf(nullable(string))).to.deep.equal({ oneOf: [{ type: 'string' }, { type: 'null' }] });
    });

    it('refers to a named codec by $ref and keeps its definition once', () => {
      const item = named(strictObject({ id: string }), 'Item');
      const set = new SchemaSet('#/components/schemas/');
      expect(set.schemaOf(arrayOf(item, { name: 'x' }))).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/Item' } });
      set.schemaOf(item);
      expect(Object.keys(set.definitions)).to.deep.equal(['Item']);
    });

    it('lets a definition refer to itself', () => {
      const tree = withSchema(predicate('tree', (u): u is unknown[] => Array.isArray(u)), (w) =>
        w.define('Tree', (self) => ({ type: 'array', items: self })),
      );
      expect(schemaOf(tree)).to.deep.equal({ $ref: '#/$defs/Tree', $defs: { Tree: { type: 'array', items: { $ref: '#/$defs/Tree' } } } });
    });
  });

  describe('a codec without a schema', () => {
    const bare = predicate('an odd thing', (u): u is string => u === 'odd');

    it('is refused by name and place, never walked as {}', () => {
      const codec = strictObject({ outer: strictObject({ items: arrayOf(bare, { name: 'x' }) }) });
      expect(() => schemaOf(codec)).to.throw(MissingSchema, 'no JSON Schema for the codec "an odd thing" at outer.items[]');
    });

    it('is listed with every other one by missingSchemas()', () => {
      const codec = strictObject({ a: bare, b: string, c: arrayOf(bare, { name: 'x' }) });
      expect(missingSchemas(codec)).to.deep.equal(['"an odd thing" at a', '"an odd thing" at c[]']);
    });

    it('is refused when hand-made with new t.Type', () => {
      const handMade = new t.Type<string, string, unknown>('hand-made', (u): u is string => typeof u === 'string', t.string.validate, t.identity);
      expect(() => schemaOf(strictObject({ field: handMade }))).to.throw(MissingSchema, 'at field');
    });
  });

  describe('what the schema accepts', () => {
    // The schema may say less than the codec checks (a locale is ICU's call), never more: whatever
    // the codec accepts, the schema must accept too, or the document would refuse valid requests.
    const ajv = new Ajv2020({ strictTypes: false, allowUnionTypes: true });
    const samples: unknown[] = ['', 'a', 'de', 'auto', 'EU', '10mm', '1.5IN', '.5cm', '20', 'Europe/Paris', 0, 1, -1, 0.5, 2, 1800, 10, true, null, [], ['a'], {}];
    const codecs: Array<[string, t.Mixed]> = [
      ['cssLength-like matching', matching('css length', '^(\\d+(\\.\\d*)?|\\.\\d+)([pP][xX]|[iI][nN]|[cC][mM]|[mM][mM])?$')],
      ['intRange', intRange(0, 10)],
      ['numberRange', numberRange(0.1, 2)],
      ['nonEmptyString', nonEmptyString],
      ['oneOf', oneOf(['a', 'de'])],
      ['arrayOf', arrayOf(nonEmptyString, { min: 1, max: 2, name: 'x' })],
    ];
    for (const [name, codec] of codecs) {
      it(`accepts with ${name} exactly the samples the codec accepts`, () => {
        const validate = ajv.compile(schemaOf(codec));
        for (const sample of samples) expect(validate(sample), JSON.stringify(sample)).to.equal(codec.is(sample));
      });
    }
  });
});
