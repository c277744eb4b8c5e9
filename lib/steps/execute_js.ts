import type * as t from 'io-ts';
import { intRange, nonEmptyString, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { MAX_WAIT_MS } from './limits.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of execute_js: the function body, where its result goes in `extraction`, and a time limit. */
export const executeJsCodec = strictObject({
  code: nonEmptyString,
  result_key: withDefault(nonEmptyString, 'js_result'),
  timeout: withDefault(intRange(1, MAX_WAIT_MS), 10_000),
});

/** Decoded execute_js parameters. */
export type ExecuteJsParams = t.TypeOf<typeof executeJsCodec>;

/** The execute_js step. */
export const executeJsStep = defineStep({ name: 'execute_js', codec: executeJsCodec, run: notAvailableYet('execute_js') });
