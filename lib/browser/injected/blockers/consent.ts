// In the page: autoconsent's way into a document and the record of its progress there. The
// blockers' start (../boot/blockers.ts) wraps the binding autoconsent talks to node through and
// decides whether autoconsent starts at all; the kit (../consent-kit.ts) comes only when it does;
// consentOutcome answers settle's question (lib/browser/blockers/tracker.ts).
import { partKey } from '../names.js';
import type { ConsentOutcome, ConsentStart } from './types.js';

/** One document's view of autoconsent, kept by the recorder under Symbol.for(partKey('consent')). */
interface ConsentProgress {
  /**
   * The lifecycle of autoconsent's last `report`; before autoconsent starts, `sniffing` (the
   * sniff has not found anything yet) and then `nothingSniffed` (it stopped looking).
   */
  lifecycle: string;
  /** Sniffs the document now, starting autoconsent on a hit; true once autoconsent has started (startConsent). */
  sniff?: () => boolean;
  /** The loader's hand for the kit, once the starter asked node for it. */
  load?: (token: unknown, start: unknown) => void;
  /** Message counter, and the counter value of the last popupFound and of the last opt-out result. */
  seq: number;
  popupSeq: number;
  resultSeq: number;
  /** autoconsentDone messages so far in this document. */
  done: number;
  /** Called on every message, for waiters. */
  changed: Set<() => void>;
}

/** A binding's function: a message in, node's answer back. */
type Send = (message: unknown) => unknown;

const key = Symbol.for(partKey('consent'));
const progressOf = (win: Window): ConsentProgress | undefined => (win as unknown as Record<symbol, ConsentProgress | undefined>)[key];

/** The messages of autoconsent node acts on; the frequent `report`s stay in the page. */
const FORWARDED = new Set(['kit', 'init', 'rules', 'cmpDetected', 'popupFound', 'optOutResult', 'autoconsentDone', 'autoconsentError']);

/**
 * Wraps the binding so the document records autoconsent's progress for itself (settle reads it
 * without racing the binding's own delivery), and forwards only the messages node acts on.
 * Answers the wrapped binding, which only the blockers' start holds once the binding is hidden.
 */
export function recordConsent(win: Window, binding: string): Send | null {
  const scope = win as unknown as Record<string, unknown>;
  const send = scope[binding];
  if (typeof send !== 'function' || progressOf(win)) return null;
  const progress: ConsentProgress = { lifecycle: 'loading', seq: 0, popupSeq: 0, resultSeq: 0, done: 0, changed: new Set() };
  Object.defineProperty(win, key, { value: progress });
  const wrapped: Send = (message) => {
    const m = message as { type?: string; state?: { lifecycle?: string } } | null;
    const type = m?.type ?? '';
    progress.seq++;
    if (type === 'report' && typeof m?.state?.lifecycle === 'string') progress.lifecycle = m.state.lifecycle;
    if (type === 'popupFound') progress.popupSeq = progress.seq;
    if (type === 'optOutResult') progress.resultSeq = progress.seq;
    if (type === 'autoconsentDone') progress.done++;
    for (const notify of [...progress.changed]) notify();
    return FORWARDED.has(type) ? (send as Send)(message) : Promise.resolve();
  };
  scope[binding] = wrapped;
  return wrapped;
}

/**
 * Where the starter decided autoconsent starts: asks node for the kit (a `kit` message), which
 * node evaluates in this document, where the kit hands its start to the loader with the token.
 * Page scripts cannot know the token, so they cannot start anything with the binding this
 * closure holds; a document that never asked takes nothing.
 */
function askForKit(win: Window, token: string, send: Send, onSite: boolean): void {
  const progress = progressOf(win);
  if (!progress || progress.load) return;
  let loaded = false;
  const load = (given: unknown, start: unknown): void => {
    if (given !== token || loaded || typeof start !== 'function') return;
    loaded = true;
    void Promise.resolve((start as (s: Send, site: boolean) => Promise<void>)(send, onSite)).catch(() => undefined);
  };
  Object.defineProperty(progress, 'load', { value: load });
  void Promise.resolve(send({ type: 'kit', url: win.location.href })).catch(() => undefined);
}

/**
 * In an http(s) document, decides whether autoconsent starts. After DOMContentLoaded a main frame
 * on a site with its own rule (a site pattern, each with the texts one of which a URL it matches
 * holds) starts it at once; any other document is sniffed (`sniff`), and again every
 * `start.intervalMs` (autoconsent's own detection schedule), `start.retries` times, if the DOM
 * changed meanwhile, so a banner a CMP script adds late is still caught; a hit starts it. Until
 * it starts, autoconsent costs the document nothing but the sniffs: its code has not even been sent.
 */
export function startConsent(win: Window, start: ConsentStart, send: Send, sniff: () => boolean): void {
  const progress = progressOf(win);
  if (!progress) return;
  progress.lifecycle = 'sniffing';
  let started = false;
  const begin = (onSite = false): boolean => {
    if (!started) {
      started = true;
      progress.lifecycle = 'loading';
      askForKit(win, start.token, send, onSite);
    }
    return true;
  };
  progress.sniff = () => started || (sniff() && begin());
  // Sniffing again is only worth it once the DOM changed (autoconsent's own retries wait for a
  // mutation too): the observer only notes the first change, then stops until the next sniff.
  let changed = true;
  const observer = new MutationObserver(() => {
    changed = true;
    observer.disconnect();
  });
  let left = start.retries;
  const look = (): void => {
    if (changed) {
      changed = false;
      if (progress.sniff?.()) return;
      observer.observe(win.document, { childList: true, subtree: true, attributes: true });
    }
    if (left-- > 0) win.setTimeout(look, start.intervalMs);
    else {
      observer.disconnect();
      progress.lifecycle = 'nothingSniffed';
    }
  };
  const ready = (): void => {
    const url = win.location.href;
    // A pattern is compiled only for a URL holding text it requires (lib/browser/blockers/consent-rules.ts).
    const site = (): boolean => start.sitePatterns.some((pattern, i) => (start.siteTexts[i] ?? ['']).some((text) => url.includes(text)) && url.match(pattern) !== null);
    if (win === win.top && site()) begin(true);
    else look();
  };
  const soon = (): void => void win.setTimeout(ready, 0);
  if (win.document.readyState === 'loading') win.document.addEventListener('DOMContentLoaded', soon, { once: true });
  else soon();
}

/** Starts the kit's autoconsent in this document, if its loader is waiting for it and `token` is its own. */
export function loadKit(win: Window, token: string, start: unknown): void {
  progressOf(win)?.load?.(token, start);
}

/**
 * Waits, for at most `budgetMs`, until autoconsent has nothing left to do in this document. A
 * popup being handled is waited for; otherwise two macrotasks let a detection pass already under
 * way finish (its checks are synchronous DOM queries), and that is all: a page without a banner
 * costs no sleep. Before detection has started (it starts once the page is idle after
 * DOMContentLoaded, at most 500 ms later) it waits for the start, up to `startGraceMs` after
 * DOMContentLoaded. A document autoconsent has not started in (still sniffing, or done sniffing
 * without a hit) is sniffed once more, now: a miss is settled at once; a hit starts autoconsent,
 * whose start is then waited for up to `startGraceMs` from now.
 */
export async function consentOutcome(win: Window, budgetMs: number, startGraceMs: number): Promise<ConsentOutcome> {
  const progress = progressOf(win);
  if (!progress) return { state: 'absent', done: 0 };
  const end = performance.now() + budgetMs;
  const nav = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  let readyAt = nav && nav.domContentLoadedEventEnd > 0 ? nav.domContentLoadedEventEnd : performance.now();
  if (progress.lifecycle === 'sniffing' || progress.lifecycle === 'nothingSniffed') {
    if (!progress.sniff?.()) return { state: 'settled', done: progress.done };
    readyAt = performance.now();
  }
  const starting = new Set(['loading', 'waitingForInitResponse', 'initialized']);
  const handling = (): boolean => progress.popupSeq > progress.resultSeq || progress.lifecycle === 'openPopupDetected' || progress.lifecycle === 'runningOptOut';
  const tick = (): Promise<void> => new Promise((resolve) => win.setTimeout(resolve, 0));
  const change = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const finish = (): void => {
        win.clearTimeout(timer);
        progress.changed.delete(finish);
        resolve();
      };
      const timer = win.setTimeout(finish, Math.max(0, ms));
      progress.changed.add(finish);
    });
  for (;;) {
    const left = end - performance.now();
    if (handling()) {
      if (left <= 0) return { state: 'pending', done: progress.done };
      await change(left);
      continue;
    }
    if (starting.has(progress.lifecycle)) {
      const wait = Math.min(left, readyAt + startGraceMs - performance.now());
      if (wait <= 0) return { state: 'settled', done: progress.done };
      await change(wait);
      continue;
    }
    await tick();
    await tick();
    if (!handling()) return { state: 'settled', done: progress.done };
  }
}
