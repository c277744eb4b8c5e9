import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { complain, isObject, named, withSchema } from '../codec/index.js';
import type { StepModule } from './define.js';
import { checkStep } from './check.js';
import { clickStep } from './click.js';
import { closeStep } from './close.js';
import { executeJsStep } from './execute_js.js';
import { extractStep } from './extract.js';
import { fillStep } from './fill.js';
import { fillFormStep } from './fill_form.js';
import { gotoStep } from './goto.js';
import { observeStep } from './observe.js';
import { pdfStep } from './pdf.js';
import { screenshotStep } from './screenshot.js';
import { scrollStep } from './scroll.js';
import { scrollCollectStep } from './scroll_collect.js';
import { selectStep } from './select.js';
import { typeStep } from './type.js';
import { uploadStep } from './upload.js';
import { waitStep } from './wait.js';

/**
 * Every step module, in the contract's order (interface.md 4.4). A step is its own file and one
 * entry here; its name, codec and documentation all come from the module.
 */
export const stepModules = [
  gotoStep, observeStep, clickStep, fillStep, typeStep, selectStep, checkStep, scrollStep, scrollCollectStep,
  screenshotStep, waitStep, extractStep, uploadStep, pdfStep, fillFormStep, executeJsStep, closeStep,
] as const;

/** A step type name. */
export type StepName = (typeof stepModules)[number]['name'];

/** The step type names, in the contract's order. */
export const stepNames: readonly StepName[] = stepModules.map((module) => module.name);

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

/** One decoded step: its type and its params, already decoded (defaults applied) by that type's codec. */
export interface StepCall {
  name: StepName;
  params: unknown;
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
