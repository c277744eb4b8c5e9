import type * as t from 'io-ts';
import { arrayOf, described, refine } from '../contract/codec/index.js';
import type { StepCall } from '../contract/step-types.js';
import { stepCodec } from './steps.js';

/** Most steps in one request (decisions.md: more is 400 invalid_request). */
export const MAX_STEPS = 100;

/** The `steps` array of create (may be empty) or act (`min` 1): at most 100 steps, `close` only last. */
export function stepsCodec(min: 0 | 1): t.Type<StepCall[], unknown[], unknown> {
  const name = min === 0 ? `an array of at most ${MAX_STEPS} steps` : `an array of 1 to ${MAX_STEPS} steps`;
  // decisions.md: a close step before the end is refused before anything runs.
  const codec = refine(arrayOf(stepCodec, { min, max: MAX_STEPS, name }), (steps) => {
    const early = steps.findIndex((step, i) => step.name === 'close' && i < steps.length - 1);
    return early === -1 ? undefined : { key: String(early), expected: 'close as the last step' };
  });
  return described(codec, 'Steps run in order; the first failure stops them and is answered in error with the page. close may only be last.');
}
