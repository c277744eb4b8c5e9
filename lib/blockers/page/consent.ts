// The page-side start of autoconsent, bundled by scripts/bundles.mjs into an IIFE that the consent
// init script runs in every http(s) document. The package's own Playwright content script asks
// the node side for its config and rules (`init` → `initResp`) and waits for the answer; started
// here with both, a document is ready at its first line, and no round trip through the node
// side's event loop delays detection while the page loads.
import autoconsent, { filterCompactRules, type Config, type IndexedCMPRuleset } from '@duckduckgo/autoconsent';

// TypeScript (NodeNext) reads the package's types as CommonJS, where the default import is the
// module and the class its `default`; esbuild bundles the package's ESM build, where the default
// import is the class itself.
type AutoConsentClass = typeof autoconsent.default;
const AutoConsent = ((autoconsent as { default?: AutoConsentClass }).default ?? autoconsent) as AutoConsentClass;

/**
 * Narrows `rules` to this document (its URL, top or frame) and starts autoconsent with `config`.
 * `send` is the recorder's wrapped binding; the `init` sent first tells the node side a new
 * document began, so it forgets the frame's previous one.
 */
export function start(send: ConstructorParameters<typeof AutoConsent>[0], config: Config, rules: IndexedCMPRuleset): void {
  const url = location.href;
  void send({ type: 'init', url });
  const compact = filterCompactRules(rules, { url, mainFrame: window === window.top });
  new AutoConsent(send, config, { autoconsent: [], compact });
}
