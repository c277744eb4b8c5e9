// Bootstrap of the blockers, in every document of every frame before the page's own scripts
// (context.addInitScript, when auto_dismiss_blockers is on): the watch on the agent's input, and
// autoconsent's way in. scripts/bundles.mjs exposes `boot` under a global name that node's init
// script (lib/browser/program.ts blockersBootScript) keeps inside its own function scope.
import { watchInput } from '../blockers/input.js';
import { recordConsent, startConsent } from '../blockers/consent.js';
import { consentSniffer } from '../blockers/sniff.js';
import type { ConsentStart } from '../blockers/types.js';

/**
 * Starts the blockers' part of a document. The recorder wraps the binding at once, keeps it for
 * autoconsent and removes it from the page's globals, so page scripts cannot send messages of
 * their own; in http(s) documents the starter then decides, after DOMContentLoaded, whether
 * autoconsent starts (a document without a banner never receives its code).
 */
export function boot(start: ConsentStart): void {
  watchInput(window);
  const send = recordConsent(window, start.binding);
  if (send && /^https?:$/.test(location.protocol)) startConsent(window, start, send, consentSniffer(window, start.sniff));
  delete (window as unknown as Record<string, unknown>)[start.binding];
}
