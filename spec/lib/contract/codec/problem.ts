// Test helpers: run decode and hand back either the decoded value or the 400's {path, expected}.
import type * as t from 'io-ts';
import { decode } from '../../../../lib/contract/codec/index.js';
import { ApiError } from '../../../../lib/contract/errors.js';

/** The {path, expected} of the 400 that decoding `value` throws; fails the test when it decodes. */
export function problem(codec: t.Decoder<unknown, unknown>, value: unknown, rootPath?: string): { path: unknown; expected: unknown } {
  try {
    decode(codec, value, rootPath);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { path: error.context?.path, expected: error.context?.expected };
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused, but it decoded`);
}

/** The decoded value; fails the test with the reported problem when it does not decode. */
export function decoded<A>(codec: t.Decoder<unknown, A>, value: unknown): A {
  return decode(codec, value);
}
