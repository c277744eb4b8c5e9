import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/** One `act` call as the machine sees it; the steps are opaque here. */
export interface QueuedAct {
  id: string;
  steps: unknown[];
}

/** How a session ended; `status` names the final state it reaches. */
export interface Outcome {
  status: 'closed' | 'expired' | 'failed';
  code?: string;
  message?: string;
}

/** What the runAct actor resolves with: the act's result, plus whether it ends the session. */
export interface ActOutput {
  result: unknown;
  fatal?: { code: string; message: string };
  close?: boolean;
}

/** The answer owed to one `act` caller. */
export type ActReply = { kind: 'result'; result: unknown } | { kind: 'ended'; outcome: Outcome };

/** Events a session accepts. */
export type SessionEvent =
  | { type: 'act'; act: QueuedAct }
  /** DELETE, or the registry ending it (its key was revoked: `reason` is recorded as the message). */
  | { type: 'delete'; reason?: string }
  | { type: 'engine.lost' }
  | { type: 'shutdown' }
  /** A person takes the page: at once when idle, after the act under way has answered when running. */
  | { type: 'takeover' }
  /** The person gives the page back (or withdraws a takeover still waiting for an act): the queue resumes. */
  | { type: 'handback' }
  /** The session's page is gone for good (its renderer crashed, or it was closed as unresponsive). */
  | { type: 'page.failed'; code: string; message: string };

/** Input of a session machine. */
export interface SessionInput {
  sessionId: string;
  timeoutMs: number;
}

/** Context of a session machine. */
export interface SessionContext {
  sessionId: string;
  timeoutMs: number;
  /** The act being run (or whose run ended the session), if any. */
  current: QueuedAct | null;
  /** The current act's result when its run ended the session (close step, fatal error). */
  pending: { result: unknown } | null;
  /** Acts that arrived while another ran, in arrival order. */
  queue: QueuedAct[];
  /** Set on leaving `active`; decides the final state. */
  outcome: Outcome | null;
  /** A page failure reported while an act ran: the session ends with it once that act has its answer. */
  fault: Outcome | null;
  /** A takeover asked for while an act ran: the person gets the page once that act has answered. */
  takeoverPending: boolean;
}

/** Parameters of the `replyAct` action. */
export interface ReplyParams {
  actId: string;
  reply: ActReply;
}

/** Lifecycle status as read from a session snapshot. */
export type SessionStatus = 'active' | 'ending' | 'closed' | 'expired' | 'failed';

const engineFailure = (message: string): Outcome => ({ status: 'failed', code: 'engine_failure', message });
const pageFailure = (event: SessionEvent): Outcome =>
  event.type === 'page.failed' ? { status: 'failed', code: event.code, message: event.message } : { status: 'failed', code: 'internal_error' };

/** The outcome ending has to finalize; never null in `ending` since every way in sets it. */
function outcomeOf(context: SessionContext): Outcome {
  return context.outcome ?? { status: 'failed', code: 'internal_error', message: 'Session ended without an outcome' };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Answers the act that just ran with its result. */
const replyCurrent = {
  type: 'replyAct',
  params: ({ context, event }: { context: SessionContext; event: { output: ActOutput } }): ReplyParams => ({
    actId: context.current?.id ?? '',
    reply: { kind: 'result', result: event.output.result },
  }),
} as const;

/** The session lifecycle: runs acts one at a time, then ends through exactly one finalize. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'active' | 'running' | 'human' | 'ending',
  },
  actors: {
    // Placeholders: actors/session provides the real step runner and exit path.
    runAct: fromPromise<ActOutput, { act: QueuedAct }>(() => Promise.reject(new Error('runAct is not provided'))),
    finalize: fromPromise<void, { outcome: Outcome }>(() => Promise.resolve()),
  },
  actions: {
    replyAct: (_, _params: ReplyParams) => {},
    dequeue: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
  },
  guards: {
    isFatal: (_, params: { output: ActOutput }) => params.output.fatal !== undefined,
    isClose: (_, params: { output: ActOutput }) => params.output.close === true,
    hasQueued: ({ context }) => context.queue.length > 0,
    hasFault: ({ context }) => context.fault !== null,
    takeoverPending: ({ context }) => context.takeoverPending,
    outcomeClosed: ({ context }) => outcomeOf(context).status === 'closed',
    outcomeExpired: ({ context }) => outcomeOf(context).status === 'expired',
  },
  delays: {
    sessionTimeout: ({ context }) => context.timeoutMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    timeoutMs: input.timeoutMs,
    current: null,
    pending: null,
    queue: [],
    outcome: null,
    fault: null,
    takeoverPending: false,
  }),
  initial: 'active',
  states: {
    active: {
      tags: 'active',
      initial: 'idle',
      // On `active` itself so the timer survives idle <-> running and fires mid-act:
      // leaving `running` stops runAct, which aborts its signal.
      after: {
        sessionTimeout: { target: 'ending', actions: assign({ outcome: { status: 'expired' } }) },
      },
      on: {
        delete: { target: 'ending', actions: assign({ outcome: ({ event }) => ({ status: 'closed', ...(event.reason === undefined ? {} : { message: event.reason }) }) }) },
        'engine.lost': { target: 'ending', actions: assign({ outcome: engineFailure('The browser engine failed') }) },
        shutdown: { target: 'ending', actions: assign({ outcome: engineFailure('The server shut down') }) },
      },
      states: {
        idle: {
          on: {
            act: { target: 'running', actions: assign({ current: ({ event }) => event.act }) },
            takeover: 'human',
            'page.failed': { target: '#session.ending', actions: assign({ outcome: ({ event }) => pageFailure(event) }) },
          },
        },
        // A person holds the page (issue 14): acts wait in the queue; the timeout on `active` keeps running.
        human: {
          tags: 'human',
          on: {
            act: { actions: assign({ queue: ({ context, event }) => [...context.queue, event.act] }) },
            handback: [{ guard: 'hasQueued', target: 'running', actions: 'dequeue' }, { target: 'idle' }],
            'page.failed': { target: '#session.ending', actions: assign({ outcome: ({ event }) => pageFailure(event) }) },
          },
        },
        running: {
          tags: 'running',
          on: {
            act: { actions: assign({ queue: ({ context, event }) => [...context.queue, event.act] }) },
            // The act under way answers first (its runner sees the same failure): then the session ends.
            'page.failed': { actions: assign({ fault: ({ event }) => pageFailure(event) }) },
            // Never cut an act short for a person: they get the page once it has answered.
            takeover: { actions: assign({ takeoverPending: true }) },
            handback: { actions: assign({ takeoverPending: false }) },
          },
          invoke: {
            src: 'runAct',
            // `current` is always set on the way into running (idle's act, or dequeue).
            input: ({ context }) => ({ act: context.current ?? { id: '', steps: [] } }),
            onDone: [
              {
                guard: { type: 'isFatal', params: ({ event }) => ({ output: event.output }) },
                target: '#session.ending',
                actions: assign(({ event }) => ({
                  pending: { result: event.output.result },
                  outcome: { status: 'failed', code: event.output.fatal?.code, message: event.output.fatal?.message },
                })),
              },
              {
                guard: 'hasFault',
                target: '#session.ending',
                actions: assign(({ context, event }) => ({ pending: { result: event.output.result }, outcome: context.fault })),
              },
              {
                guard: { type: 'isClose', params: ({ event }) => ({ output: event.output }) },
                target: '#session.ending',
                actions: assign(({ event }) => ({ pending: { result: event.output.result }, outcome: { status: 'closed' } })),
              },
              {
                guard: 'takeoverPending',
                target: 'human',
                actions: [
                  replyCurrent,
                  assign({ current: null, takeoverPending: false }),
                ],
              },
              {
                guard: 'hasQueued',
                target: 'running',
                // Re-entering invokes a fresh runAct for the next act in line.
                reenter: true,
                actions: [
                  replyCurrent,
                  'dequeue',
                ],
              },
              {
                target: 'idle',
                actions: [
                  replyCurrent,
                  assign({ current: null }),
                ],
              },
            ],
            onError: {
              target: '#session.ending',
              actions: assign(({ event }) => ({
                outcome: { status: 'failed', code: 'internal_error', message: errorMessage(event.error) },
              })),
            },
          },
        },
      },
    },
    ending: {
      tags: 'ending',
      // Owed replies go out once finalize has settled, whichever final state follows:
      // the act whose run ended the session gets its result, everyone else the outcome.
      exit: enqueueActions(({ context, enqueue }) => {
        const outcome = outcomeOf(context);
        if (context.current) {
          const reply: ActReply = context.pending
            ? { kind: 'result', result: context.pending.result }
            : { kind: 'ended', outcome };
          enqueue({ type: 'replyAct', params: { actId: context.current.id, reply } });
        }
        for (const act of context.queue) {
          enqueue({ type: 'replyAct', params: { actId: act.id, reply: { kind: 'ended', outcome } } });
        }
        enqueue.assign({ current: null, pending: null, queue: [] });
      }),
      on: {
        act: {
          actions: {
            type: 'replyAct',
            params: ({ context, event }) => ({ actId: event.act.id, reply: { kind: 'ended', outcome: outcomeOf(context) } }),
          },
        },
      },
      invoke: {
        src: 'finalize',
        input: ({ context }) => ({ outcome: outcomeOf(context) }),
        // A failed finalize still ends the session: there is no second exit path to try.
        onDone: [
          { guard: 'outcomeClosed', target: 'closed' },
          { guard: 'outcomeExpired', target: 'expired' },
          { target: 'failed' },
        ],
        onError: [
          { guard: 'outcomeClosed', target: 'closed' },
          { guard: 'outcomeExpired', target: 'expired' },
          { target: 'failed' },
        ],
      },
    },
    closed: { type: 'final' },
    expired: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** Reads the lifecycle status from a session snapshot (state value and tags, nothing else). */
export function sessionStatus(snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus {
  if (snapshot.matches('closed')) return 'closed';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.hasTag('ending')) return 'ending';
  return 'active';
}
