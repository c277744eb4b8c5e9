// The consent kit: autoconsent, started in a document whose sniff found signs of a banner. Node
// evaluates it there only when the document's starter asked for it (a `kit` message), as its own
// bundle, so the some 170 KB of autoconsent and its rules reach no other document. The package's
// own Playwright content script asks node for its config and rules (`init` → `initResp`) and
// waits for the answer; started here with both, a document is ready at its first line, and no
// round trip through node's event loop delays detection while the page loads.
import autoconsent, { filterCompactRules, type CompactCMPRuleset, type Config, type IndexedCMPRuleset } from '@duckduckgo/autoconsent';
import { loadKit } from './blockers/consent.js';

// TypeScript (NodeNext) reads the package's types as CommonJS, where the default import is the
// module and the class its `default`; esbuild bundles the package's ESM build, where the default
// import is the class itself.
type AutoConsentClass = typeof autoconsent.default;
const AutoConsent = ((autoconsent as { default?: AutoConsentClass }).default ?? autoconsent) as AutoConsentClass;
type Send = ConstructorParameters<typeof AutoConsent>[0];

/**
 * Narrows the shipped rules to this document (its URL, top or frame) and starts autoconsent with
 * `config`. `base` holds the generic and frame rules; a main frame on a site with rules of its own
 * (`onSite`: its URL matched one of their patterns) asks node for its rules instead (a `rules`
 * message, answered with the package's narrowing of all of them), and keeps `base` if the answer
 * does not come. `send` is the recorder's wrapped binding; the `init` sent first tells node a new
 * document began, so it forgets the frame's previous one.
 */
async function start(send: Send, config: Config, base: IndexedCMPRuleset, onSite: boolean): Promise<void> {
  const url = location.href;
  const mainFrame = window === window.top;
  void send({ type: 'init', url });
  let compact: CompactCMPRuleset = filterCompactRules(base, { url, mainFrame });
  if (mainFrame && onSite) {
    const answer = (await (send as (message: unknown) => Promise<unknown>)({ type: 'rules', url }).catch(() => null)) as CompactCMPRuleset | null;
    if (answer && Array.isArray(answer.r) && Array.isArray(answer.s)) compact = answer;
  }
  new AutoConsent(send, config, { autoconsent: [], compact });
}

/** Hands the start to the document's loader, which takes it only with the token it was set up with (../blockers/consent.ts). */
export function boot(token: string, config: Config, base: IndexedCMPRuleset): void {
  loadKit(window, token, (send: Send, onSite: boolean) => start(send, config, base, onSite));
}
