import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';

/** Input of the engine machine. */
export interface EngineInput {
  maxRelaunchDelayMs?: number;
}

/** Context of the engine machine; `browser` is an opaque handle owned by actors/engine. */
export interface EngineContext {
  browser: unknown;
  /** Consecutive failed launches since the browser was last up. */
  attempts: number;
  maxRelaunchDelayMs: number;
  /** Why the engine last went down. */
  error: string | undefined;
}

/** Events the engine machine accepts (`lost` comes from its own watch actor). */
export type EngineEvent = { type: 'lost' } | { type: 'shutdown' };

/** Lifecycle status as read from an engine snapshot. */
export type EngineStatus = 'starting' | 'up' | 'down' | 'stopping' | 'stopped';

/** First relaunch wait; it doubles per consecutive failed launch. */
export const BASE_RELAUNCH_DELAY_MS = 250;
const DEFAULT_MAX_RELAUNCH_DELAY_MS = 5000;

/** The wait before the next launch after `attempts` consecutive failures (0 after a loss). */
export function relaunchDelayMs(attempts: number, maxRelaunchDelayMs: number): number {
  const doublings = Math.max(0, attempts - 1);
  // Cap the exponent too, so a long outage never overflows to Infinity.
  return Math.min(maxRelaunchDelayMs, BASE_RELAUNCH_DELAY_MS * 2 ** Math.min(doublings, 30));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Supervises one browser: launch, watch, relaunch with backoff, close once on shutdown. */
export const engineMachine = setup({
  types: {
    context: {} as EngineContext,
    events: {} as EngineEvent,
    // The assertion declares the input type for XState; the linter sees `{}` fit an all-optional type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as EngineInput,
    tags: {} as 'available',
  },
  actors: {
    // Placeholders: actors/engine provides Playwright launch, disconnect watch and close.
    launch: fromPromise<unknown, { attempt: number }>(() => Promise.reject(new Error('launch is not provided'))),
    watch: fromCallback<EventObject, { browser: unknown }>(() => undefined),
    close: fromPromise<void, { browser: unknown }>(() => Promise.resolve()),
  },
  actions: {
    notifyUp: (_, _params: { browser: unknown }) => {},
    notifyLost: () => {},
    notifyDown: (_, _params: { error?: string }) => {},
  },
  delays: {
    relaunchDelay: ({ context }) => relaunchDelayMs(context.attempts, context.maxRelaunchDelayMs),
  },
}).createMachine({
  id: 'engine',
  context: ({ input }) => ({
    browser: null,
    attempts: 0,
    maxRelaunchDelayMs: input.maxRelaunchDelayMs ?? DEFAULT_MAX_RELAUNCH_DELAY_MS,
    error: undefined,
  }),
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        src: 'launch',
        input: ({ context }) => ({ attempt: context.attempts + 1 }),
        onDone: {
          target: 'up',
          actions: [
            assign({ browser: ({ event }) => event.output, attempts: 0, error: undefined }),
            { type: 'notifyUp', params: ({ event }) => ({ browser: event.output }) },
          ],
        },
        onError: {
          target: 'down',
          actions: assign({ attempts: ({ context }) => context.attempts + 1, error: ({ event }) => errorMessage(event.error) }),
        },
      },
      // Leaving starting stops launch and aborts its signal; a browser that arrives late is
      // the launch actor's to close, since the machine never saw it.
      on: { shutdown: 'stopping' },
    },
    up: {
      tags: 'available',
      invoke: { src: 'watch', input: ({ context }) => ({ browser: context.browser }) },
      on: {
        lost: {
          target: 'down',
          actions: ['notifyLost', assign({ browser: null, error: 'The browser disconnected' })],
        },
        // The handle stays in context here so stopping can close it.
        shutdown: 'stopping',
      },
    },
    down: {
      entry: { type: 'notifyDown', params: ({ context }) => ({ error: context.error }) },
      after: { relaunchDelay: 'starting' },
      on: { shutdown: 'stopping' },
    },
    stopping: {
      invoke: {
        src: 'close',
        input: ({ context }) => ({ browser: context.browser }),
        onDone: { target: 'stopped', actions: assign({ browser: null }) },
        onError: { target: 'stopped', actions: assign({ browser: null }) },
      },
    },
    stopped: { type: 'final' },
  },
});

type EngineSnapshot = SnapshotFrom<typeof engineMachine>;

/** Reads the lifecycle status from an engine snapshot. */
export function engineStatus(snapshot: EngineSnapshot): EngineStatus {
  if (snapshot.matches('up')) return 'up';
  if (snapshot.matches('down')) return 'down';
  if (snapshot.matches('stopping')) return 'stopping';
  if (snapshot.matches('stopped')) return 'stopped';
  return 'starting';
}

/** What the service reports of its browser: up, restarting while a launch is under way, down otherwise. */
export type EngineHealth = 'up' | 'restarting' | 'down';

/** Reads the health from an engine snapshot: `starting` is a launch under way, `down` the wait before the next. */
export function engineHealth(snapshot: EngineSnapshot): EngineHealth {
  const status = engineStatus(snapshot);
  return status === 'up' ? 'up' : status === 'starting' ? 'restarting' : 'down';
}

/** What the engine is doing while it is not up, in a sentence for the client (never the launch error: it names paths). */
export function unavailableReason(snapshot: EngineSnapshot): string {
  const status = engineStatus(snapshot);
  // Only the very first launch starts without an error: any later one follows a loss or a failure.
  if (status === 'starting') return snapshot.context.error === undefined ? 'The browser engine is starting' : 'The browser engine is restarting';
  if (status === 'down') return snapshot.context.attempts > 0 ? 'The browser engine could not be launched and will try again' : 'The browser engine was lost and is about to restart';
  if (status === 'up') return 'The browser engine is up';
  return 'The browser engine is shutting down';
}

/** Whole seconds (at least 1) a client should wait before retrying while the engine is not up. */
export function retryAfterSeconds(snapshot: EngineSnapshot): number {
  if (!snapshot.matches('down')) return 1;
  // The relaunch timer started on entering down; its full length is a safe upper bound.
  const { attempts, maxRelaunchDelayMs } = snapshot.context;
  return Math.max(1, Math.ceil(relaunchDelayMs(attempts, maxRelaunchDelayMs) / 1000));
}
