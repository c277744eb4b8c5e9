import { filterCompactRules, type Config, type IndexedCMPRuleset, type RuleBundle } from '@duckduckgo/autoconsent';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONSENT_KEY, consentRecorder, hideBinding } from './consent-page.js';

/** The binding autoconsent's Playwright content script calls to reach the node side. */
export const SEND_BINDING = 'autoconsentSendMessage';
/** The function that content script defines in each document for messages coming back. */
export const RECEIVE_FUNCTION = 'autoconsentReceiveMessage';

/**
 * Opt out wherever a rule knows how; hide by CSS (cosmetic rules) where it does not; the
 * heuristic pass only ever clicks a button it classifies as "reject". Self-tests are never
 * requested (they may reload pages). isMainWorld: the script runs in the page's own world
 * (Playwright init scripts do), so rule snippets run inline and no `eval` round trips happen.
 */
export const AUTOCONSENT_CONFIG: Config = {
  enabled: true,
  autoAction: 'optOut',
  disabledCmps: [],
  enablePrehide: true,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  detectRetries: 20,
  isMainWorld: true,
  prehideTimeout: 2000,
  enableHeuristicDetection: false,
  enablePopupMutationObserver: false,
  visualTest: false,
  logs: { lifecycle: false, rulesteps: false, detectionsteps: false, evals: false, errors: false, messages: false, waits: false },
  performanceLoggingEnabled: false,
  heuristicPopupSearchTimeout: 100,
  heuristicMode: 'reject',
};

/** The messages of autoconsent's content script that the node side acts on (the package's lib/messages.ts). */
export type ConsentMessage =
  | { type: 'init'; url: string }
  | { type: 'cmpDetected' | 'popupFound'; cmp: string; url: string }
  | { type: 'optOutResult'; cmp: string; result: boolean; url: string }
  | { type: 'autoconsentDone'; cmp: string; isCosmetic: boolean; url: string }
  | { type: 'autoconsentError'; details: unknown };

const KNOWN_TYPES = new Set(['init', 'cmpDetected', 'popupFound', 'optOutResult', 'autoconsentDone', 'autoconsentError']);

/** Narrows a binding argument (page-controlled, so untrusted) to a message this side understands. */
export function asConsentMessage(value: unknown): ConsentMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type } = value as { type?: unknown };
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return undefined;
  const fields = value as Record<string, unknown>;
  if (type !== 'autoconsentError' && typeof fields.url !== 'string') return undefined;
  if (type !== 'init' && type !== 'autoconsentError' && typeof fields.cmp !== 'string') return undefined;
  return value as ConsentMessage;
}

let compactRules: IndexedCMPRuleset | undefined;
let initScript: string | undefined;

/** The rules autoconsent needs in one document: the package's compact (opt-out only) rules, narrowed to its URL and frame kind. */
export function rulesFor(url: string, mainFrame: boolean): RuleBundle {
  compactRules ??= JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve('@duckduckgo/autoconsent/rules/compact-rules.json')), 'utf8'),
  ) as IndexedCMPRuleset;
  return { autoconsent: [], compact: filterCompactRules(compactRules, { url, mainFrame }) };
}

/** Answers by rule set: most documents get the same generic set, and serialising it costs a few ms. */
const answers = new Map<string, string>();
const MAX_ANSWERS = 64;

/** The `initResp` answer to a document's `init`, as an expression to evaluate in that document. */
export function initResponse(url: string, mainFrame: boolean): string {
  const rules = rulesFor(url, mainFrame);
  const key = `${mainFrame}:${rules.compact?.r.map((rule) => rule[1]).join(',')}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = `window.${RECEIVE_FUNCTION}(${JSON.stringify({ type: 'initResp', config: AUTOCONSENT_CONFIG, rules })})`;
    if (answers.size >= MAX_ANSWERS) answers.clear();
    answers.set(key, answer);
  }
  return answer;
}

/**
 * The init script of every document: our recorder wraps the binding, the package's
 * dist/autoconsent.playwright.js starts autoconsent (which sends `init` at once), then the
 * binding is removed from the page's globals so page scripts cannot send messages of their own.
 */
export function consentInitScript(): string {
  if (initScript) return initScript;
  // The package exports only its ESM entry; the Playwright bundle sits beside it in dist/.
  const dist = readFileSync(new URL('autoconsent.playwright.js', import.meta.resolve('@duckduckgo/autoconsent')), 'utf8');
  const args = `${JSON.stringify(CONSENT_KEY)}, ${JSON.stringify(SEND_BINDING)}`;
  initScript = [
    `(${consentRecorder.toString()})(${args});`,
    `if (typeof window.${SEND_BINDING} === 'function' && !window.${RECEIVE_FUNCTION}) {`,
    dist,
    `(${hideBinding.toString()})(${JSON.stringify(SEND_BINDING)});`,
    '}',
  ].join('\n');
  return initScript;
}
