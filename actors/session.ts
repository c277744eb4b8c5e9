import { setTimeout as sleep } from 'node:timers/promises';
import { createActor, fromPromise, type Actor } from 'xstate';
import { sessionMachine, sessionStatus, type ActOutput, type ActReply, type Outcome } from '../machines/session.js';
import type { Clock } from '../lib/platform/clock.js';
import type { Journal } from '../lib/platform/journal/journal.js';
import { statePath } from '../lib/platform/journal/transitions.js';
import type { Viewer } from '../lib/browser/live/screencast.js';
import type { InputEvent } from '../lib/contract/request/input.js';
import { token } from '../lib/platform/ids.js';
import { ActCancelled, type ActRequest, type ActTimings } from '../lib/browser/act/runner.js';
import type { ActResult } from '../lib/contract/response/envelope.js';
import type { PageState } from '../lib/contract/response/page.js';
import type { DownloadItem } from '../lib/contract/response/download.js';
import { priced, type Priced } from '../lib/platform/billing/rates.js';
import type { Store, UsageInput } from '../lib/platform/store/index.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import { withCap } from '../lib/platform/time.js';
import type { PageDriver } from './driver.js';
import { SessionJournal } from './session-journal.js';
import { Takeover } from './takeover.js';
import { CdpClients } from './cdp-clients.js';
import type { ForkPoint } from '../lib/browser/state/fork.js';
import type { ProfileOption } from '../lib/contract/request/profile.js';
import type { Webhooks } from '../lib/platform/webhooks/service.js';
import type { ProfileVault } from '../lib/platform/profiles/vault.js';
import { SessionProfile } from './session-profile.js';
import { SessionMeter } from './session-meter.js';
import type { ContextSettings } from '../lib/browser/context/settings.js';

/** How long closing a browser context may take before the exit path goes on without it. */
const CONTEXT_CLOSE_CAP_MS = 5_000;
/** How long the session's CDP clients may take to be told it ended before the exit path goes on. */
const CDP_CLOSE_CAP_MS = 1_000;

/** What an act hands back to the HTTP layer: the envelope's act part and where the time went. */
export interface ActAnswer {
  result: ActResult;
  timings?: ActTimings;
}

/** What a session is opened with. */
export interface SessionSpec {
  id: string;
  keyId: string;
  /** The key's display prefix, for the log (never the key). */
  keyPrefix: string;
  accountId: string;
  test: boolean;
  timeoutSeconds: number;
  /** The create's `page`: `light` answers url, title and scroll on every act of the session. */
  pageMode: 'full' | 'light';
  /** Values the journal must never show (the create's cookie values). */
  secrets?: readonly string[];
  /** The browser settings it was opened with, its cookies aside: a fork opens its copies with them. */
  settings?: ContextSettings;
  /** The session this one is a fork of. */
  parent?: string;
  /** The profile it started from, and whether it writes its state back as it ends. */
  profile?: ProfileOption;
}

/** The parts of the world a session needs. */
export interface SessionDeps {
  store: Store;
  clock: Clock;
  telemetry: Telemetry;
  /** Where profiles are kept; a session with a persisting profile saves to it. */
  profiles?: ProfileVault;
  /** This node's webhooks: `webhooks.enqueue(id, 'download.completed', item)` (its end's event the store enqueues itself). */
  webhooks?: Webhooks;
}

/**
 * One live session: the lifecycle machine provided with a real BrowserContext and page.
 * Acts go in as events and come back through `replyAct`; leaving `active` runs `finalize`,
 * the one exit path that closes the context and records usage.
 */
export class Session {
  readonly startedAt: number;
  readonly expiresAt: number;
  /** Resolves with the outcome once the session reached its final state (usage written). */
  readonly ended: Promise<Outcome>;
  private readonly actor: Actor<typeof sessionMachine>;
  private readonly acts = new Map<string, { request: ActRequest; reply: (reply: ActReply) => void }>();
  private readonly meter: SessionMeter;
  /** What happens to the session, in order (issue 14); readable through GET /v1/sessions/{id}/events. */
  readonly journal: Journal;
  private readonly records: SessionJournal;
  private readonly person: Takeover;
  /** The clients driving the page over CDP (GET /v1/sessions/{id}/cdp) and the session's connect token. */
  readonly cdp: CdpClients;
  /** Its profile, when it was created with one. */
  readonly profile: SessionProfile | undefined;
  /** The page as the last act that read it answered it (GET /v1/sessions/{id}/observation). */
  private latest: { actId: string; at: number; page: PageState } | undefined;
  /** What an act threw that nobody expected (the session then ends internal_error); the HTTP layer logs it as the 500's cause. */
  private unexpected: unknown;

  private constructor(
    readonly spec: SessionSpec,
    private readonly deps: SessionDeps,
    private readonly driver: PageDriver,
  ) {
    this.startedAt = deps.clock.now();
    this.meter = new SessionMeter(driver, deps.telemetry);
    this.expiresAt = this.startedAt + spec.timeoutSeconds * 1000;
    this.records = new SessionJournal(spec.id, spec.secrets ?? [], deps);
    this.journal = this.records.journal;
    this.profile =
      spec.profile && deps.profiles
        ? new SessionProfile(spec.profile, { accountId: spec.accountId, sessionId: spec.id }, { vault: deps.profiles, clock: deps.clock, telemetry: deps.telemetry, journal: this.journal })
        : undefined;
    const machine = sessionMachine.provide({
      actors: {
        runAct: fromPromise(({ input, signal }) => this.run(input.act.id, signal)),
        finalize: fromPromise(({ input }) => this.finalize(input.outcome)),
      },
      actions: {
        replyAct: (_, { actId, reply }) => {
          const act = this.acts.get(actId);
          this.acts.delete(actId);
          act?.reply(reply);
          this.records.actAnswered();
        },
      },
    });
    this.actor = createActor(machine, {
      input: { sessionId: spec.id, timeoutMs: spec.timeoutSeconds * 1000 },
      clock: deps.clock,
      inspect: (event) => this.records.inspect(event, this.actor, () => this.outcome()),
    });
    this.cdp = new CdpClients({
      journal: this.journal,
      clock: deps.clock,
      target: () => driver.cdpTarget?.() ?? Promise.resolve(undefined),
    });
    this.person = new Takeover({ actor: this.actor, driver, clock: deps.clock, telemetry: deps.telemetry, records: this.records, sessionId: spec.id });
    const failed: Outcome = { status: 'failed', code: 'internal_error', message: 'The session machine failed' };
    this.ended = new Promise((resolve) => {
      this.actor.subscribe({
        complete: () => resolve(this.outcome()),
        error: () => {
          this.records.ended(failed);
          resolve(failed);
        },
      });
    });
  }

  /** Records the admitted session `spec.id` as opened around its page and starts its lifecycle. */
  static async start(driver: PageDriver, spec: SessionSpec, deps: SessionDeps): Promise<Session> {
    const session = new Session(spec, deps, driver);
    session.records.opened(spec.parent, spec.settings);
    // Admission wrote the row when the create came in; it becomes visible, running from now.
    await deps.store.openedSession(spec.id, { startedAt: session.startedAt, expiresAt: session.expiresAt });
    driver.attachJournal?.(session.journal);
    if (deps.webhooks) session.records.forwardDownloads(deps.webhooks);
    session.actor.start();
    // A page lost between acts ends the session at once: billed up to now, never refunded.
    driver.onPageFailure?.(({ code, message }) => session.actor.send({ type: 'page.failed', code, message }));
    return session;
  }

  /** `active`, `ending`, or the final state. */
  get status(): ReturnType<typeof sessionStatus> {
    return sessionStatus(this.actor.getSnapshot());
  }

  /** Queues an act; resolves with its result, or with how the session ended first. */
  act(request: ActRequest): Promise<ActReply> {
    if (this.status !== 'active' && this.status !== 'ending') {
      return Promise.resolve({ kind: 'ended', outcome: this.outcome() });
    }
    const id = token(12);
    this.records.actReceived(id, request);
    return new Promise((reply) => {
      this.acts.set(id, { request, reply });
      this.actor.send({ type: 'act', act: { id, steps: request.steps } });
    });
  }

  /** Where a fork of this session starts: its storage, URL, scroll and sessionStorage; undefined when the page did not answer in time. */
  forkPoint(): Promise<ForkPoint | undefined> {
    return this.driver.forkPoint?.() ?? Promise.resolve(undefined);
  }

  /** The files the session's pages downloaded so far, oldest first: the envelope's `downloads`. */
  downloads(): DownloadItem[] {
    return this.driver.downloads?.() ?? [];
  }

  /** Records the sessions forked from this one in its journal (what the dashboard shows them from). */
  forked(ids: readonly string[]): void {
    this.journal.record({ type: 'forked', sessions: [...ids] });
  }

  /** The page as the last act that read it answered it, with the act and when; undefined before any. */
  get latestObservation(): { actId: string; at: number; page: PageState } | undefined {
    return this.latest;
  }

  /** The fault that ended the session internal_error, if an act threw one. */
  get fault(): unknown {
    return this.unexpected;
  }

  /** Ends the session as closed (DELETE; `reason` when the service closes it) and waits until its usage is written. */
  async close(reason?: string): Promise<Outcome> {
    this.actor.send({ type: 'delete', reason });
    return this.ended;
  }

  /** The machine's state as a dotted path, such as `active.human`. */
  get state(): string {
    return statePath(this.actor.getSnapshot().value);
  }

  /** Acts waiting for their turn (behind the act under way, or for a handback). */
  get queued(): number {
    return this.actor.getSnapshot().context.queue.length;
  }

  /** True while a person holds the page, or will once the act under way has answered. */
  get heldByPerson(): boolean {
    return this.person.held;
  }

  /** Calls `listener` with the state now and after every change, until the returned function is called. */
  onState(listener: (state: string) => void): () => void {
    let last = this.state;
    listener(last);
    const subscription = this.actor.subscribe((snapshot) => {
      const next = statePath(snapshot.value);
      if (next !== last) listener((last = next));
    });
    return () => subscription.unsubscribe();
  }

  /** Streams the page's frames to `viewer` until the returned function is called. */
  watch(viewer: Viewer): () => void {
    return this.person.watch(viewer);
  }

  /** Hands the page to a person once nobody else holds it and the act under way has answered (actors/takeover.ts). */
  takeover(): Promise<void> {
    return this.person.take();
  }

  /** Gives the page back: queued acts resume. Answers the state it left the session in. */
  handback(): Promise<'idle' | 'running'> {
    return this.person.handBack();
  }

  /** Applies a person's input to the page, only while they hold it. */
  input(events: readonly InputEvent[]): Promise<number> {
    return this.person.input(events);
  }

  /** Sends a lifecycle event from outside: engine loss or server shutdown. */
  send(event: { type: 'engine.lost' } | { type: 'shutdown' }): void {
    this.actor.send(event);
  }

  private outcome(): Outcome {
    const snapshot = this.actor.getSnapshot();
    const outcome = (snapshot.context as { outcome?: Outcome | null }).outcome;
    return outcome ?? { status: 'failed', code: 'internal_error', message: 'The session ended without an outcome' };
  }

  private async run(actId: string, signal: AbortSignal): Promise<ActOutput> {
    const act = this.acts.get(actId);
    if (!act) throw new Error(`unknown act ${actId}`);
    const started = performance.now();
    this.records.actStarted(actId);
    try {
      const outcome = await this.driver.run({ ...act.request, actId }, signal);
      this.deps.telemetry.actFinished(this.spec.id, performance.now() - started, outcome);
      this.records.actFinished(actId, started, outcome);
      const { result, timings, close, fatal } = outcome;
      if (result.page) this.latest = { actId, at: this.deps.clock.now(), page: result.page };
      const answer: ActAnswer = { result, timings };
      return { result: answer, close, fatal: fatal && { code: fatal.code, message: fatal.message } };
    } catch (error) {
      this.deps.telemetry.actFinished(this.spec.id, performance.now() - started);
      this.records.actFinished(actId, started);
      if (!(error instanceof ActCancelled)) this.unexpected ??= error;
      // A dead browser is the engine's news to tell: wait (bounded) for engine.lost to stop this act.
      if (!(error instanceof ActCancelled) && !this.driver.connected) {
        await new Promise((resolve) => {
          signal.addEventListener('abort', resolve, { once: true });
          void sleep(5_000, undefined, { ref: false }).then(resolve);
        });
      }
      throw error;
    }
  }

  /**
   * What the session has consumed up to `at` (interface.md 8.4): runtime by its own clock, plus
   * what the page driver has metered so far. Fields the driver does not report count as zero.
   */
  usage(at: number): Priced<UsageInput> {
    return priced({ seconds: Math.ceil(Math.max(0, at - this.startedAt) / 1000), ...this.meter.collect() });
  }

  private async finalize(outcome: Outcome): Promise<void> {
    // CDP clients hear why first, and their disconnects are journaled before the session's end.
    await this.cdp.end(outcome, CDP_CLOSE_CAP_MS);
    // Before the close, while the page surely exists; usage() below adds what closing flushed.
    this.meter.collect();
    // A persisting profile reads the state while the context is still open.
    await this.profile?.end(outcome, this.driver.storage && (() => this.driver.storage!()));
    // A trace is written before the context closes, within its own cap (lib/browser/trace.ts).
    await withCap(this.driver.close().catch(() => undefined), CONTEXT_CLOSE_CAP_MS + (this.driver.closeExtraMs ?? 0));
    const now = this.deps.clock.now();
    // Expiry bills up to the timeout, never past it (decisions.md).
    const endedAt = outcome.status === 'expired' ? Math.min(now, this.expiresAt) : now;
    const usage = this.usage(endedAt);
    // One transaction writes the end, the usage row and the ledger debit (and refund after a fault).
    const bill = await this.deps.store.endSession({
      id: this.spec.id,
      status: outcome.status,
      endedAt,
      errorCode: outcome.code,
      errorMessage: outcome.message,
      usage,
    });
    this.records.usage(usage);
    const { id: sessionId, keyPrefix, test } = this.spec;
    this.deps.telemetry.sessionEnded({ sessionId, keyPrefix, test, outcome, durationMs: endedAt - this.startedAt, usage, bill });
  }
}
