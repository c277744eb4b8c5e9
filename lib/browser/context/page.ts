import type { CDPSession, Page } from 'playwright';
import { blockResources } from './resources.js';
import { applyIdentity, type Identity } from './user-agent.js';

/** What every page of a session gets before it loads anything. */
export interface PageSetup {
  identity: Identity;
  locale?: string;
  blocked: ReadonlySet<string>;
}

/**
 * Prepares a page of the session: its user-agent identity and resource blocking, over one CDP
 * session that stays attached for the page's life (an override lives as long as its session).
 * Answers that session, for whatever else the page needs from CDP (its deadline): each session
 * attached to a page costs the browser and the renderer one more to serve.
 */
export async function preparePage(page: Page, setup: PageSetup): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await Promise.all([applyIdentity(session, setup.identity, setup.locale), blockResources(session, setup.blocked)]);
  return session;
}
