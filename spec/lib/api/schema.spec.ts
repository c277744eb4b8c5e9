import { expect } from 'chai';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type * as t from 'io-ts';
import { missingSchemas, SchemaSet, type JsonSchema } from '../../../lib/contract/codec/index.js';
import { actBodyCodec } from '../../../lib/api/act.js';
import { createBodyCodec } from '../../../lib/api/create.js';
import { eventsQueryCodec } from '../../../lib/contract/request/events.js';
import { inputBodyCodec } from '../../../lib/contract/request/input.js';
import { listQueryCodec } from '../../../lib/contract/request/list.js';
import { envelopeCodec } from '../../../lib/contract/response/envelope.js';
import { healthCodec } from '../../../lib/contract/response/health.js';
import { sessionInfoCodec, sessionListCodec } from '../../../lib/contract/response/session.js';
import { stepModules } from '../../../lib/api/steps.js';

const requestCodecs: Array<[string, t.Mixed]> = [
  ['create body', createBodyCodec],
  ['act body', actBodyCodec],
  ['list query', listQueryCodec],
  ...stepModules.map(({ name, codec }): [string, t.Mixed] => [`${name} step`, codec]),
];
/** Everything a client sends, live view input and the events query included. */
const everyRequestCodec: Array<[string, t.Mixed]> = [...requestCodecs, ['events query', eventsQueryCodec], ['input body', inputBodyCodec]];
const responseCodecs: Array<[string, t.Mixed]> = [
  ['envelope', envelopeCodec],
  ['session info', sessionInfoCodec],
  ['session list', sessionListCodec],
  ['health', healthCodec],
];

/** Every object property in `schema` (definitions followed), as `path` → its schema. */
function properties(schema: JsonSchema, defs: Record<string, JsonSchema>, path = '', seen = new Set<string>()): Array<[string, JsonSchema]> {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    if (seen.has(name)) return [];
    return properties(defs[name] ?? {}, defs, path, new Set([...seen, name]));
  }
  const out: Array<[string, JsonSchema]> = [];
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const at = path ? `${path}.${key}` : key;
    out.push([at, child], ...properties(child, defs, at, seen));
  }
  for (const branch of (schema.oneOf ?? []) as JsonSchema[]) out.push(...properties(branch, defs, path, seen));
  if (schema.items) out.push(...properties(schema.items as JsonSchema, defs, `${path}[]`, seen));
  return out;
}

describe('the JSON Schema of the request and response codecs', () => {
  it('finds a schema for every part of every request and response codec', () => {
    // Each entry names a codec and where it sits: give it a schema (predicate's third argument, or withSchema).
    const missing = [...requestCodecs, ...responseCodecs].flatMap(([name, codec]) => missingSchemas(codec).map((where) => `${name}: ${where}`));
    expect(missing).to.deep.equal([]);
  });

  it('bounds every string a request body, query or step may carry, and every free key', () => {
    const set = new SchemaSet();
    // Every schema node under `schema`, definitions followed once, with where it sits.
    const nodes = (schema: JsonSchema, path: string, seen: Set<string>, out: Array<[string, JsonSchema]>): Array<[string, JsonSchema]> => {
      if (typeof schema.$ref === 'string') {
        const name = schema.$ref.split('/').pop()!;
        if (!seen.has(name)) nodes(set.definitions[name] ?? {}, path, new Set([...seen, name]), out);
        return out;
      }
      out.push([path, schema]);
      for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) nodes(child, `${path}.${key}`, seen, out);
      for (const word of ['oneOf', 'anyOf', 'allOf'] as const) for (const branch of (schema[word] ?? []) as JsonSchema[]) nodes(branch, path, seen, out);
      for (const word of ['items', 'additionalProperties', 'propertyNames'] as const) {
        if (typeof schema[word] === 'object' && schema[word] !== null) nodes(schema[word] as JsonSchema, `${path}.${word}`, seen, out);
      }
      return out;
    };
    const isString = (schema: JsonSchema): boolean => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
    const unbounded = everyRequestCodec.flatMap(([name, codec]) =>
      nodes(set.schemaOf(codec), name, new Set(), [])
        .filter(([path, schema]) => (isString(schema) || path.endsWith('.propertyNames')) && typeof schema.maxLength !== 'number' && schema.enum === undefined && schema.const === undefined)
        .map(([path]) => path),
    );
    expect(unbounded).to.deep.equal([]);
  });

  it('describes every field of every request body, query and step', () => {
    const set = new SchemaSet();
    const undescribed = requestCodecs.flatMap(([name, codec]) =>
      properties(set.schemaOf(codec), set.definitions)
        .filter(([, schema]) => typeof schema.description !== 'string' && typeof schema.$ref !== 'string')
        .map(([path]) => `${name}: ${path}`),
    );
    expect(undescribed).to.deep.equal([]);
  });

  describe('accepts every request the codecs accept', () => {
    const ajv = new Ajv2020({ strictTypes: false, allowUnionTypes: true });
    const set = new SchemaSet();
    const schemaOf = (codec: t.Mixed) => ajv.compile({ ...set.schemaOf(codec), $defs: set.definitions });
    // Compiled in a hook: a codec without a schema then fails these tests, not the loading of the suite.
    let create: ValidateFunction;
    let act: ValidateFunction;
    before(() => {
      create = schemaOf(createBodyCodec);
      act = schemaOf(actBodyCodec);
    });
    const bodies: Array<[string, unknown, 'create' | 'act']> = [
      ['an empty create', {}, 'create'],
      ['a create with every field', {
        url: 'https://example.com', timeout: 600, viewport: { width: 1920 }, proxy: { kind: 'residential', country: 'de' },
        block_resources: [], auto_dismiss_blockers: false, trace: true, page: 'light', user_agent: 'UA', locale: 'en-us', timezone: 'Europe/Paris',
        cookies: [{ name: 'a', value: 'b', domain: 'example.com', expires: -1, sameSite: 'Lax' }], steps: [{ close: {} }],
      }, 'create'],
      ['a create with a proxy URL', { proxy: 'socks5://user:pass@proxy.example:1080' }, 'create'],
      ['every step', {
        steps: [
          { goto: { url: 'https://example.com', wait_for: 'main', wait_timeout: 5000 } },
          { observe: { mode: 'full', format: 'html', scope: '#x', include_links: true, max_text_length: 500 } },
          { click: { ref: 'e1' } }, { fill: { label: 'Name', value: '' } }, { type: { text: 'Search', value: 'x', delay: 0 } },
          { select: { ref: 'e2', value: 'de' } }, { check: { label: 'Agree', checked: false } },
          { scroll: { direction: 'down', amount: 800, times: 3 } }, { scroll_collect: { max_scrolls: 5 } },
          { screenshot: { format: 'jpeg', quality: 50, full_page: true } }, { wait: { until: 'document.title' } },
          { extract: { title: 'h1 >> text', links: ['a >> href'], items: [{ _parent: '.item', _limit: 3, name: '.n', tags: ['.t'] }], refresh_selectors: true } },
          { upload: { ref: 'e3', files: ['https://example.com/a.pdf'] } },
          { pdf: { format: 'Letter', scale: 0.5, margin: { top: '1cm', left: '0.5IN' } } },
          { fill_form: { fields: { Name: 'Ann', Agree: true }, submit: true } },
          { execute_js: { code: 'return 1', result_key: 'one' } }, { close: {} },
        ],
      }, 'act'],
    ];
    for (const [name, body, kind] of bodies) {
      it(`accepts ${name}`, () => {
        const codec = kind === 'create' ? createBodyCodec : actBodyCodec;
        const validate = kind === 'create' ? create : act;
        expect(codec.decode(body)._tag, 'the codec accepts it').to.equal('Right');
        expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
      });
    }

    it('refuses, like the codec, a targeting step naming two targets or none, and an unknown field', () => {
      for (const step of [{ click: { ref: 'e1', text: 'Go' } }, { click: {} }, { scroll: { to: 'top', ref: 'e1' } }, { goto: { url: 'x', wait_timout: 1 } }]) {
        expect(actBodyCodec.decode({ steps: [step] })._tag).to.equal('Left');
        expect(act({ steps: [step] }), JSON.stringify(step)).to.equal(false);
      }
    });
  });
});
