import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { complain, isObject, named, withSchema } from '../contract/codec/index.js';
import type { StepModule } from '../browser/act/define.js';
import { STEP_TYPES, type StepCall, type StepType } from '../contract/step-types.js';
import { checkStep } from '../browser/steps/check.js';
import { clickStep } from '../browser/steps/click.js';
import { closeStep } from '../browser/steps/close.js';
import { executeJsStep } from '../browser/steps/execute_js.js';
import { extractStep } from '../browser/steps/extract.js';
import { fillStep } from '../browser/steps/fill.js';
import { fillFormStep } from '../browser/steps/fill_form.js';
import { gotoStep } from '../browser/steps/goto.js';
import { observeStep } from '../browser/steps/observe.js';
import { pdfStep } from '../browser/steps/pdf.js';
import { screenshotStep } from '../browser/steps/screenshot.js';
import { scrollStep } from '../browser/steps/scroll.js';
import { scrollCollectStep } from '../browser/steps/scroll_collect.js';
import { tabStep } from '../browser/steps/tab.js';
import { selectStep } from '../browser/steps/select.js';
import { typeStep } from '../browser/steps/type.js';
import { uploadStep } from '../browser/steps/upload.js';
import { waitStep } from '../browser/steps/wait.js';

/**
 * Every step module, in the contract's order (interface.md 4.4). A step is its own file and one
 * entry here; its name, codec and documentation all come from the module.
 */
export const stepModules = [
  gotoStep, observeStep, clickStep, fillStep, typeStep, selectStep, checkStep, scrollStep, scrollCollectStep,
  screenshotStep, waitStep, extractStep, uploadStep, pdfStep, fillFormStep, executeJsStep, tabStep, closeStep,
] as const;

/** A step type name. */
export type StepName = (typeof stepModules)[number]['name'];

// One module per step type of the contract, and in its order: the compiler checks the names, this the order.
const sameNames: [StepName] extends [StepType] ? ([StepType] extends [StepName] ? true : never) : never = true;
void sameNames;
if (stepModules.some((module, i) => module.name !== STEP_TYPES[i])) throw new Error('lib/api/steps.ts lists the steps out of the contract\'s order');

/** The step type names, in the contract's order. */
export const stepNames: readonly StepName[] = STEP_TYPES;

// The one place where each module's params type is forgotten: params only ever reach `run`
// through stepCodec, which decoded them with that same module's codec.
const byName = new Map<string, StepModule<unknown>>(stepModules.map((module) => [module.name, module as unknown as StepModule<unknown>]));

/** True when `name` is a step type. */
export function isStepName(name: string): name is StepName {
  return byName.has(name);
}

/** The module of a step type; an unknown name is a programming error, since names come from stepCodec. */
export function stepModule(name: string): StepModule<unknown> {
  const module = byName.get(name);
  if (!module) throw new Error(`unknown step type ${JSON.stringify(name)}`);
  return module;
}

const ONE_KEY = 'an object with exactly one key: the step type';
const UNKNOWN = `one of: ${stepNames.join(', ')}`;

/** The definition name of a step type's object in API documents: scroll_collect becomes ScrollCollectStep. */
export function stepSchemaName(name: string): string {
  return `${name.replace(/(^|_)([a-z])/g, (_m, _sep, letter: string) => letter.toUpperCase())}Step`;
}

/** A step object (contract 2.9): exactly one key, a known step type, whose value decodes with that step's codec. */
const stepObject = new t.Type<StepCall, Record<string, unknown>, unknown>(
  'a step object',
  (u): u is StepCall => isObject(u) && typeof u.name === 'string' && isStepName(u.name) && 'params' in u,
  (u, c) => {
    if (!isObject(u)) return t.failure(u, c, ONE_KEY);
    const keys = Object.keys(u);
    if (keys.length !== 1) return t.failure(u, c, ONE_KEY);
    const name = keys[0]!;
    const raw = u[name];
    if (!isStepName(name)) return complain(u, c, { key: name, expected: UNKNOWN });
    const { codec } = stepModule(name);
    const params = codec.validate(raw, t.appendContext(c, name, codec, raw));
    return isLeft(params) ? params : t.success({ name, params: params.right });
  },
  (step) => ({ [step.name]: stepModule(step.name).codec.encode(step.params) }),
);

/** A step object (contract 2.9): exactly one key, a known step type, whose value decodes with that step's codec. */
export const stepCodec = named(
  withSchema(stepObject, (w) => ({
    description: 'A step: an object with exactly one key, the step type, whose value holds its parameters.',
    oneOf: stepModules.map(({ name, codec }) =>
      w.define(stepSchemaName(name), () => ({
        type: 'object',
        properties: { [name]: w.walk(codec, name) },
        required: [name],
        additionalProperties: false,
      })),
    ),
  })),
  'Step',
);
