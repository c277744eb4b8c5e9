import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { extractFields, extractionLimitMs, type SelectorForm } from '../extract/index.js';
import { boolean, complain, intRange, isObject, ownValue, predicate, withSchema, type SchemaWalker } from '../../contract/codec/index.js';
import { defineStep } from '../act/define.js';
import { MAX_EXTRACT_DEPTH, MAX_EXTRACT_LIMIT } from '../../contract/limits.js';
import { MAX_NAME_LENGTH, MAX_SCRIPT_LENGTH } from '../../contract/text.js';

/** Decoded extract parameters: the fields by output name, and whether to re-resolve cached AI selectors. */
export interface ExtractParams {
  fields: Record<string, SelectorForm>;
  refresh_selectors: boolean;
}

const FORM = 'a selector: a string, [string] or [{_parent, ...fields}]';
const limit = intRange(1, MAX_EXTRACT_LIMIT);
// Only names the context entry of a field; validation goes through selectorForm().
const formName = predicate(FORM, (_u): _u is never => false);

/** A selector string (`js >>` code included) is at most MAX_SCRIPT_LENGTH characters. */
const LONG_SELECTOR = `a selector of at most ${MAX_SCRIPT_LENGTH} characters`;

/** Why `s` is not a selector string, or undefined when it is one. */
const selectorProblem = (s: string): string | undefined => (s.length === 0 ? 'a non-empty selector' : s.length > MAX_SCRIPT_LENGTH ? LONG_SELECTOR : undefined);

function selectorForm(u: unknown, c: t.Context, depth: number): t.Validation<SelectorForm> {
  if (typeof u === 'string') {
    const problem = selectorProblem(u);
    return problem ? t.failure(u, c, problem) : t.success({ kind: 'one', selector: u });
  }
  if (!Array.isArray(u) || u.length !== 1) return t.failure(u, c, FORM);
  const item: unknown = u[0];
  const at = t.appendContext(c, '0', formName, item);
  if (typeof item === 'string') {
    const problem = selectorProblem(item);
    return problem ? t.failure(item, at, problem) : t.success({ kind: 'all', selector: item });
  }
  if (!isObject(item)) return t.failure(item, at, 'a selector string or a {_parent, ...fields} object');
  if (depth >= MAX_EXTRACT_DEPTH) return t.failure(item, at, `selectors nested at most ${MAX_EXTRACT_DEPTH} levels deep`);
  return repeating(item, at, depth + 1);
}

function repeating(o: Record<string, unknown>, c: t.Context, depth: number): t.Validation<SelectorForm> {
  const errors: t.Errors = [];
  const parent = ownValue(o, '_parent');
  const parentProblem = typeof parent === 'string' ? selectorProblem(parent) : 'a non-empty selector';
  if (parentProblem) errors.push(...lefts(complain(o, c, { key: '_parent', expected: parentProblem })));
  const rawLimit = ownValue(o, '_limit');
  if (rawLimit !== undefined && !limit.is(rawLimit)) errors.push(...lefts(complain(o, c, { key: '_limit', expected: limit.name })));
  const fields = fieldsOf(o, c, depth, ['_parent', '_limit']);
  if (isLeft(fields)) errors.push(...fields.left);
  if (errors.length > 0) return t.failures(errors);
  if (isLeft(fields)) return fields;
  if (Object.keys(fields.right).length === 0) return t.failure(o, c, 'at least one field beside _parent and _limit');
  const each: SelectorForm = { kind: 'each', parent: parent as string, fields: fields.right };
  return t.success(rawLimit === undefined ? each : { ...each, limit: rawLimit as number });
}

/** Every key of `o` except `reserved`, each decoded as a selector form. */
function fieldsOf(o: Record<string, unknown>, c: t.Context, depth: number, reserved: string[]): t.Validation<Record<string, SelectorForm>> {
  const errors: t.Errors = [];
  const entries: Array<[string, SelectorForm]> = [];
  for (const [key, value] of Object.entries(o)) {
    if (reserved.includes(key)) continue;
    if (key === '' || key.length > MAX_NAME_LENGTH) {
      // An overlong name is reported on the object, not echoed back as a path.
      errors.push(...lefts(t.failure(o, c, key === '' ? 'non-empty field names' : `field names of at most ${MAX_NAME_LENGTH} characters`)));
      continue;
    }
    const result = selectorForm(value, t.appendContext(c, key, formName, value), depth);
    if (isLeft(result)) errors.push(...result.left);
    else entries.push([key, result.right]);
  }
  // fromEntries defines own properties, so a field named __proto__ stays a field.
  return errors.length > 0 ? t.failures(errors) : t.success(Object.fromEntries(entries));
}

function lefts(v: t.Validation<unknown>): t.Errors {
  return isLeft(v) ? v.left : [];
}

const EXTRACT = 'an object of field names to selectors';

/** The selector forms as JSON Schema: recursive, so one named definition that refers to itself. */
function selectorSchema(w: SchemaWalker) {
  const selector = { type: 'string', minLength: 1, maxLength: MAX_SCRIPT_LENGTH };
  return w.define('ExtractSelector', (self) => ({
    description:
      'What to extract for one field. A string: `css`, the HTML of the first match; `css >> text`, its text; `css >> json`, its JSON; ' +
      '`css >> attribute`, that attribute; a table becomes an array of row objects keyed by header; `js >> expression`, ' +
      'the value of a JavaScript expression; `ai >> description`, a selector found by the AI provider (cached per domain). ' +
      '`[form]`: every match. `[{_parent, _limit, field: form, ...}]`: one object per parent match, ' +
      `nested at most ${MAX_EXTRACT_DEPTH} levels.`,
    oneOf: [
      selector,
      { type: 'array', items: selector, minItems: 1, maxItems: 1 },
      {
        type: 'array',
        minItems: 1,
        maxItems: 1,
        items: {
          type: 'object',
          properties: {
            _parent: { ...selector, description: 'CSS selector of each repeated item.' },
            _limit: { ...w.walk(limit), description: 'Most parent matches returned.' },
          },
          required: ['_parent'],
          minProperties: 2,
          propertyNames: { minLength: 1, maxLength: MAX_NAME_LENGTH },
          additionalProperties: self,
        },
      },
    ],
  }));
}

/** Parameters of extract: field names to selector forms, plus the optional boolean refresh_selectors. */
export const extractCodec = withSchema(
  new t.Type<ExtractParams, Record<string, unknown>, unknown>(
    EXTRACT,
    (u): u is ExtractParams => isObject(u) && isObject(u.fields) && typeof u.refresh_selectors === 'boolean',
    (u, c) => {
      if (!isObject(u)) return t.failure(u, c, EXTRACT);
      const refresh = ownValue(u, 'refresh_selectors');
      const fields = fieldsOf(u, c, 0, ['refresh_selectors']);
      const errors = refresh === undefined || boolean.is(refresh) ? [] : lefts(complain(u, c, { key: 'refresh_selectors', expected: 'boolean' }));
      if (isLeft(fields)) errors.push(...fields.left);
      if (errors.length > 0) return t.failures(errors);
      if (isLeft(fields)) return fields;
      if (Object.keys(fields.right).length === 0) return t.failure(u, c, 'at least one field to extract');
      return t.success({ fields: fields.right, refresh_selectors: refresh === true });
    },
    // The contract's flat shape, so encode(decode(x)) reads like the request.
    (a) => ({ ...Object.fromEntries(Object.entries(a.fields).map(([k, f]) => [k, encodeForm(f)])), refresh_selectors: a.refresh_selectors }),
  ),
  (w) => ({
    type: 'object',
    description:
      'Extracts values from the page: each key is an output field name and its value a selector form; the results land in ' +
      'extraction under the same names. js >> and ai >> are top-level fields only.',
    properties: {
      refresh_selectors: { type: 'boolean', default: false, description: 'Resolves ai >> selectors again instead of using the cached ones.' },
    },
    minProperties: 1,
    propertyNames: { minLength: 1, maxLength: MAX_NAME_LENGTH },
    additionalProperties: { ...selectorSchema(w), description: 'Each other key names an output field; its value is a selector form.' },
  }),
);

function encodeForm(form: SelectorForm): unknown {
  if (form.kind === 'one') return form.selector;
  if (form.kind === 'all') return [form.selector];
  const nested = Object.fromEntries(Object.entries(form.fields).map(([k, f]) => [k, encodeForm(f)]));
  return [{ _parent: form.parent, ...(form.limit === undefined ? {} : { _limit: form.limit }), ...nested }];
}

/** The extract step: results land in `extraction` under the field names. */
export const extractStep = defineStep({
  name: 'extract',
  codec: extractCodec,
  acts: 'read',
  budget: (params, act) => extractionLimitMs(params.fields, act.limits?.jsExpressionMs),
  run: async (scope, params) => {
    const options = { refreshSelectors: params.refresh_selectors, jsTimeoutMs: scope.limits?.jsExpressionMs, signal: scope.signal };
    const values = await extractFields(scope.page, params.fields, options);
    scope.results.extraction = { ...scope.results.extraction, ...values };
  },
});
