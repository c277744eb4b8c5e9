import type { BrowserContext } from 'playwright';
import { blockersBootScript } from '../program.js';
import { consentStart, SEND_BINDING } from './autoconsent.js';
import { ConsentTracker } from './tracker.js';
import type { BlockerTracker } from './types.js';

export type { BlockerKind, BlockerTracker, Dismissal } from './types.js';

/** The tracker of a session created with `auto_dismiss_blockers: false`: nothing installed, nothing reported. */
const DISABLED: BlockerTracker = { settle: () => Promise.resolve([]), log: [] };

/**
 * Sets up blocker handling for a context, before any page exists: autoconsent in every
 * document of every frame that shows signs of a consent banner (opting out where the banner
 * allows it), a watch on the agent's
 * input (so popups it opened itself are not closed), and a tracker whose settle() also closes
 * generic popups. Disabled, it touches nothing. `sniffRetries` (tests) caps how often a
 * document without a banner is sniffed again after DOMContentLoaded.
 */
export async function installBlockers(context: BrowserContext, options: { enabled: boolean; sniffRetries?: number }): Promise<BlockerTracker> {
  if (!options.enabled) return DISABLED;
  const tracker = new ConsentTracker();
  await context.exposeBinding(SEND_BINDING, (source, message: unknown) => tracker.receive(source.frame, message));
  await context.addInitScript({ content: blockersBootScript(consentStart(options.sniffRetries)) });
  // Playwright reports navigations anyway: listening costs no traffic with the browser.
  context.on('page', (page) => page.on('framenavigated', (frame) => tracker.navigated(frame)));
  return tracker;
}
