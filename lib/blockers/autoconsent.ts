import type { Config } from '@duckduckgo/autoconsent';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CONSENT_KEY, consentRecorder, hideBinding } from './consent-page.js';

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

/** The global name scripts/bundles.mjs gives the page-side kit (./page/consent.ts). */
const KIT_NAME = '__tabwrightConsentKit';

let initScript: string | undefined;

/**
 * The init script of every document. At document start, before any page script: our recorder
 * wraps the binding, keeps it for autoconsent and removes it from the page's globals, so page
 * scripts cannot send messages of their own. In http(s) documents the page-side kit
 * (scripts/bundles.mjs from ./page/consent.ts, in a function scope the page never sees) then
 * starts autoconsent with the config and the package's compact rules, narrowed there to the
 * document's URL: right after DOMContentLoaded, when autoconsent would start detecting anyway.
 * Compiling and running it earlier would hold up the page's parsing; V8 compiles a function's
 * body when it is first called.
 */
export function consentInitScript(): string {
  if (initScript) return initScript;
  const kit = readFileSync(new URL('./consent.bundle.js', import.meta.url), 'utf8');
  // The package's rules (250 KB of JSON) travel gzipped: every new page and document receives
  // and parses this script, and a fifth of the text costs less than unpacking it once it is needed.
  const rules = gzipSync(readFileSync(fileURLToPath(import.meta.resolve('@duckduckgo/autoconsent/rules/compact-rules.json')))).toString('base64');
  initScript = [
    `(${consentRecorder.toString()})(${JSON.stringify(CONSENT_KEY)}, ${JSON.stringify(SEND_BINDING)});`,
    `if (typeof window.${SEND_BINDING} === 'function' && /^https?:$/.test(location.protocol)) {`,
    `  const send = window.${SEND_BINDING};`,
    '  const run = async () => {',
    `    const packed = Uint8Array.from(atob(${JSON.stringify(rules)}), (c) => c.charCodeAt(0));`,
    "    const rules = await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'))).json();",
    kit,
    `    ${KIT_NAME}.start(send, ${JSON.stringify(AUTOCONSENT_CONFIG)}, rules);`,
    '  };',
    '  const soon = () => setTimeout(() => void run().catch(() => undefined), 0);',
    "  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', soon, { once: true });",
    '  else soon();',
    '}',
    `(${hideBinding.toString()})(${JSON.stringify(SEND_BINDING)});`,
  ].join('\n');
  return initScript;
}
