import type { Actor } from 'xstate';
import type { Clock } from '../lib/clock.js';
import { httpErrors } from '../lib/errors.js';
import type { sessionMachine } from '../machines/session.js';

/** How long a takeover waits for the act under way to answer before it is withdrawn (contract: about 30 s). */
export const TAKEOVER_WAIT_MS = 30_000;

/**
 * Resolves once a takeover already sent to `actor` holds the page (state active.human). Rejects
 * with 404 when the session ends first, and with 409 session_busy when a handback withdrew it or
 * the act under way did not answer within TAKEOVER_WAIT_MS (the takeover is then withdrawn, so
 * nobody is left waiting for a person who gave up).
 */
export function untilTakenOver(actor: Actor<typeof sessionMachine>, clock: Clock, sessionId: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: unknown = null;
    const settle = (outcome: Error | null): void => {
      subscription.unsubscribe();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      if (outcome) reject(outcome);
      else resolve();
    };
    const check = (): void => {
      const snapshot = actor.getSnapshot();
      if (snapshot.hasTag('human')) settle(null);
      else if (!snapshot.hasTag('active')) settle(httpErrors.sessionNotFound(`Session ${sessionId} ended before it could be taken over`));
      else if (!snapshot.context.takeoverPending) settle(httpErrors.sessionBusy('The takeover was withdrawn by a handback before the act under way answered'));
    };
    const subscription = actor.subscribe({ next: check, complete: check });
    timer = clock.setTimeout(() => {
      timer = null;
      actor.send({ type: 'handback' });
      settle(httpErrors.sessionBusy(`The act under way did not answer within ${TAKEOVER_WAIT_MS / 1000} s; the takeover was withdrawn`));
    }, TAKEOVER_WAIT_MS);
    check();
  });
}
