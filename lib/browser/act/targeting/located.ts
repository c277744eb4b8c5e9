// A step's target once found: its ref, asked of the page's program in one round trip for the
// plain actions (click, fill, select: lib/browser/injected/target/act.ts), and a Playwright handle
// made only when an action needs Playwright's own (a field it sets, an element not ready yet,
// one inside an iframe). A handle costs more than its round trip: its preview needs
// Playwright's injected script, which the document compiles on first use.
import type { ElementHandle } from 'playwright';
import { bounded, WALK_LIMIT_MS } from '../../deadline.js';
import type { Answer, PageCalls } from '../../injected/protocol.js';
import { inPage } from '../../program.js';
import type { Act } from '../act.js';
import { findRef, handleOf, type FoundRef, type Purpose, type TargetParams } from './index.js';

/** The program's methods a step may ask of a ref. */
type RefMethod = 'aimClick' | 'aimFill' | 'leaveField' | 'fieldAfter' | 'chooseOptions';
/** What a method takes after the ref. */
type Rest<M extends RefMethod> = Parameters<PageCalls[M]> extends [string, ...infer R] ? R : never;

/** A found target: its ref, where it is, and its handle on demand. */
export class Located {
  private handle: Promise<ElementHandle> | undefined;

  constructor(
    private readonly act: Act,
    readonly found: FoundRef,
    readonly target: TargetParams,
  ) {}

  /** The element is in the top document's walker's reach (not in a cross-origin frame): the plain actions apply. */
  get inTop(): boolean {
    return this.found.frame === undefined;
  }

  /** Asks the top document's program to run `method` on the ref, with `rest` after it, within a walk's limit. */
  ask<M extends RefMethod>(method: M, ...rest: Rest<M>): Promise<Answer<PageCalls[M]>> {
    const { page } = this.act;
    const args = [this.found.ref, ...rest] as unknown as Parameters<PageCalls[M]>;
    return bounded(page, WALK_LIMIT_MS, () => (inPage as (where: typeof page, method: M, ...a: unknown[]) => Promise<Answer<PageCalls[M]>>)(page, method, ...args));
  }

  /** The element's handle, made once. */
  element(): Promise<ElementHandle> {
    this.handle ??= handleOf(this.act, this.found, this.target);
    return this.handle;
  }

  /** Lets the handle go, if one was made (without waiting for the page to confirm). */
  release(): void {
    void this.handle?.then((handle) => handle.dispose()).catch(() => undefined);
  }
}

/** Finds a step's target (see findRef); release it when done. The step runtime (../define.ts) is its one caller. */
export async function locate(act: Act, target: TargetParams, purpose: Purpose): Promise<Located> {
  return new Located(act, await findRef(act, target, purpose), target);
}
