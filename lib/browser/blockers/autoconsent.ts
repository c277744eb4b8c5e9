import type { Config } from '@duckduckgo/autoconsent';
import { randomBytes } from 'node:crypto';
import type { ConsentStart } from '../injected/blockers/types.js';
import { consentKitSource } from '../program.js';
import { shippedRules } from './consent-rules.js';
import { sniffTargets } from './consent-sniff.js';

/** The binding autoconsent's messages reach the node side through. */
export const SEND_BINDING = 'autoconsentSendMessage';

/**
 * Opt out wherever a rule knows how; hide by CSS (cosmetic rules) where it does not; the
 * heuristic pass only ever clicks a button it classifies as "reject". Self-tests are never
 * requested (they may reload pages). isMainWorld: the script runs in the page's own world
 * (Playwright init scripts do), so rule snippets run inline and no `eval` round trips happen.
 * No prehide: it hides likely banners by CSS before detection so people do not see them flash;
 * an agent sees the page only after settle, and the style it adds and removes would restart
 * the DOM-quiet clock of every page.
 */
export const AUTOCONSENT_CONFIG: Config = {
  enabled: true,
  autoAction: 'optOut',
  disabledCmps: [],
  enablePrehide: false,
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

/** The messages of autoconsent's content script that the node side acts on (the package's lib/messages.ts), and our kit's `rules`. */
export type ConsentMessage =
  | { type: 'kit'; url: string }
  | { type: 'init'; url: string }
  | { type: 'rules'; url: string }
  | { type: 'cmpDetected' | 'popupFound'; cmp: string; url: string }
  | { type: 'optOutResult'; cmp: string; result: boolean; url: string }
  | { type: 'autoconsentDone'; cmp: string; isCosmetic: boolean; url: string }
  | { type: 'autoconsentError'; details: unknown };

const KNOWN_TYPES = new Set(['kit', 'init', 'rules', 'cmpDetected', 'popupFound', 'optOutResult', 'autoconsentDone', 'autoconsentError']);

/** Narrows a binding argument (page-controlled, so untrusted) to a message this side understands. */
export function asConsentMessage(value: unknown): ConsentMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type } = value as { type?: unknown };
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return undefined;
  const fields = value as Record<string, unknown>;
  if (type !== 'autoconsentError' && typeof fields.url !== 'string') return undefined;
  if (type !== 'kit' && type !== 'init' && type !== 'rules' && type !== 'autoconsentError' && typeof fields.cmp !== 'string') return undefined;
  return value as ConsentMessage;
}

/** How often autoconsent retries detection, and so how often a document without a banner is sniffed again. */
const DETECT_INTERVAL_MS = 500;

/** What a document's loader must be shown to take a kit: page scripts cannot know it. */
const KIT_TOKEN = randomBytes(16).toString('hex');

let kitScript: string | undefined;

/**
 * The kit, for a document whose starter asked for it (a `kit` message): an expression node
 * evaluates in that document's main world, where the kit (lib/browser/injected/consent-kit.ts)
 * hands its start to the document's loader with the token, and starts autoconsent with the config
 * and the rules of consent-rules.ts, narrowed there to the document's URL. Only documents the
 * sniff found signs of a banner in get it: the kit and its rules are some 170 KB that every other
 * document would otherwise receive and parse.
 */
export function consentKitScript(): string {
  if (kitScript) return kitScript;
  // The rules travel as JSON text in a string, which V8 scans as one literal and JSON.parse reads
  // faster than it would compile the same data as an object literal.
  const { base } = shippedRules();
  kitScript = [
    '(() => {',
    consentKitSource(),
    `  __tabwrightConsentKit.boot(${JSON.stringify(KIT_TOKEN)}, ${JSON.stringify(AUTOCONSENT_CONFIG)}, JSON.parse(${JSON.stringify(JSON.stringify(base))}));`,
    '})()',
  ].join('\n');
  return kitScript;
}

const starts = new Map<number, ConsentStart>();

/**
 * What the blockers' start of every document needs for consent (lib/browser/injected/boot/blockers.ts):
 * the binding, the kit's token, the sniff, and the URL patterns of the site rules. After
 * DOMContentLoaded the starter starts autoconsent at once on a site with its own rule, else once
 * the sniff (consent-sniff.ts) sees something a rule could detect, retried on autoconsent's
 * schedule (`sniffRetries` times; tests may lower it). Starting means asking node for the kit
 * (consentKitScript): a document without a banner never receives it.
 */
export function consentStart(sniffRetries = AUTOCONSENT_CONFIG.detectRetries): ConsentStart {
  let start = starts.get(sniffRetries);
  if (!start) {
    const { sitePatterns, siteTexts } = shippedRules();
    start = { binding: SEND_BINDING, token: KIT_TOKEN, sniff: sniffTargets(), sitePatterns, siteTexts, retries: sniffRetries, intervalMs: DETECT_INTERVAL_MS };
    starts.set(sniffRetries, start);
  }
  return start;
}
