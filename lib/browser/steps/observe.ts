import { observeCodec } from '../../contract/request/observe.js';
import { OBSERVE_ALLOWANCE_MS } from '../act/budget.js';
import { defineStep } from '../act/define.js';

/** The observe step: a fresh observation with these options. */
export const observeStep = defineStep({
  name: 'observe',
  codec: observeCodec,
  acts: 'read',
  budget: () => OBSERVE_ALLOWANCE_MS,
  run: async ({ observer }, params) => ({ observation: await observer.observe(params) }),
});
