import type * as t from 'io-ts';
import { boolean, withDefault } from '../codec/index.js';
import { withNavigation } from '../nav/action.js';
import { ACTION_TIMEOUT_MS, locate, perform } from '../target/index.js';
import { defineStep } from './define.js';
import { targeted } from './targeting.js';

/** Parameters of check: a target and the wanted state (false unchecks). */
export const checkCodec = targeted({ checked: withDefault(boolean, true) });

/** Decoded check parameters. */
export type CheckParams = t.TypeOf<typeof checkCodec>;

/** The check step: checks (or with `checked: false` unchecks) a checkbox, radio or switch. */
export const checkStep = defineStep({
  name: 'check',
  codec: checkCodec,
  run: async (ctx, params) => {
    const element = await locate(ctx, params, 'check');
    await withNavigation(ctx, () =>
      perform(params.checked ? 'check' : 'uncheck', () =>
        params.checked ? element.check({ timeout: ACTION_TIMEOUT_MS }) : element.uncheck({ timeout: ACTION_TIMEOUT_MS }),
      ),
    );
  },
});
