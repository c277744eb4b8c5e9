import type { BrowserContext } from 'playwright';
import { consentInitScript, SEND_BINDING } from './autoconsent.js';
import { inputWatch, POPUP_KEY } from './popup-page.js';
import { ConsentTracker } from './tracker.js';
import type { BlockerTracker } from './types.js';

export type { BlockerKind, BlockerTracker, Dismissal } from './types.js';

/** The tracker of a session created with `auto_dismiss_blockers: false`: nothing installed, nothing reported. */
const DISABLED: BlockerTracker = { settle: () => Promise.resolve([]), log: [] };

/**
 * Sets up blocker handling for a context, before any page exists: autoconsent in every
 * document of every frame (opting out where the banner allows it), a watch on the agent's
 * input (so popups it opened itself are not closed), and a tracker whose settle() also closes
 * generic popups. Disabled, it touches nothing.
 */
export async function installBlockers(context: BrowserContext, options: { enabled: boolean }): Promise<BlockerTracker> {
  if (!options.enabled) return DISABLED;
  const tracker = new ConsentTracker();
  await context.exposeBinding(SEND_BINDING, (source, message: unknown) => tracker.receive(source.frame, message));
  await context.addInitScript({ content: consentInitScript() });
  await context.addInitScript(inputWatch, POPUP_KEY);
  return tracker;
}
