// The contract's step types (interface.md 4.4), in its order. Each has one module, listed in
// lib/api/steps.ts; the compiler holds that list to this one.

/** Every step type, in the contract's order. */
export const STEP_TYPES = [
  'goto', 'observe', 'click', 'fill', 'type', 'select', 'check', 'scroll', 'scroll_collect',
  'screenshot', 'wait', 'extract', 'upload', 'pdf', 'fill_form', 'execute_js', 'tab', 'close',
] as const;

/** A step type name. */
export type StepType = (typeof STEP_TYPES)[number];

/** One decoded step: its type and its params, already decoded (defaults applied) by that type's codec. */
export interface StepCall {
  name: StepType;
  params: unknown;
}
