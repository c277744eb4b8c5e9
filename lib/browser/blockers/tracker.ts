import type { Frame, Page } from 'playwright';
import { bounded, READ_LIMIT_MS } from '../deadline.js';
import { inPage } from '../program.js';
import type { CompactCMPRuleset } from '@duckduckgo/autoconsent';
import { asConsentMessage, consentKitScript } from './autoconsent.js';
import { rulesFor } from './consent-rules.js';
import { closePopups } from './popups.js';
import type { BlockerKind, BlockerTracker, Dismissal } from './types.js';

/** How long after DOMContentLoaded autoconsent may take to start (it waits for idle, at most 500 ms). */
const START_GRACE_MS = 700;
/** How long the binding's delivery of a finished opt-out may trail the page's own record of it. */
const DELIVERY_MS = 250;
const LOG_SIZE = 100;

/** What the node side knows of autoconsent in one frame's current document. */
interface FrameConsent {
  /** A popup was found and its opt-out has not reported yet. */
  handling: boolean;
  /** autoconsentDone messages received for this document. */
  done: number;
}

/** Tracks autoconsent's messages for every frame of a context and runs the settle pass per page. */
export class ConsentTracker implements BlockerTracker {
  private readonly frames = new WeakMap<Frame, FrameConsent>();
  private readonly unreported = new WeakMap<Page, Dismissal[]>();
  private readonly waiters = new Set<() => void>();
  private readonly history: Dismissal[] = [];

  get log(): readonly Dismissal[] {
    return this.history;
  }

  /**
   * The binding's handler: one message from autoconsent in `frame` (page-controlled: checked
   * before use). A `kit` message gets the kit evaluated in its document; a `rules` message is
   * answered with the rules for its URL; the rest with nothing.
   */
  receive(frame: Frame, value: unknown): CompactCMPRuleset | undefined {
    const message = asConsentMessage(value);
    if (!message) return undefined;
    // The frame's place is the node side's to say, not the page's.
    if (message.type === 'rules') return rulesFor(message.url, frame.parentFrame() === null);
    if (message.type === 'kit') {
      // The document's starter waits for the kit; one that went away meanwhile needs none.
      void frame.evaluate(consentKitScript()).catch(() => undefined);
      return undefined;
    }
    if (message.type === 'init') {
      // A new document in this frame: what the previous one reported is over.
      this.frames.set(frame, { handling: false, done: 0 });
    } else {
      const state = this.frames.get(frame);
      if (state && message.type === 'popupFound') state.handling = true;
      if (state && message.type === 'optOutResult') state.handling = false;
      if (state && message.type === 'autoconsentDone') {
        state.done++;
        this.record(frame.page(), { kind: 'cookie_consent', detail: message.cmp + (message.isCosmetic ? ' (hidden)' : ''), url: message.url });
      }
    }
    for (const wake of [...this.waiters]) wake();
    return undefined;
  }

  /**
   * A frame navigated: a new document that never starts autoconsent sends no `init`, so what
   * the previous one was handling ends here. The count of opt-outs stays until the next `init`:
   * settle only compares it with what a document that started autoconsent reports.
   */
  navigated(frame: Frame): void {
    const state = this.frames.get(frame);
    if (state) state.handling = false;
  }

  async settle(page: Page, capMs: number): Promise<BlockerKind[]> {
    const deadline = Date.now() + capMs;
    // The cap bounds the consent wait; the popup pass after it gets a read's time, under the page's deadline.
    await bounded(page, capMs + READ_LIMIT_MS, async () => {
      const main = page.mainFrame();
      const outcome = await inPage(page, 'consentOutcome', capMs, START_GRACE_MS);
      await this.until(() => (this.frames.get(main)?.done ?? 0) >= outcome.done, DELIVERY_MS);
      // Consent popups inside iframes (Sourcepoint, TrustArc...) are known only through the binding.
      await this.until(() => !page.frames().some((frame) => this.frames.get(frame)?.handling), deadline - Date.now());
      for (const dismissal of await closePopups(page)) this.record(page, dismissal);
    }).catch(() => {
      // The page navigated, closed, crashed or ran past the limit mid-pass: what was handled so far still counts.
    });
    return this.take(page);
  }

  private record(page: Page, dismissal: Dismissal): void {
    const pending = this.unreported.get(page) ?? [];
    pending.push(dismissal);
    this.unreported.set(page, pending);
    this.history.push(dismissal);
    if (this.history.length > LOG_SIZE) this.history.shift();
  }

  /** The kinds dismissed on `page` since the last call, each once, in the order first seen. */
  private take(page: Page): BlockerKind[] {
    const pending = this.unreported.get(page) ?? [];
    this.unreported.delete(page);
    return [...new Set(pending.map((dismissal) => dismissal.kind))];
  }

  /** Resolves once `done()` holds or `ms` passed, re-checking on every message. */
  private until(done: () => boolean, ms: number): Promise<void> {
    if (done() || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (!done()) return;
        finish();
      };
      const finish = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.waiters.add(check);
    });
  }
}
