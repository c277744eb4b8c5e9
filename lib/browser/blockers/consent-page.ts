// Functions that run inside the page (serialised into the init script or passed to evaluate):
// each is self-contained, using nothing from this module's scope.

/** Where each document keeps its record of autoconsent's progress (a non-enumerable window property). */
export const CONSENT_KEY = '__tabwrightConsent';

/** One document's view of autoconsent, kept by the recorder. */
interface ConsentProgress {
  /**
   * The lifecycle of autoconsent's last `report`; before autoconsent starts, `sniffing` (the
   * sniff has not found anything yet) and then `nothingSniffed` (it stopped looking).
   */
  lifecycle: string;
  /** Sniffs the document now, starting autoconsent on a hit; true once autoconsent has started (consentStarter). */
  sniff?: () => boolean;
  /** Message counter, and the counter value of the last popupFound and of the last opt-out result. */
  seq: number;
  popupSeq: number;
  resultSeq: number;
  /** autoconsentDone messages so far in this document. */
  done: number;
  /** Called on every message, for waiters. */
  changed: Set<() => void>;
}

/** How a document's consent handling stands when settle asks. */
export interface ConsentOutcome {
  /** absent: autoconsent is not running here; settled: nothing (left) to wait for; pending: still handling at the cap. */
  state: 'absent' | 'settled' | 'pending';
  /** autoconsentDone messages this document sent, for matching with what the node side received. */
  done: number;
}

/**
 * Init-script prefix: wraps the binding so the document records autoconsent's progress for
 * itself (settle reads it without racing the binding's own delivery), and forwards only the
 * messages the node side acts on; the frequent `report` messages stay in the page.
 */
export function consentRecorder(key: string, binding: string): void {
  const scope = window as unknown as Record<string, unknown>;
  const send = scope[binding];
  if (typeof send !== 'function' || key in scope) return;
  const progress: ConsentProgress = { lifecycle: 'loading', seq: 0, popupSeq: 0, resultSeq: 0, done: 0, changed: new Set() };
  Object.defineProperty(window, key, { value: progress });
  const forwarded = new Set(['kit', 'init', 'rules', 'cmpDetected', 'popupFound', 'optOutResult', 'autoconsentDone', 'autoconsentError']);
  scope[binding] = (message: { type?: string; state?: { lifecycle?: string } }): unknown => {
    const type = message?.type ?? '';
    progress.seq++;
    if (type === 'report' && typeof message.state?.lifecycle === 'string') progress.lifecycle = message.state.lifecycle;
    if (type === 'popupFound') progress.popupSeq = progress.seq;
    if (type === 'optOutResult') progress.resultSeq = progress.seq;
    if (type === 'autoconsentDone') progress.done++;
    for (const notify of [...progress.changed]) notify();
    return forwarded.has(type) ? (send as (m: unknown) => unknown)(message) : Promise.resolve();
  };
}

/**
 * Init-script part, in http(s) documents: decides whether autoconsent starts (`start`). After
 * DOMContentLoaded a main frame on a site with its own rule (`sitePatterns`, each with the texts
 * one of which a URL it matches holds) starts it at once; any other document
 * is sniffed, and again every `intervalMs` (autoconsent's own detection schedule), `retries`
 * times, if the DOM changed meanwhile, so a banner a CMP script adds late is still caught; a hit
 * starts autoconsent (`start(onSite)`: consentLoader). Until it starts, autoconsent costs the
 * document nothing but the sniffs: its code has not even been sent.
 */
export function consentStarter(
  args: { key: string; sitePatterns: string[]; siteTexts: string[][]; retries: number; intervalMs: number },
  start: (onSite: boolean) => void,
  sniff: () => boolean,
): void {
  const progress = (window as unknown as Record<string, ConsentProgress | undefined>)[args.key];
  if (!progress) return;
  progress.lifecycle = 'sniffing';
  let started = false;
  const begin = (onSite = false): boolean => {
    if (!started) {
      started = true;
      progress.lifecycle = 'loading';
      start(onSite);
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
  let left = args.retries;
  const look = (): void => {
    if (changed) {
      changed = false;
      if (progress.sniff?.()) return;
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    }
    if (left-- > 0) setTimeout(look, args.intervalMs);
    else {
      observer.disconnect();
      progress.lifecycle = 'nothingSniffed';
    }
  };
  const ready = (): void => {
    const url = location.href;
    // A pattern is compiled only for a URL holding text it requires (consent-rules.ts).
    const site = (): boolean =>
      args.sitePatterns.some((pattern, i) => (args.siteTexts[i] ?? ['']).some((text) => url.includes(text)) && url.match(pattern) !== null);
    if (window === window.top && site()) begin(true);
    else look();
  };
  const soon = (): void => void setTimeout(ready, 0);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', soon, { once: true });
  else soon();
}

/**
 * Init-script part, where consentStarter decided autoconsent starts: asks the node side for the
 * kit (a `kit` message), which it evaluates in this document (consentKitScript), where the kit
 * hands its start to `load` with the token. Page scripts cannot know the token, so they cannot
 * start anything with the binding this closure holds; a document that never asked takes nothing.
 */
export function consentLoader(key: string, token: string, send: (message: unknown) => unknown, onSite: boolean): void {
  const progress = (window as unknown as Record<string, ConsentProgress | undefined>)[key];
  if (!progress || 'load' in progress) return;
  let loaded = false;
  const load = (given: unknown, start: unknown): void => {
    if (given !== token || loaded || typeof start !== 'function') return;
    loaded = true;
    void Promise.resolve((start as (s: typeof send, site: boolean) => Promise<void>)(send, onSite)).catch(() => undefined);
  };
  Object.defineProperty(progress, 'load', { value: load });
  void Promise.resolve(send({ type: 'kit', url: location.href })).catch(() => undefined);
}

/** Init-script suffix: once autoconsent holds the binding, page scripts lose their way to it. */
export function hideBinding(binding: string): void {
  delete (window as unknown as Record<string, unknown>)[binding];
}

/**
 * In the page: waits, for at most `budgetMs`, until autoconsent has nothing left to do in this
 * document. A popup being handled is waited for; otherwise two macrotasks let a detection pass
 * already under way finish (its checks are synchronous DOM queries), and that is all: a page
 * without a banner costs no sleep. Before detection has started (it starts once the page is idle
 * after DOMContentLoaded, at most 500 ms later) it waits for the start, up to `startGraceMs`
 * after DOMContentLoaded. A document autoconsent has not started in (still sniffing, or done
 * sniffing without a hit) is sniffed once more, now: a miss is settled at once; a hit starts
 * autoconsent, whose start is then waited for up to `startGraceMs` from now.
 */
export async function consentOutcome(args: { key: string; budgetMs: number; startGraceMs: number }): Promise<ConsentOutcome> {
  const progress = (window as unknown as Record<string, ConsentProgress | undefined>)[args.key];
  if (!progress) return { state: 'absent', done: 0 };
  const end = performance.now() + args.budgetMs;
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  let readyAt = nav && nav.domContentLoadedEventEnd > 0 ? nav.domContentLoadedEventEnd : performance.now();
  if (progress.lifecycle === 'sniffing' || progress.lifecycle === 'nothingSniffed') {
    if (!progress.sniff?.()) return { state: 'settled', done: progress.done };
    readyAt = performance.now();
  }
  const starting = new Set(['loading', 'waitingForInitResponse', 'initialized']);
  const handling = (): boolean =>
    progress.popupSeq > progress.resultSeq || progress.lifecycle === 'openPopupDetected' || progress.lifecycle === 'runningOptOut';
  const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
  const change = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        progress.changed.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, Math.max(0, ms));
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
      const wait = Math.min(left, readyAt + args.startGraceMs - performance.now());
      if (wait <= 0) return { state: 'settled', done: progress.done };
      await change(wait);
      continue;
    }
    await tick();
    await tick();
    if (!handling()) return { state: 'settled', done: progress.done };
  }
}
