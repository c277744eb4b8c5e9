import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { ApiError } from '../errors.js';

/** Where a value failed and what was wanted there: the `context` of a 400 invalid_request. */
export interface Problem {
  path: string;
  expected: string;
}

/** The expected phrase of a key that the object does not have. */
export const NO_SUCH_FIELD = 'no such field';

// Unions and intersections add a context entry per branch, keyed by the branch's index;
// those keys say nothing about where the value is, so the path skips them.
const transparent = new Set(['UnionType', 'IntersectionType']);

/** The path of one io-ts context: `steps[2].click.ref` (keys joined by dots, array indices in brackets). */
export function pathOf(context: t.Context, rootPath = ''): string {
  let path = rootPath;
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1]!;
    const { key } = context[i]!;
    if (transparent.has(String((parent.type as { _tag?: unknown })._tag))) continue;
    if (Array.isArray(parent.actual)) path += `[${key}]`;
    else path += path === '' ? key : `.${key}`;
  }
  return path;
}

/** The first of io-ts' errors as {path, expected}; an error's message, when set, is the expected phrase. */
export function firstProblem(errors: t.Errors, rootPath?: string): Problem {
  const error = errors[0];
  if (!error) return { path: rootPath || 'body', expected: 'a valid value' };
  const last = error.context[error.context.length - 1];
  return {
    path: pathOf(error.context, rootPath) || 'body',
    expected: error.message ?? last?.type.name ?? 'a valid value',
  };
}

/**
 * Decodes `value` or throws a 400 invalid_request naming the first offending field; `rootPath`
 * prefixes every path (an empty path, the value itself, reads as `rootPath`, else `body`).
 */
export function decode<A>(codec: t.Decoder<unknown, A>, value: unknown, rootPath?: string): A {
  const result = codec.decode(value);
  if (!isLeft(result)) return result.right;
  const problem = firstProblem(result.left, rootPath);
  // "x: expected no such field" would read oddly; an unknown key is said plainly.
  const sentence = problem.expected === NO_SUCH_FIELD ? NO_SUCH_FIELD : `expected ${problem.expected}`;
  throw new ApiError(400, 'invalid_request', `${problem.path}: ${sentence}`, { ...problem });
}
