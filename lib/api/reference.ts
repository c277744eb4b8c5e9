import { SchemaSet, type JsonSchema } from '../contract/codec/index.js';
import { stepModules } from './steps.js';
import { createBodyCodec } from './create.js';

// The README's request reference, rendered from the JSON Schema of the codecs, so each bound,
// default and description shown there is the one the codec enforces.

const DEFS = '#/$defs/';
/** What the named definitions are called in the tables. */
const WORDS: Record<string, string> = { Step: 'step object', ExtractSelector: 'selector form' };

/** Table cells must not break the row: pipes escaped, no line breaks. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (value: unknown): string => `\`${JSON.stringify(value)}\``;
/** A schema keyword's text, or '' when it has none. */
const words = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (typeof value === 'number' ? value : 0);

class Renderer {
  constructor(private readonly defs: Record<string, JsonSchema>) {}

  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const { $ref: _ref, ...rest } = schema;
    return { ...this.resolve(this.defs[ref.slice(DEFS.length)] ?? {}), ...rest };
  }

  /** The type in words: `integer`, `one of "a", "b"`, `array of string`, `selector form`. */
  type(raw: JsonSchema): string {
    if (typeof raw.$ref === 'string') return WORDS[raw.$ref.slice(DEFS.length)] ?? raw.$ref.slice(DEFS.length);
    const s = this.resolve(raw);
    if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => code(v)).join(', ')}`;
    if (Array.isArray(s.oneOf) && s.type === undefined) {
      return (s.oneOf as JsonSchema[]).map((branch) => (branch.const !== undefined ? code(branch.const) : this.type(branch))).join(' or ');
    }
    if (Array.isArray(s.type)) return s.type.join(' or ');
    if (s.type === 'array') return `array of ${this.type((s.items ?? {}) as JsonSchema)}`;
    if (s.type === 'object' && s.properties === undefined && typeof s.additionalProperties === 'object') {
      return `object of ${this.type(s.additionalProperties as JsonSchema)}`;
    }
    return typeof s.type === 'string' ? s.type : 'any';
  }

  /** Bounds in words: `10 to 1800`, `non-empty`, `1 to 20 items`, `pattern …`. */
  bounds(raw: JsonSchema): string {
    const s = this.resolve(raw);
    const parts: string[] = [];
    if (typeof s.minimum === 'number' && typeof s.maximum === 'number') parts.push(`${s.minimum} to ${s.maximum}`);
    else if (typeof s.minimum === 'number') parts.push(`≥ ${s.minimum}`);
    if (typeof s.maxLength === 'number') parts.push(`${int(s.minLength)} to ${s.maxLength} characters`);
    else if (s.minLength === 1) parts.push('non-empty');
    if (typeof s.maxItems === 'number') parts.push(`${int(s.minItems)} to ${s.maxItems} items`);
    else if (typeof s.minItems === 'number') parts.push(`at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}`);
    if (typeof s.minProperties === 'number') parts.push(`at least ${s.minProperties} entr${s.minProperties === 1 ? 'y' : 'ies'}`);
    if (typeof s.pattern === 'string') parts.push(`matches \`${s.pattern}\``);
    return parts.join('; ');
  }

  /** One table: a row per field (nested objects' fields as `parent.field`), then the object's own rules. */
  table(raw: JsonSchema): string[] {
    const rows = ['| field | type | required | default | bounds | description |', '|---|---|---|---|---|---|'];
    this.rows(this.resolve(raw), '', rows);
    return rows;
  }

  private rows(s: JsonSchema, prefix: string, out: string[]): void {
    const required = new Set((s.required ?? []) as string[]);
    for (const [name, raw] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
      const field = this.resolve(raw);
      const need = required.has(name) ? 'yes' : 'no';
      out.push(`| \`${prefix}${name}\` | ${cell(this.type(raw))} | ${need} | ${Object.hasOwn(field, 'default') ? cell(code(field.default)) : ''} | ${cell(this.bounds(raw))} | ${cell(words(field.description))} |`);
      const nested = this.objectIn(field);
      if (nested) this.rows(nested, `${prefix}${name}${field.type === 'array' ? '[]' : ''}.`, out);
    }
    if (typeof s.additionalProperties === 'object') {
      const extra = s.additionalProperties as JsonSchema;
      out.push(`| *(any other name)* | ${cell(this.type(extra))} | | | ${cell(this.bounds(extra))} | ${cell(words(this.resolve(extra).description))} |`);
    }
  }

  /** The object with fields inside `field`: itself, its items, or its object branch (proxy). */
  private objectIn(field: JsonSchema): JsonSchema | undefined {
    const candidates = [field, this.resolve((field.items ?? {}) as JsonSchema), ...((field.oneOf ?? []) as JsonSchema[]).map((b) => this.resolve(b))];
    return candidates.find((c) => c.type === 'object' && Object.keys(c.properties ?? {}).length > 0);
  }

  /** The object's own rules beside its fields: exactly one of several keys. */
  rules(raw: JsonSchema): string[] {
    const s = this.resolve(raw);
    if (!Array.isArray(s.oneOf) || s.type !== 'object') return [];
    const keys = (s.oneOf as JsonSchema[]).map((branch) => ((branch.required ?? []) as string[]).join(', '));
    return [`Exactly one of ${keys.map((key) => `\`${key}\``).join(', ')}.`];
  }
}

/** The README's request reference (markdown): the create body and each step's parameters. */
export function requestReference(): string {
  const set = new SchemaSet(DEFS);
  const create = set.schemaOf(createBodyCodec);
  const steps = stepModules.map(({ name, codec }) => ({ name, schema: set.schemaOf(codec) }));
  const r = new Renderer(set.definitions);
  const lines = ['### Create body (`POST /v1/sessions`)', '', ...r.table(create), ''];
  lines.push('### Steps', '', 'A step is `{"<type>": {parameters}}`. Targeting steps take exactly one of `ref`, `text`, `label`.', '');
  for (const { name, schema } of steps) {
    const resolved = r.resolve(schema);
    lines.push(`#### \`${name}\``, '', words(resolved.description), '');
    const rules = r.rules(schema);
    if (rules.length) lines.push(...rules, '');
    if (Object.keys(resolved.properties ?? {}).length > 0 || typeof resolved.additionalProperties === 'object') lines.push(...r.table(schema), '');
  }
  const selector = set.definitions.ExtractSelector;
  if (selector) lines.push(`**Selector forms** (extract): ${words(selector.description)}`, '');
  return lines.join('\n');
}
