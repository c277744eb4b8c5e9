// A person at a session's page (issue 14): the live view, the takeover, their input and the handback.
import type { Actor } from 'xstate';
import { sessionStatus, type sessionMachine } from '../machines/session.js';
import type { Clock } from '../lib/platform/clock.js';
import { httpErrors } from '../lib/contract/errors.js';
import type { Viewer } from '../lib/browser/live/screencast.js';
import type { InputEvent } from '../lib/contract/request/input.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import { withCap } from '../lib/platform/time.js';
import type { PageDriver } from './driver.js';
import type { SessionJournal } from './session-journal.js';

/** How long a takeover waits for the act under way to answer before it is withdrawn (contract: about 30 s). */
export const TAKEOVER_WAIT_MS = 30_000;

/**
 * Resolves once a takeover already sent to `actor` holds the page (state active.human). Rejects
 * with 404 when the session ends first, and with 409 session_busy when a handback withdrew it or
 * the act under way did not answer within TAKEOVER_WAIT_MS (the takeover is then withdrawn, so
 * nobody is left waiting for a person who gave up).
 */
function untilTakenOver(actor: Actor<typeof sessionMachine>, clock: Clock, sessionId: string): Promise<void> {
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

/** How long one input request may take: a page whose script never yields takes no input at all. */
const INPUT_CAP_MS = 10_000;

/** What the person's side of one session works with. */
export interface TakeoverDeps {
  actor: Actor<typeof sessionMachine>;
  driver: PageDriver;
  clock: Clock;
  telemetry: Telemetry;
  records: SessionJournal;
  sessionId: string;
}

/** The live view, takeover, input and handback of one session's page. */
export class Takeover {
  /** The input being applied, so a handback lets it finish before an act gets the page. */
  private inputs: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: TakeoverDeps) {}

  /** True while a person holds the page, or will once the act under way has answered. */
  get held(): boolean {
    const snapshot = this.deps.actor.getSnapshot();
    return snapshot.hasTag('human') || snapshot.context.takeoverPending;
  }

  /** Streams the page's frames to `viewer` until the returned function is called. */
  watch(viewer: Viewer): () => void {
    const { metrics } = this.deps.telemetry;
    const unwatch = this.deps.driver.live?.watch(viewer);
    metrics.liveViewers.inc();
    let watching = true;
    return () => {
      if (!watching) return;
      watching = false;
      metrics.liveViewers.dec();
      unwatch?.();
    };
  }

  /**
   * Hands the page to a person: at once when idle, once the act under way has answered when
   * running. Resolves when they hold it; 409 session_busy when someone already does or the act
   * does not answer within TAKEOVER_WAIT_MS (the takeover is then withdrawn), 404 if the session ends first.
   */
  async take(): Promise<void> {
    const { actor, clock, sessionId, records } = this.deps;
    if (this.held) throw httpErrors.sessionBusy('The session is already taken over');
    actor.send({ type: 'takeover' });
    await untilTakenOver(actor, clock, sessionId);
    records.takeover();
  }

  /** Gives the page back: queued acts resume. Answers the state it left the session in; 409 not_taken_over when nobody held it. */
  async handBack(): Promise<'idle' | 'running'> {
    const { actor, sessionId, records } = this.deps;
    if (!this.held) throw httpErrors.notTakenOver('The session is not taken over');
    // Input still going in finishes first, unless the page never takes it: then the handback goes on without it.
    await withCap(this.inputs, INPUT_CAP_MS);
    actor.send({ type: 'handback' });
    records.handback();
    if (sessionStatus(actor.getSnapshot()) !== 'active') throw httpErrors.sessionNotFound(`Session ${sessionId} does not exist, expired or was closed`);
    return actor.getSnapshot().hasTag('running') ? 'running' : 'idle';
  }

  /** Applies a person's input to the page, only while they hold it (409 not_taken_over otherwise). */
  async input(events: readonly InputEvent[]): Promise<number> {
    const { actor, driver, sessionId } = this.deps;
    if (!actor.getSnapshot().hasTag('human')) throw httpErrors.notTakenOver();
    const live = driver.live;
    if (!live) throw new Error('this page driver has no live view');
    const applying = live.input(events);
    this.inputs = applying.catch(() => undefined);
    const applied = await withCap(applying, INPUT_CAP_MS).catch((error: unknown) => {
      if (sessionStatus(actor.getSnapshot()) !== 'active') throw httpErrors.sessionNotFound(`Session ${sessionId} ended while the input was applied`);
      throw error;
    });
    if (applied === undefined) throw httpErrors.sessionBusy(`The page did not take the input within ${INPUT_CAP_MS / 1000} s`);
    return applied;
  }
}
