// A route as the API document reads it: method, path, the codecs of its body and query, and the
// operation it documents (../route.ts adds what the router needs).
import type * as t from 'io-ts';
import type { SchemaSet } from '../../lib/contract/codec/index.js';
import type { ErrorStatus, HeaderSpec } from './responses.js';

/** An HTTP method a route answers ('all': every one, for a transport that answers them itself). */
export type Method = 'get' | 'post' | 'delete' | 'all';

/** What the document's operations share: its schemas, a codec as a request body, error answers, the session id parameter. */
export interface DocumentParts {
  set: SchemaSet;
  body: (codec: t.Mixed) => unknown;
  errors: (statuses: ErrorStatus[], extra?: Partial<Record<number, HeaderSpec>>) => Record<string, unknown>;
  idParam: unknown;
}

/**
 * One operation as the API document shows it. The document adds the query's parameters (before
 * these `parameters`), the request body from the route's codecs, and the path's {id}.
 */
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  /** [] for a route without a key. */
  security?: unknown[];
  parameters?: unknown[];
  /** The body of a route that reads its own (a transport's); one with a body codec gets it from there. */
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/** What the document reads of a route. */
export interface DocumentedRoute {
  readonly method: Method;
  /** The path as the API document writes it: `{id}` for a parameter. */
  readonly path: `/${string}`;
  readonly body?: t.Mixed;
  readonly query?: t.Mixed;
  /** Its operation in the API document; a route without one is not part of the API (the dashboard's files). */
  readonly operation?: (parts: DocumentParts) => Operation;
  /** For `method: 'all'`: the operation of each method it documents, and the path's own parameters. */
  readonly operations?: (parts: DocumentParts) => { parameters?: unknown[] } & Partial<Record<Exclude<Method, 'all'>, Operation>>;
}
