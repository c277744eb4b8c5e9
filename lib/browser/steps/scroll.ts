import type * as t from 'io-ts';
import { described, intRange, oneOf, strictObject, withDefault } from '../../contract/codec/index.js';
import { targetText } from '../../contract/text.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import { READ_LIMIT_MS, WALK_LIMIT_MS } from '../deadline.js';
import { defineStep, type PageStepTools } from '../act/define.js';
import type { Act } from '../act/act.js';
import { MAX_SCROLL_AMOUNT, MAX_SCROLL_TIMES } from '../../contract/limits.js';
import { pause } from '../../platform/time.js';
import { jumpTo, wheelBy } from '../scrolling/moves.js';
import { exactlyOneOf } from '../../contract/target.js';

/** Parameters of scroll: exactly one of to, direction, ref; amount and times apply to direction. */
export const scrollCodec = described(
  exactlyOneOf(
    strictObject(
      {
        amount: described(withDefault(intRange(1, MAX_SCROLL_AMOUNT), 500), 'Pixels per wheel turn (with direction).'),
        times: described(withDefault(intRange(1, MAX_SCROLL_TIMES), 1), 'How many wheel turns (with direction).'),
      },
      {
        to: described(oneOf(['top', 'bottom']), 'Jumps to the top or the bottom.'),
        direction: described(oneOf(['up', 'down']), 'Turns the mouse wheel up or down.'),
        ref: described(targetText, 'Scrolls this element (a ref from the latest observation) into view.'),
      },
    ),
    ['to', 'direction', 'ref'],
  ),
  'Scrolls the page (or, in an app layout whose body does not scroll, the panel that does).',
);

/** Decoded scroll parameters. */
export type ScrollParams = t.TypeOf<typeof scrollCodec>;

/** The pause between two wheel turns, so the page's scroll handlers run (and lazy content starts loading). */
const BETWEEN_TIMES_MS = 100;
/** How long the requests a scroll fired (lazy content) get to answer before the step ends. */
const SETTLE_CAP_MS = 1_500;

/**
 * The scroll step: `to` jumps to the top or bottom, `direction` turns the mouse wheel `times`
 * times by `amount` px, `ref` scrolls an element into view. Then a short wait for the requests
 * the scroll fired (lazy content), and a frame; the act's observation waits for stability.
 */
export const scrollStep = defineStep({
  name: 'scroll',
  codec: scrollCodec,
  acts: 'page',
  playwright: true,
  settle: SETTLE_CAP_MS,
  elements: (params) => (params.ref !== undefined ? 1 : 0),
  // A wheel turn: a read of the position, the wheel, up to 600 ms of settling, perhaps a jump.
  budget: (params) => (params.ref !== undefined ? 0 : params.to !== undefined ? WALK_LIMIT_MS : params.times * (BETWEEN_TIMES_MS + READ_LIMIT_MS)),
  run: (act, params, tools) => scroll(act, params, tools),
});

/** The scroll itself. */
async function scroll(act: Act, params: ScrollParams, tools: PageStepTools): Promise<void> {
  if (params.ref !== undefined) {
    const element = await (await tools.locate({ ref: params.ref }, 'scroll')).element();
    await perform('scroll', () => element.scrollIntoViewIfNeeded({ timeout: ACTION_TIMEOUT_MS }));
  } else if (params.to !== undefined) {
    await jumpTo(act.page, params.to === 'top' ? 0 : 'bottom');
  } else {
    const dy = params.direction === 'up' ? -params.amount : params.amount;
    for (let i = 0; i < params.times && !act.signal.aborted; i++) {
      if (i > 0) await pause(BETWEEN_TIMES_MS, act.signal);
      await wheelBy(act.page, dy);
    }
  }
}
