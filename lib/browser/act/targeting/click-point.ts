// Clicking an element where the click reaches it and nothing else: a row's centre may hold a star
// icon, a folder item's centre one of its own tree items. The point is read in the page
// (lib/browser/injected/target/click-point.ts). An element ready at once is clicked there with the
// mouse, its events watched in the page; anything else goes through Playwright's click, which waits for it.
// In a session of a device with touch, the same point is tapped instead (touch events, then the
// mouse events and the click a phone's browser makes of them), as a person on that phone would.
import type { ElementHandle } from 'playwright';
import { usesTouch } from '../../context/device.js';
import { StepError } from '../../../contract/errors.js';
import { bounded, READ_LIMIT_MS } from '../../deadline.js';
import type { Landing } from '../../injected/target/types.js';
import { inPage, onElement } from '../../program.js';
import { ACTION_TIMEOUT_MS, refGone } from './index.js';
import type { Located } from './located.js';
import type { Act } from '../act.js';

const covered = (controls: string[]): StepError =>
  new StepError('action_failed', `click failed: every part of it is another control inside it (${controls.join(', ')}); target one of those`, {
    reason: 'covered',
  });

/**
 * Clicks a found target. In the top document, one round trip asks the walker whether it is ready
 * now (enabled, shown, standing still, a point of its box reaching it) and where; the mouse
 * clicks there while the page stops any of the click's events that would land elsewhere. An
 * element not ready, one in an iframe, or a click that landed elsewhere goes through Playwright's
 * click (clickOwnBox), which waits for it under the action's timeout.
 */
export async function clickLocated(act: Act, located: Located): Promise<void> {
  if (located.inTop) {
    const aim = await located.ask('aimClick');
    if (aim.state === 'gone') throw refGone(act, located.found.ref, located.target);
    if (aim.state === 'nested') throw covered(aim.controls);
    if (aim.state === 'ready') {
      if (usesTouch(act.page)) await act.page.touchscreen.tap(aim.at.x, aim.at.y);
      else await act.page.mouse.click(aim.at.x, aim.at.y);
      if ((await landing(act)) !== 'missed') return;
    }
  }
  await clickOwnBox(await located.element(), usesTouch(act.page));
}

/** Where the watched click landed; a document the click replaced (a navigation) took it. */
function landing(act: Act): Promise<Landing> {
  return bounded(act.page, READ_LIMIT_MS, () => inPage(act.page, 'clickLanded')).catch((): Landing => 'none');
}

/**
 * Clicks `element` where the click reaches it: its centre, or another point of its own box when
 * the centre holds another control; action_failed (`covered`) naming those controls when every
 * point of it is another control's; tapped there with `touch`. Playwright's actionability checks
 * apply as always.
 */
export async function clickOwnBox(element: ElementHandle, touch = false): Promise<void> {
  const point = await onElement(element, 'clickPoint');
  if (point.kind === 'nested') throw covered(point.controls);
  const options = { timeout: ACTION_TIMEOUT_MS, ...(point.kind === 'point' ? { position: { x: point.x, y: point.y } } : {}) };
  await (touch ? element.tap(options) : element.click(options));
}
