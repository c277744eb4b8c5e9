import type { ElementHandle, Frame, Page } from 'playwright';
import { StepError } from '../../../contract/errors.js';
import { actionFailure } from './failure.js';
import { foreignFrames } from '../../observe/observer.js';
import { bounded, READ_LIMIT_MS, WALK_LIMIT_MS } from '../../deadline.js';
import type { Act } from '../act.js';
import type { FindQuery, FindResult } from '../../injected/target/types.js';
import { elementIn, inPage } from '../../program.js';
import { pause } from '../../../platform/time.js';

/** How a step names its element: exactly one of these (the codec enforces it). */
export interface TargetParams {
  ref?: string;
  text?: string;
  label?: string;
}

/** What the step will do with the element; narrows label matches to controls that can take it. */
export type Purpose = FindQuery['purpose'];

/** How long an action waits for its element to become actionable (visible, stable, enabled, unobscured). */
export const ACTION_TIMEOUT_MS = 5_000;

const describe = (target: TargetParams): Record<string, string> =>
  target.ref !== undefined ? { ref: target.ref } : target.text !== undefined ? { text: target.text } : { label: target.label ?? '' };

/**
 * The page's answer for one target: the matched ref (with the cross-origin frame it is in, if
 * any), or the candidates to offer. The top document is asked first, then each cross-origin
 * frame in turn; a frame's refs continue the page's numbering.
 */
async function findInPage(act: Act, target: TargetParams, purpose: Purpose): Promise<FindResult & { frame?: Frame }> {
  const query = (): FindQuery => ({
    by: target.text !== undefined ? 'text' : 'label',
    value: target.text ?? target.label ?? '',
    purpose,
    nextRef: act.observer.nextRefNumber,
  });
  const ask = async (where: Page | Frame): Promise<FindResult> => {
    const result = await bounded(where, WALK_LIMIT_MS, () => inPage(where, 'find', query()));
    act.observer.reserve(result.nextRef);
    return result;
  };
  const result = await ask(act.page);
  if (result.ref) return result;
  let candidates = result.candidates;
  for (const frame of foreignFrames(act.page)) {
    const found = await ask(frame).catch(() => null);
    if (found?.ref) return { ...found, frame };
    candidates = [...candidates, ...(found?.candidates ?? [])];
  }
  return { ...result, candidates: candidates.slice(0, 5) };
}

/**
 * A handle to ref `ref`'s element, in the frame whose document holds it (same-origin iframes).
 * Playwright's element actions on it wait for actionability as locators do; a ref names one
 * element, so there is nothing to re-query, and an element that went away is an error at once.
 */
async function refHandle(act: Act, ref: string, target: TargetParams, foreign: Frame | undefined): Promise<ElementHandle> {
  const gone = (): StepError => refGone(act, ref, target);
  // A cross-origin iframe's element: that frame's program numbered it and holds it.
  if (foreign) {
    const element = await elementIn(foreign, 'refElement', ref).catch(() => null);
    if (!element) throw gone();
    return element;
  }
  // One round trip for the usual case (the element is in the top document).
  const element = await bounded(act.page, READ_LIMIT_MS, () => elementIn(act.page, 'refElement', ref));
  if (element) return element;
  const depth = await inPage(act.page, 'refDepth', ref);
  if (depth <= 0) throw gone();
  let frame: Frame = act.page.mainFrame();
  for (let i = 0; i < depth; i++) {
    // The chain of iframe elements comes from the top document's numbering, outermost first.
    const owner = await elementIn(act.page, 'refFrame', ref, i);
    const inner = await owner?.contentFrame();
    await owner?.dispose();
    if (!inner) throw new StepError('element_not_found', `The frame holding ${ref} is gone; observe again`, { target: describe(target), candidates: [] });
    frame = inner;
  }
  // The numbering lives on the top window; the iframe's own document reaches it there.
  const found = await elementIn(frame, 'refFromTop', ref);
  if (!found) throw gone();
  return found;
}

/** How long a text or label target missing from a page that is still settling is looked for again. */
export const APPEAR_CAP_MS = 3_000;
/** The pause between two looks. */
const LOOK_AGAIN_MS = 100;

/**
 * A text or label target the page does not show yet, on a page that is still settling (the
 * previous step's fetch answered, its result not drawn yet; a dialog fading in), is looked for
 * again until it shows, the page is stable (one last look), or APPEAR_CAP_MS pass. Action steps
 * do not wait for the page's quiet, so this is where a step waits for what it needs. On a
 * stable page a missing target fails at once.
 */
async function lookAgainWhileSettling(act: Act, target: TargetParams, purpose: Purpose, first: FindResult & { frame?: Frame }): Promise<FindResult & { frame?: Frame }> {
  const deadline = performance.now() + APPEAR_CAP_MS;
  let found = first;
  while (!found.ref && !act.signal.aborted) {
    const stable = await act.observer.stableNow();
    const left = deadline - performance.now();
    if (!stable) await pause(Math.min(LOOK_AGAIN_MS, left), act.signal);
    found = await findInPage(act, target, purpose);
    if (stable || left <= LOOK_AGAIN_MS) break;
  }
  return found;
}

/** A step's target as the page matched it: its ref, and the cross-origin frame whose walker holds it, if any. */
export interface FoundRef {
  ref: string;
  frame?: Frame;
}

/**
 * Matches a step's target to a ref. A ref must come from the latest observation (an older one is
 * stale); text and label are matched in the page among visible elements (label order:
 * aria-label, placeholder, associated label, name, nearby text). No match: element_not_found
 * with up to 5 nearest candidates `{ref, label}`.
 */
export async function findRef(act: Act, target: TargetParams, purpose: Purpose): Promise<FoundRef> {
  if (target.ref !== undefined) {
    const ref = target.ref.trim();
    if (!act.observer.isCurrent(ref)) {
      // Refs belong to the tab they were observed in; one of another tab is not this page's.
      const owner = act.observer.tabOf(ref);
      if (owner !== undefined && owner !== act.observer.refs.tab) {
        throw new StepError(
          'element_not_found',
          `The ref ${ref} belongs to tab ${owner}, not to the active tab ${act.observer.refs.tab}; switch to it first ({"tab": {"switch": "${owner}"}}) or use a ref of this tab`,
          { target: { ref }, tab: owner, candidates: act.observer.nearest(ref) },
        );
      }
      const stale = act.observer.wasIssued(ref);
      throw new StepError(
        'element_not_found',
        stale
          ? `The ref ${ref} is stale: it is not in the latest observation; observe again and use a current ref`
          : `There is no element ${ref} in the latest observation; observe the page first`,
        { target: { ref }, candidates: act.observer.nearest(ref) },
      );
    }
    const frame = act.observer.frameOf(ref);
    return frame ? { ref, frame } : { ref };
  }
  const found = await lookAgainWhileSettling(act, target, purpose, await findInPage(act, target, purpose));
  if (!found.ref) {
    const what = target.text !== undefined ? `text "${target.text}"` : `label "${target.label}"`;
    throw new StepError('element_not_found', `No visible element matches the ${what}`, {
      target: describe(target),
      candidates: found.candidates,
    });
  }
  return found.frame ? { ref: found.ref, frame: found.frame } : { ref: found.ref };
}

/** The error of a ref whose element left the page since it was matched. */
export function refGone(act: Act, ref: string, target: TargetParams): StepError {
  return new StepError('element_not_found', `The element ${ref} is no longer on the page; observe again`, {
    target: describe(target),
    candidates: act.observer.nearest(ref),
  });
}

/** A handle to a found ref's element, for Playwright's element actions (dispose it after use). */
export function handleOf(act: Act, found: FoundRef, target: TargetParams): Promise<ElementHandle> {
  return refHandle(act, found.ref, target, found.frame);
}

/** Runs an action on a located element, turning Playwright's failures into action_failed with a reason and a sentence. */
export async function perform<T>(what: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw actionFailure(what, error);
  }
}

/**
 * Readies a new document, while the caller waits for it to settle, for the Playwright actions
 * that follow (`actions`): Playwright compiles its injected script in the page's main world (for
 * the preview of every element handle) and in its utility world (where actions run), some 20 ms
 * each, which a document that is only read never needs. Our walker needs nothing: it comes with
 * every top document (an init script). Best effort: nothing waits for it, and a document that
 * goes away meanwhile only ends it early.
 */
export function prepareActions(page: Page, actions: boolean): void {
  if (!actions) return;
  void elementIn(page, 'root')
    .then(async (root) => {
      try {
        await root?.waitForElementState('visible', { timeout: 1_000 });
      } finally {
        await root?.dispose();
      }
    })
    .catch(() => undefined);
}
