// How long each step may take: its budget, derived from its own parameters and the fixed caps it
// waits under. The runner holds every step to its budget through the page's deadline
// (lib/browser/deadline.ts), so an act answers within the sum of its steps' budgets plus a fixed
// margin, whatever the page does. The allowances here are upper bounds of what the step's own
// waits allow, so a step that works is never cut short.
import { SETTLE_CAP_MS } from './navigation/action.js';
import { BLOCKER_CAP_MS, SELF_CLEAR_MS } from './navigation/after.js';
import { LOAD_GRACE_MS, navigationLimit } from './navigation/navigate.js';
import { STABLE_CAP_MS } from '../observe/observer.js';
import { READ_LIMIT_MS, WALK_LIMIT_MS } from '../deadline.js';
import { ACTION_TIMEOUT_MS } from './targeting/index.js';
import type { Act } from './act.js';


/** What of an act a step's budget depends on: its solver's limit and the limits its driver was given. */
export type BudgetInputs = Pick<Act, 'solver' | 'limits'>;

/**
 * What a navigation adds to the step that causes it: DOMContentLoaded, `load`, the access check
 * (three reads and a challenge that may clear itself), the blocker pass, settling, and a CAPTCHA
 * solve when the session has a solver.
 */
export function navigationAllowance(act: BudgetInputs): number {
  // A challenge that clears itself is waited for twice: its navigation, then its load.
  const accessCheck = 3 * READ_LIMIT_MS + 2 * SELF_CLEAR_MS;
  const blockers = BLOCKER_CAP_MS + READ_LIMIT_MS;
  return navigationLimit(act) + LOAD_GRACE_MS + accessCheck + blockers + SETTLE_CAP_MS + (act.solver?.limitMs ?? 0);
}

/** Acting on one element: finding it (a walk), Playwright's auto-wait, a read or two, settling. */
export const ELEMENT_ALLOWANCE_MS = WALK_LIMIT_MS + ACTION_TIMEOUT_MS + 2 * READ_LIMIT_MS + SETTLE_CAP_MS;

/** One observation: the stability wait, then the walk of the page and of its cross-origin frames. */
export const OBSERVE_ALLOWANCE_MS = STABLE_CAP_MS + 2 * WALK_LIMIT_MS;
