import type * as t from 'io-ts';
import { described, matching, strictObject } from '../../contract/codec/index.js';
import { exactlyOneOf } from '../../contract/target.js';
import { pageUrl } from '../../contract/text.js';
import { StepError } from '../../contract/errors.js';
import { navigate } from '../act/navigation/navigate.js';
import { defineStep } from '../act/define.js';
import type { Act, TabControl } from '../act/act.js';

/** The wait a tab's first page gets, as a goto's default. */
const OPEN_WAIT_MS = 10_000;

const tabRef = matching('a tab id (t1, t2, ...)', '^t[1-9][0-9]{0,5}$', 8);

/** Parameters of tab: exactly one of switch, open, close. */
export const tabCodec = described(
  exactlyOneOf(
    strictObject(
      {},
      {
        switch: described(tabRef, 'Tab to make active (shown and acted on).'),
        open: described(pageUrl, 'URL to open, as goto, in a new active tab.'),
        close: described(tabRef, 'Tab to close; its opener (else the latest) becomes active. Not the last one.'),
      },
    ),
    ['switch', 'open', 'close'],
  ),
  'Switches, opens or closes a tab (page.tabs lists them); exactly one of switch, open, close.',
);

/** Decoded tab parameters. */
export type TabParams = t.TypeOf<typeof tabCodec>;

/** The session's tabs, or the refusal a session without them (a fake's) gets. */
function tabsOf(act: Act): TabControl {
  if (!act.tabs) throw new StepError('action_failed', 'This session has no tabs to switch, open or close');
  return act.tabs;
}

/** Points the act at the active tab, for what the step does next in it. */
function enter(act: Act, tabs: TabControl): void {
  act.page = tabs.active.page;
  act.observer = tabs.active.observer;
}

/** The tab step: switch, open (navigating as goto does; a tab whose page cannot open is closed again) or close. */
export const tabStep = defineStep({
  name: 'tab',
  codec: tabCodec,
  acts: 'page',
  navigation: 'own',
  budget: (params) => (params.open !== undefined ? 2 * OPEN_WAIT_MS : 0),
  run: async (act, params) => {
    const tabs = tabsOf(act);
    if (params.switch !== undefined) return tabs.switchTo(params.switch);
    if (params.close !== undefined) return tabs.close(params.close);
    const url = params.open!;
    const id = await tabs.open();
    enter(act, tabs);
    try {
      await navigate(act, { url, wait_timeout: OPEN_WAIT_MS });
    } catch (error) {
      // Refused like a goto, and nothing left behind: the tab before it is active again.
      await tabs.close(id).catch(() => undefined);
      enter(act, tabs);
      throw error;
    }
  },
});
