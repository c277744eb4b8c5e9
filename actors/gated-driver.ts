import { EngineGate, GateLeft } from '../lib/platform/capacity/gate.js';
import { ActCancelled } from '../lib/browser/act/runner.js';
import type { BrowserDriver, ContextSettings, PageDriver } from './driver.js';

/**
 * `driver` with its page work let through `gate`: opening a session's page, and every act (a
 * create's first act too), waits for a place and runs only once it has one. An act whose session
 * ends while it waits (DELETE, timeout, engine loss) leaves the queue as cancelled, having run nothing.
 */
export function gatedDriver(driver: BrowserDriver, gate: EngineGate): BrowserDriver {
  return {
    async open(settings: ContextSettings): Promise<PageDriver> {
      const release = await gate.enter();
      try {
        return gatedPage(await driver.open(settings), gate);
      } finally {
        release();
      }
    },
  };
}

function gatedPage(page: PageDriver, gate: EngineGate): PageDriver {
  return {
    async run(request, signal) {
      const release = await gate.enter(signal).catch((error: unknown) => {
        throw error instanceof GateLeft ? new ActCancelled('act cancelled while it waited for the engine') : error;
      });
      try {
        return await page.run(request, signal);
      } finally {
        release();
      }
    },
    close: (options) => page.close(options),
    get closeExtraMs() {
      return page.closeExtraMs;
    },
    get connected() {
      return page.connected;
    },
    get live() {
      return page.live;
    },
    usage: page.usage && (() => page.usage!()),
    onPageFailure: page.onPageFailure && ((listener) => page.onPageFailure!(listener)),
    attachJournal: page.attachJournal && ((journal) => page.attachJournal!(journal)),
    cdpTarget: page.cdpTarget && (() => page.cdpTarget!()),
    // Reads of the page's state, short and never a step: they do not wait for a place.
    forkPoint: page.forkPoint && (() => page.forkPoint!()),
    storage: page.storage && (() => page.storage!()),
    downloads: page.downloads && (() => page.downloads!()),
  };
}
