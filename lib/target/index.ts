import { errors, type Frame, type Locator } from 'playwright';
import { StepError } from '../errors.js';
import { REF_ENGINE } from '../observe/ref-engine.js';
import { PAGE_KEY } from '../observe/page/protocol.js';
import type { StepContext } from '../steps/define.js';
import type { FindQuery, FindResult } from './page/find.js';

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

type PageApiLike = {
  resolve(ref: string): { element: Element; frames: Element[] } | null;
  find(query: FindQuery): FindResult;
};

const describe = (target: TargetParams): Record<string, string> =>
  target.ref !== undefined ? { ref: target.ref } : target.text !== undefined ? { text: target.text } : { label: target.label ?? '' };

/** The page's answer for one target: the matched ref, or the candidates to offer. */
async function findInPage(ctx: StepContext, target: TargetParams, purpose: Purpose): Promise<FindResult> {
  const query: FindQuery = {
    by: target.text !== undefined ? 'text' : 'label',
    value: target.text ?? target.label ?? '',
    purpose,
    nextRef: ctx.observer.nextRefNumber,
  };
  const result = await ctx.page.evaluate(
    ([key, q]) => (globalThis as unknown as Record<symbol, PageApiLike>)[Symbol.for(key)]!.find(q),
    [PAGE_KEY, query] as const,
  );
  ctx.observer.reserve(result.nextRef);
  return result;
}

/** A locator for ref `ref` through Playwright's auto-wait, inside the same-origin iframes that hold it. */
async function refLocator(ctx: StepContext, ref: string, target: TargetParams): Promise<Locator> {
  // One round trip for the usual case (the element is in the top document); handles only for iframes.
  const depth = await ctx.page.evaluate(
    ([key, r]) => (globalThis as unknown as Record<symbol, PageApiLike>)[Symbol.for(key)]?.resolve(r)?.frames.length ?? -1,
    [PAGE_KEY, ref] as const,
  );
  if (depth < 0) {
    throw new StepError('element_not_found', `The element ${ref} is no longer on the page; observe again`, {
      target: describe(target),
      candidates: ctx.observer.nearest(ref),
    });
  }
  let frame: Frame = ctx.page.mainFrame();
  for (let i = 0; i < depth; i++) {
    const handle = await ctx.page.evaluateHandle(
      ([key, r, index]) => (globalThis as unknown as Record<symbol, PageApiLike>)[Symbol.for(key)]?.resolve(r)?.frames[index] ?? null,
      [PAGE_KEY, ref, i] as const,
    );
    const element = handle.asElement();
    const inner = await element?.contentFrame();
    await handle.dispose();
    if (!inner) throw new StepError('element_not_found', `The frame holding ${ref} is gone; observe again`, { target: describe(target), candidates: [] });
    frame = inner;
  }
  return frame.locator(`${REF_ENGINE}=${ref}`);
}

/**
 * Resolves a step's target to a Playwright locator. A ref must come from the latest observation
 * (an older one is stale); text and label are matched in the page among visible elements
 * (label order: aria-label, placeholder, associated label, name, nearby text). No match:
 * element_not_found with up to 5 nearest candidates `{ref, label}`.
 */
export async function locate(ctx: StepContext, target: TargetParams, purpose: Purpose): Promise<Locator> {
  if (target.ref !== undefined) {
    const ref = target.ref.trim();
    if (!ctx.observer.isCurrent(ref)) {
      const stale = ctx.observer.wasIssued(ref);
      throw new StepError(
        'element_not_found',
        stale
          ? `The ref ${ref} is stale: it is not in the latest observation; observe again and use a current ref`
          : `There is no element ${ref} in the latest observation; observe the page first`,
        { target: { ref }, candidates: ctx.observer.nearest(ref) },
      );
    }
    return refLocator(ctx, ref, target);
  }
  const found = await findInPage(ctx, target, purpose);
  if (!found.ref) {
    const what = target.text !== undefined ? `text "${target.text}"` : `label "${target.label}"`;
    throw new StepError('element_not_found', `No visible element matches the ${what}`, {
      target: describe(target),
      candidates: found.candidates,
    });
  }
  return refLocator(ctx, found.ref, target);
}

/** Playwright's actionability failures, as the `reason` of action_failed. */
function reasonOf(message: string): string {
  if (/not enabled|disabled/i.test(message)) return 'disabled';
  if (/not editable|readonly/i.test(message)) return 'not_editable';
  if (/intercepts pointer events/i.test(message)) return 'covered';
  if (/not attached|detached/i.test(message)) return 'detached';
  if (/not visible|outside of the viewport/i.test(message)) return 'not_visible';
  if (/not stable/i.test(message)) return 'not_stable';
  return 'timeout';
}

/** Runs an action on a located element, turning Playwright's failures into action_failed with a reason. */
export async function perform<T>(what: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof StepError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // The call log says why auto-wait gave up; the last "-" line is the most recent reason.
    const log = message.split('\n').filter((line) => /^\s+-/.test(line));
    const last = log[log.length - 1]?.trim().replace(/^- /, '') ?? '';
    if (error instanceof errors.TimeoutError) {
      const reason = reasonOf(`${last} ${message}`);
      throw new StepError('action_failed', `${what} failed: the element is ${reason.replace('_', ' ')}${last ? ` (${last})` : ''}`, { reason });
    }
    const first = message.split('\n')[0] ?? message;
    throw new StepError('action_failed', `${what} failed: ${first}`, { reason: /detached|not attached/i.test(first) ? 'detached' : 'error' });
  }
}
