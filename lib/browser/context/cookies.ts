import type { BrowserContext } from 'playwright';
import { browserReason, refusedSetting } from './refusal.js';

/** Cookies as Playwright's addCookies takes them. */
export type ContextCookies = Parameters<BrowserContext['addCookies']>[0];

/**
 * Adds a create's cookies to its new context. Chromium takes them all or none, so when it (or
 * Playwright's own checks) refuses them, each is tried alone to name the first one refused: a 400
 * at `cookies[i]`. A browser that went away meanwhile is not the cookies' fault: that error stays.
 */
export async function addSessionCookies(context: BrowserContext, cookies: ContextCookies): Promise<void> {
  if (cookies.length === 0) return;
  try {
    await context.addCookies(cookies);
  } catch (error) {
    if (!context.browser()?.isConnected()) throw error;
    for (const [index, cookie] of cookies.entries()) {
      const refusal = await context.addCookies([cookie]).then(
        () => undefined,
        (alone: unknown) => alone,
      );
      if (!context.browser()?.isConnected()) throw error;
      if (refusal !== undefined) throw refusedSetting(`cookies[${index}]`, browserReason(refusal));
    }
    throw refusedSetting('cookies', browserReason(error));
  }
}
