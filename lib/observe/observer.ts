import type { Page } from 'playwright';
import type { StabilityTracker } from './stability.js';
import type { ObserveOptions, Observer, PageState, ScrollState } from './types.js';

/** How long an observation waits for the page to settle before reporting `stable: false`. */
export const STABLE_CAP_MS = 3_000;
const DEFAULT_MAX_TEXT = 12_000;
const DEFAULT_MAX_TEXT_FULL = 20_000;

/** Scroll position and the page's visible text, read in one evaluate. */
function readPage(): { title: string; scroll: ScrollState; text: string } {
  const root = document.scrollingElement ?? document.documentElement;
  const height = Math.max(root?.scrollHeight ?? 0, window.innerHeight);
  const y = Math.round(window.scrollY);
  const viewport = window.innerHeight;
  const percent = height > 0 ? Math.min(100, Math.round(((y + viewport) / height) * 100)) : 100;
  const text = (document.body?.innerText ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
  return { title: document.title, scroll: { y, height, viewport, percent }, text };
}

/** Cuts text at the last line break before `max`, so no block is split mid-way. */
function cutAtBlock(text: string, max: number): { content: string; length?: { shown: number; total: number } } {
  if (text.length <= max) return { content: text };
  const breakAt = text.lastIndexOf('\n', max);
  const content = text.slice(0, breakAt > 0 ? breakAt : max);
  return { content, length: { shown: content.length, total: text.length } };
}

/** Lines added and removed between two texts, bounded so a new page does not repeat itself whole. */
function textChanges(before: string, after: string): NonNullable<PageState['changes']> {
  if (before === after) return { content_changed: false, content_delta: null, elements_added: [], elements_removed: [] };
  const old = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  const lines = [
    ...[...now].filter((line) => line && !old.has(line)).map((line) => `+ ${line}`),
    ...[...old].filter((line) => line && !now.has(line)).map((line) => `- ${line}`),
  ];
  return { content_changed: true, content_delta: cutAtBlock(lines.join('\n'), 2_000).content, elements_added: [], elements_removed: [] };
}

/**
 * A session's observer. This first version reports url, title, scroll, an honest `stable`
 * and the page's visible text; the full walker (elements, forms, map, diff) replaces `readPage`.
 */
export class PageObserver implements Observer {
  private lastText: string | null = null;

  constructor(
    private readonly page: Page,
    private readonly tracker: StabilityTracker,
  ) {}

  waitForStable(capMs: number): Promise<boolean> {
    return this.tracker.waitForStable(this.page, capMs);
  }

  async observe(options: ObserveOptions = {}): Promise<PageState> {
    const stable = await this.waitForStable(STABLE_CAP_MS);
    const { title, scroll, text } = await this.page.evaluate(readPage);
    const max = options.max_text_length ?? (options.mode === 'full' ? DEFAULT_MAX_TEXT_FULL : DEFAULT_MAX_TEXT);
    const previous = this.lastText;
    this.lastText = text;
    return {
      url: this.page.url(),
      title,
      stable,
      markdown: cutAtBlock(text, max),
      interactive_elements: [],
      forms: [],
      changes: previous === null ? null : textChanges(previous, text),
      scroll,
    };
  }

  /** The `page: light` answer: url, title and scroll only, with no wait. */
  async light(): Promise<PageState> {
    const { title, scroll } = await this.page.evaluate(readPage);
    return { url: this.page.url(), title, scroll };
  }
}
