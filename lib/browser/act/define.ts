// The step runtime's one entry: a step declares what it is, and defineStep makes the module the
// runner runs. An element step has its element found before it runs (one way: Located); a step
// whose action may cause a navigation has what it caused waited for after it (withNavigation), one
// that only fires requests has those waited for (withEffects); every step's budget is its own time
// plus what the runtime adds for the elements it acts on and a navigation. Elements a step finds
// are let go when it ends.
import type * as t from 'io-ts';
import type { StepType } from '../../contract/step-types.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance, type BudgetInputs } from './budget.js';
import { withNavigation } from './navigation/action.js';
import { withEffects } from './navigation/effects.js';
import type { StepOutcome, Act } from './act.js';
import type { Purpose, TargetParams } from './targeting/index.js';
import { locate, type Located } from './targeting/located.js';

/** One step type as the runner sees it: its name, the codec of its parameters, its time budget and how it runs. */
export interface StepModule<P = unknown, N extends string = string> {
  readonly name: N;
  readonly codec: t.Type<P, unknown, unknown>;
  /** The step acts through Playwright's element actions (StepDeclaration's `playwright`). */
  readonly targets: boolean;
  /**
   * The longest the step may take, in ms; the runner stops it there. What the session has (a
   * CAPTCHA solver) may add to it.
   */
  budget(params: P, act: BudgetInputs): number;
  run(act: Act, params: P): Promise<StepOutcome | void>;
}

/** What every step declares. */
interface Declared<P, N extends string> {
  readonly name: N;
  readonly codec: t.Type<P, unknown, unknown>;
  /**
   * The step's own time in ms (its waits, downloads, key presses), beyond what the runtime adds
   * for the elements it acts on and a navigation: upper bounds of its own waits, so that a step
   * that works is never cut short.
   */
  readonly budget?: (params: P, act: BudgetInputs) => number;
  /**
   * It acts through Playwright's element actions, which need Playwright's script in the element's
   * document: a document an earlier step of the act opens is readied for them. A step acting
   * through the page's program (click, fill) reaches for Playwright only when an element is not
   * ready at once, and does not declare it.
   */
  readonly playwright?: true;
}

/** A step on the one element its parameters name (ref, text or label), which the runtime finds before it runs. */
export interface ElementStep<P extends TargetParams, N extends string, R, V> extends Declared<P, N> {
  readonly acts: 'element';
  /** What the element is for: narrows which elements a label may name. */
  readonly purpose: Purpose;
  /** 'caused': the action may start a navigation (a link, a submit), which is waited for after it. */
  readonly navigation?: 'caused';
  /** Work before the action that the wait for the action's effects must not see (upload's downloads). */
  prepare?(act: Act, params: P, element: Located): Promise<R>;
  /** The action. */
  run(act: Act, params: P, element: Located, prepared: R): Promise<V>;
  /** After the wait for what the action caused: its check (fill reads the value back unless the page moved on). */
  verify?(act: Act, element: Located, done: V, navigated: boolean): Promise<void>;
}

/** What the runtime hands a page step as it runs. */
export interface PageStepTools {
  /** Finds an element the step acts on (one counted in `elements`); the runtime lets it go when the step ends. */
  locate(target: TargetParams, purpose: Purpose): Promise<Located>;
  /** Waits for what the step's action caused so far (the requests it fired answered, a frame); nothing to wait for without `navigation` or `settle`. */
  settled(): Promise<void>;
}

/** A step on the page as a whole, or on elements it finds itself. */
export interface PageStep<P, N extends string> extends Declared<P, N> {
  readonly acts: 'page';
  /**
   * 'caused': what it does may start a navigation, which is waited for after it (with the
   * requests it fired); 'own': the step is a navigation and waits for it itself (goto). Either
   * adds a navigation's allowance to the budget.
   */
  readonly navigation?: 'caused' | 'own';
  /** It starts no navigation, but the requests it fires (lazy content) are waited for after it, at most this many ms. */
  readonly settle?: number;
  /** How many elements it finds and acts on, for its budget. */
  readonly elements?: (params: P) => number;
  run(act: Act, params: P, tools: PageStepTools): Promise<StepOutcome | void>;
}

/** A step that only reads the page (or waits): nothing to find, nothing to wait for after it. */
export interface ReadStep<P, N extends string> extends Declared<P, N> {
  readonly acts: 'read';
  readonly budget: (params: P, act: BudgetInputs) => number;
  run(act: Act, params: P): Promise<StepOutcome | void>;
}

/** Declares a step; the module the runner runs (the name stays a literal, for the catalogue). */
export function defineStep<const N extends StepType, P extends TargetParams, R = undefined, V = unknown>(step: ElementStep<P, N, R, V>): StepModule<P, N>;
export function defineStep<const N extends StepType, P>(step: PageStep<P, N> | ReadStep<P, N>): StepModule<P, N>;
export function defineStep<const N extends StepType, P>(
  step: ElementStep<P & TargetParams, N, unknown, unknown> | PageStep<P, N> | ReadStep<P, N>,
): StepModule<P, N> {
  const elements = (params: P): number => (step.acts === 'element' ? 1 : step.acts === 'page' ? (step.elements?.(params) ?? 0) : 0);
  const navigates = step.acts !== 'read' && step.navigation !== undefined;
  return {
    name: step.name,
    codec: step.codec as t.Type<P, unknown, unknown>,
    targets: step.playwright === true,
    budget: (params, act) =>
      ((step.budget as ((params: P, act: BudgetInputs) => number) | undefined)?.(params, act) ?? 0) +
      elements(params) * ELEMENT_ALLOWANCE_MS +
      (navigates ? navigationAllowance(act) : 0) +
      (step.acts === 'page' ? (step.settle ?? 0) : 0),
    run: (act, params) => {
      if (step.acts === 'element') return runOnElement(act, params as P & TargetParams, step);
      if (step.acts === 'read') return step.run(act, params);
      return runOnPage(act, params, step);
    },
  };
}

/** An element step: find its element, prepare, act (waiting for what the action caused), verify, let the element go. */
async function runOnElement<P extends TargetParams>(act: Act, params: P, step: ElementStep<P, string, unknown, unknown>): Promise<void> {
  const element = await locate(act, params, step.purpose);
  try {
    const prepared = await step.prepare?.(act, params, element);
    let done: unknown;
    const action = async (): Promise<void> => void (done = await step.run(act, params, element, prepared));
    const navigated = step.navigation === 'caused' ? await withNavigation(act, action) : (await action(), false);
    await step.verify?.(act, element, done, navigated);
  } finally {
    element.release();
  }
}

/** A page step: run it under the wait it declared, and let go every element it found. */
async function runOnPage<P>(act: Act, params: P, step: PageStep<P, string>): Promise<StepOutcome | void> {
  const found: Located[] = [];
  const tools = (settled: () => Promise<void>): PageStepTools => ({
    locate: async (target, purpose) => {
      const element = await locate(act, target, purpose);
      found.push(element);
      return element;
    },
    settled,
  });
  try {
    if (step.navigation === 'caused') {
      let outcome: StepOutcome | void = undefined;
      await withNavigation(act, async (effects) => void (outcome = await step.run(act, params, tools(() => effects.settled()))));
      return outcome;
    }
    if (step.settle !== undefined) return await withEffects(act, step.settle, (effects) => step.run(act, params, tools(() => effects.settled())));
    return await step.run(act, params, tools(() => Promise.resolve()));
  } finally {
    for (const element of found) element.release();
  }
}
