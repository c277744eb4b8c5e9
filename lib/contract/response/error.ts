import type * as t from 'io-ts';
import { described, named, oneOf, refine, string, strictObject } from '../codec/index.js';
import type { ApiErrorCode } from '../errors.js';
import { errorContext } from './envelope.js';

/**
 * The error body (contract 2.12) limited to `codes`, under the definition name `name`. With
 * `context`, the context is always there and has that shape (400 invalid_request); without, it
 * is optional and free-form.
 */
export function errorBodyCodec(name: string, codes: readonly [ApiErrorCode, ...ApiErrorCode[]], context?: t.Mixed): t.Mixed {
  const code = described(oneOf(codes), 'Error code.');
  const message = described(string, 'What went wrong, in words.');
  const details = (shape: t.Mixed) => described(shape, 'Details; what they hold depends on the code.');
  const error = context
    ? strictObject({ code, message, context: details(context) })
    : strictObject({ code, message }, { context: details(errorContext) });
  return named(strictObject({ error }), name);
}

const path = described(string, 'The offending field, such as steps[2].click.ref, or body for the whole body.');
const expected = described(string, 'What was wanted there, in words.');

/** The context of every 400 invalid_request: the offending field and what was wanted there, maybe more. */
export const invalidContext = refine(
  errorContext,
  (c) => (typeof c.path === 'string' && typeof c.expected === 'string' ? undefined : { expected: 'path and expected' }),
  (w) => ({ properties: { path: w.walk(path, 'path'), expected: w.walk(expected, 'expected') }, required: ['path', 'expected'] }),
);
