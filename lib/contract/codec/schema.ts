import * as t from 'io-ts';

// Every codec built by the helpers of this codec kit carries its JSON Schema (2020-12, the dialect of
// OpenAPI 3.1), registered here beside the codec rather than on it, so io-ts types stay plain.
// The schema of a composite is a function of its parts' schemas: the walker builds it on demand,
// which is how bounds, enums, defaults and descriptions are written once, where the codec is.

/** A JSON Schema object (2020-12). */
export type JsonSchema = { [keyword: string]: unknown };

/** What a composite codec's schema is built with: its parts' schemas and named, shared definitions. */
export interface SchemaWalker {
  /** The schema of a part; throws MissingSchema when that part has none. */
  walk(codec: t.Mixed, key?: string): JsonSchema;
  /** A `$ref` to the definition `name`, built once by `build`, which gets that `$ref` to refer to itself. */
  define(name: string, build: (self: JsonSchema) => JsonSchema): JsonSchema;
}

/** A codec's schema: fixed, or built from its parts by the walker. */
export type SchemaSource = JsonSchema | ((walker: SchemaWalker) => JsonSchema);

const sources = new WeakMap<t.Mixed, SchemaSource>();
const names = new WeakMap<t.Mixed, string>();

/** Registers the schema of `codec` and returns the codec, so a builder can end with it. */
export function withSchema<C extends t.Mixed>(codec: C, schema: SchemaSource): C {
  sources.set(codec, schema);
  return codec;
}

/** `codec` unchanged in behaviour, with a description: what the value is, in the contract's words, with its unit. */
export function described<A, O>(codec: t.Type<A, O, unknown>, description: string): t.Type<A, O, unknown> {
  // A new codec, because the same one (nonEmptyString, boolean) means different things in different fields.
  const copy = new t.Type<A, O, unknown>(codec.name, codec.is, (u, c) => codec.validate(u, c), (a) => codec.encode(a));
  return withSchema(copy, (w) => ({ ...w.walk(codec), description }));
}

/** Marks `codec` as a named definition: the walker refers to it by `$ref` instead of repeating it. */
export function named<C extends t.Mixed>(codec: C, name: string): C {
  names.set(codec, name);
  return codec;
}

/** Thrown by the walker at a codec without a schema; `path` says where it sits in the walked codec. */
export class MissingSchema extends Error {
  constructor(
    readonly codecName: string,
    readonly path: string,
  ) {
    super(`no JSON Schema for the codec "${codecName}" at ${path || '(root)'}: give it one with withSchema or the helper's schema argument`);
    this.name = 'MissingSchema';
  }
}

/**
 * Walks codecs into JSON Schema, collecting named definitions as it goes. `refPrefix` is where
 * the definitions will be put in the final document ('#/components/schemas/' in OpenAPI).
 */
export class SchemaSet {
  /** The named definitions met so far, by name. */
  readonly definitions: Record<string, JsonSchema> = {};
  private readonly path: string[] = [];

  /** With `missing`, a codec without a schema is noted there (as `name at path`) instead of thrown. */
  constructor(
    private readonly refPrefix = '#/$defs/',
    private readonly missing?: string[],
  ) {}

  /** The schema of `codec`; throws MissingSchema naming the first part that has none. */
  schemaOf(codec: t.Mixed): JsonSchema {
    const name = names.get(codec);
    if (name !== undefined) return this.define(name, () => this.build(codec));
    return this.build(codec);
  }

  private build(codec: t.Mixed): JsonSchema {
    const source = sources.get(codec);
    if (source === undefined) {
      const error = new MissingSchema(codec.name, this.path.join(''));
      if (!this.missing) throw error;
      this.missing.push(`"${error.codecName}" at ${error.path || '(root)'}`);
      return {};
    }
    if (typeof source !== 'function') return structuredClone(source);
    return source({
      walk: (part, key) => {
        if (key !== undefined) this.path.push(segment(key, this.path.length === 0));
        try {
          return this.schemaOf(part);
        } finally {
          if (key !== undefined) this.path.pop();
        }
      },
      define: (defName, build) => this.define(defName, build),
    });
  }

  private define(name: string, build: (self: JsonSchema) => JsonSchema): JsonSchema {
    const ref = { $ref: `${this.refPrefix}${name}` };
    if (!Object.hasOwn(this.definitions, name)) {
      // A placeholder first, so a definition whose parts lead back to it finds its name taken.
      this.definitions[name] = {};
      this.definitions[name] = build({ ...ref });
    }
    return ref;
  }
}

/** Every part of `codec` without a schema, as `"name" at path`: what the completeness test lists. */
export function missingSchemas(codec: t.Mixed): string[] {
  const missing: string[] = [];
  new SchemaSet('#/$defs/', missing).schemaOf(codec);
  return missing;
}

/** A key as it reads in a path, like the reporter's: `[]` for any item, `[2]` for one, `.name` after the first. */
function segment(key: string, first: boolean): string {
  if (key === '[]') return '[]';
  if (/^\d+$/.test(key)) return `[${key}]`;
  return first ? key : `.${key}`;
}

/** The schema of `codec` with its definitions inline under `$defs`, as one standalone JSON Schema. */
export function schemaOf(codec: t.Mixed): JsonSchema {
  const set = new SchemaSet();
  const schema = set.schemaOf(codec);
  return Object.keys(set.definitions).length ? { ...schema, $defs: set.definitions } : schema;
}
