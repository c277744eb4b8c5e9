// The page's own part of a session's journal (issue 14): the documents its main frame receives,
// its uncaught errors and its console errors, each clipped and with secrets taken out of URLs.
import type { Page } from 'playwright';
import type { JournalSink } from '../lib/platform/journal/events.js';
import { clipMessage, redactUrl } from '../lib/platform/journal/redact.js';

/** From now on, records `page`'s navigations, page errors and console errors in `journal`. */
export function journalPageEvents(page: Page, journal: JournalSink): void {
  page.on('response', (response) => {
    try {
      // Each document the main frame receives, redirects included: subresources and frames are not the page's story.
      if (!response.request().isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    } catch {
      return;
    }
    journal.record({ type: 'navigation', url: redactUrl(response.url()), status: response.status() });
  });
  page.on('pageerror', (error) => journal.record({ type: 'page.error', message: clipMessage(error.message) }));
  page.on('console', (message) => {
    if (message.type() === 'error') journal.record({ type: 'console.error', message: clipMessage(message.text()) });
  });
}
