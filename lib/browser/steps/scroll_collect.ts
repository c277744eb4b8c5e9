import type * as t from 'io-ts';
import { described, intRange, strictObject, withDefault } from '../../contract/codec/index.js';
import { cutText } from '../injected/strings.js';
import { DEFAULT_OBSERVE } from '../../contract/request/observe.js';
import type { PageState } from '../../contract/response/page.js';
import { ContentMerger } from '../scrolling/merge.js';
import { WALK_LIMIT_MS } from '../deadline.js';
import { OBSERVE_ALLOWANCE_MS } from '../act/budget.js';
import { defineStep } from '../act/define.js';
import type { Act } from '../act/act.js';
import { MAX_SCROLLS, MAX_TEXT_LENGTH, MAX_WAIT_MS } from '../../contract/limits.js';
import { readContent } from '../scrolling/content.js';
import { pause } from '../../platform/time.js';
import { jumpTo, scrollPoint } from '../scrolling/moves.js';

/** Parameters of scroll_collect: its iteration, pause, time and text budgets. */
export const scrollCollectCodec = described(
  strictObject({
    max_scrolls: described(withDefault(intRange(1, MAX_SCROLLS), 50), 'Most scroll rounds (a safety limit).'),
    wait_ms: described(withDefault(intRange(0, MAX_WAIT_MS), 500), 'Milliseconds to wait for lazy content after each round.'),
    timeout_ms: described(withDefault(intRange(1, MAX_WAIT_MS), 60_000), 'Total time budget in milliseconds.'),
    max_text_length: described(withDefault(intRange(1, MAX_TEXT_LENGTH), 100_000), 'Most characters of merged content.'),
  }),
  'Scrolls the whole page, reading it at every position, and answers one observation whose content merges all it read.',
);

/** Decoded scroll_collect parameters. */
export type ScrollCollectParams = t.TypeOf<typeof scrollCollectCodec>;

/** Rounds in a row without growth after which the page counts as fully loaded. */
const STILL_ROUNDS = 2;
/** Each hop moves this share of the viewport, so consecutive reads overlap. */
const HOP_SHARE = 0.8;
/** Safety bound on hops within one round (a page that keeps growing while we descend). */
const MAX_HOPS = 500;

/**
 * Descends from where the window is to the bottom the document had when the round began, a
 * viewport at a time, reading the content after each hop: a virtualised list renders only what
 * is near the viewport, so what a jump straight to the bottom skipped would never be seen.
 */
async function descend(act: Act, merger: ContentMerger, deadline: number): Promise<void> {
  let point = await scrollPoint(act.page);
  const bottom = point.height;
  if (point.y + point.viewport >= bottom - 1) {
    // Already at the bottom: a small move up and back, so scroll-driven loaders hear this round too.
    if (point.y > 0) await jumpTo(act.page, Math.max(0, point.y - 2));
    await jumpTo(act.page, 'bottom');
    return;
  }
  for (let hop = 0; hop < MAX_HOPS && point.y + point.viewport < bottom - 1; hop++) {
    if (act.signal.aborted || Date.now() >= deadline) return;
    const from = point.y;
    point = await jumpTo(act.page, Math.min(from + Math.max(1, Math.floor(point.viewport * HOP_SHARE)), bottom));
    merger.add(await readContent(act));
    if (point.y <= from) return;
  }
}

/** The observation with its content replaced by the merged content, cut at a block boundary to `max`. */
function withContent(observation: PageState, content: string, max: number): PageState {
  const shown = cutText(content, max);
  const markdown = shown.length < content.length ? { content: shown, length: { shown: shown.length, total: content.length } } : { content };
  return { ...observation, markdown };
}

/**
 * The scroll_collect step: rounds of { descend to the bottom; wait `wait_ms` for lazy content;
 * read } until the document stops growing (two rounds without growth), `max_scrolls` rounds or
 * `timeout_ms`. Every read is merged into one content (lines a virtualised feed dropped stay),
 * which replaces the markdown of the act's observation.
 */
export const scrollCollectStep = defineStep({
  name: 'scroll_collect',
  codec: scrollCollectCodec,
  acts: 'page',
  // At timeout_ms a hop (a jump and a read) may be under way; then a last read, the height and the observation.
  budget: (params) => params.timeout_ms + 4 * WALK_LIMIT_MS + OBSERVE_ALLOWANCE_MS,
  run: async (act, params) => {
    const deadline = Date.now() + params.timeout_ms;
    const left = (): number => deadline - Date.now();
    const merger = new ContentMerger();
    merger.add(await readContent(act));
    let height = (await scrollPoint(act.page)).height;
    let still = 0;
    for (let round = 0; round < params.max_scrolls && left() > 0 && !act.signal.aborted; round++) {
      await descend(act, merger, deadline);
      await pause(Math.min(params.wait_ms, left()), act.signal);
      if (act.signal.aborted) break;
      merger.add(await readContent(act));
      const now = (await scrollPoint(act.page)).height;
      if (now > height) {
        height = now;
        still = 0;
      } else if (++still >= STILL_ROUNDS) {
        break;
      }
    }
    if (act.signal.aborted) throw new Error('scroll_collect cancelled');
    const observation = await act.observer.observe({ ...DEFAULT_OBSERVE, max_text_length: params.max_text_length });
    return { observation: withContent(observation, merger.text(), params.max_text_length) };
  },
});
