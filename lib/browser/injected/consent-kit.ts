// The page-side start of autoconsent, bundled by scripts/bundles.mjs into an IIFE that the consent
// init script runs in every http(s) document. The package's own Playwright content script asks
// the node side for its config and rules (`init` → `initResp`) and waits for the answer; started
// here with both, a document is ready at its first line, and no round trip through the node
// side's event loop delays detection while the page loads.
import autoconsent, { filterCompactRules, type CompactCMPRuleset, type Config, type IndexedCMPRuleset } from '@duckduckgo/autoconsent';

// TypeScript (NodeNext) reads the package's types as CommonJS, where the default import is the
// module and the class its `default`; esbuild bundles the package's ESM build, where the default
// import is the class itself.
type AutoConsentClass = typeof autoconsent.default;
const AutoConsent = ((autoconsent as { default?: AutoConsentClass }).default ?? autoconsent) as AutoConsentClass;

/**
 * Narrows the shipped rules to this document (its URL, top or frame) and starts autoconsent with
 * `config`. `base` holds the generic and frame rules; a main frame on a site with rules of its own
 * (`onSite`: its URL matched one of their patterns) asks the node side for its rules instead (a `rules` message, answered with the
 * package's narrowing of all of them), and keeps `base` if the answer does not come. `send` is the
 * recorder's wrapped binding; the `init` sent first tells the node side a new document began, so
 * it forgets the frame's previous one.
 */
export async function start(
  send: ConstructorParameters<typeof AutoConsent>[0],
  config: Config,
  base: IndexedCMPRuleset,
  onSite: boolean,
): Promise<void> {
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
