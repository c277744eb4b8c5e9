// What a session journals about itself (issue 14): its state changes, the life of each act, the
// takeovers, its usage and its end. The page's own events (navigation, errors) come from the driver.
import type { Actor, InspectionEvent } from 'xstate';
import type { Outcome, sessionMachine } from '../machines/session.js';
import type { Priced } from '../lib/platform/billing/rates.js';
import type { Clock } from '../lib/platform/clock.js';
import { Journal } from '../lib/platform/journal/journal.js';
import { redactStepMessage } from '../lib/platform/journal/redact.js';
import { statePath } from '../lib/platform/journal/transitions.js';
import type { ActRequest, RunOutcome } from '../lib/browser/act/runner.js';
import type { Store, UsageInput } from '../lib/platform/store/index.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { Webhooks } from '../lib/platform/webhooks/service.js';
import { deviceEvent } from '../lib/browser/context/device.js';
import type { ContextSettings } from '../lib/browser/context/settings.js';

/** The records one session writes into its journal, and the journal itself. */
export class SessionJournal {
  /** Readable through GET /v1/sessions/{id}/events. */
  readonly journal: Journal;
  /** The machine's state path as the journal last recorded it. */
  private journaledState: string | null = null;

  constructor(sessionId: string, secrets: readonly string[], deps: { store: Store; clock: Clock; telemetry: Telemetry }) {
    this.journal = new Journal(sessionId, deps.store, {
      now: () => deps.clock.now(),
      onWriteError: (error) => deps.telemetry.log.warn({ err: error, session_id: sessionId }, 'journal write failed'),
    });
    this.journal.addSecrets(secrets);
  }

  /** The session's first events: the session it was forked from, and the device it emulates. */
  opened(parent: string | undefined, settings: ContextSettings | undefined): void {
    if (parent) this.journal.record({ type: 'fork.source', source: parent });
    const device = deviceEvent(settings);
    if (device) this.journal.record(device);
  }

  /** Sends each kept download, journaled where the browser saw it finish, to the session's webhook too. */
  forwardDownloads(webhooks: Webhooks): void {
    const sessionId = this.journal.sessionId;
    this.journal.subscribe((event) => {
      if (event.type === 'download.completed') void webhooks.enqueue(sessionId, 'download.completed', event.download);
    });
  }

  /**
   * Records each change of the machine's state, from XState's inspection of the session actor
   * itself (not its invoked children), so the journal cannot drift from the machine. The final
   * state is followed by `ended`, which writes the journal before the session's `ended` resolves.
   */
  inspect(event: InspectionEvent, actor: Actor<typeof sessionMachine>, outcome: () => Outcome): void {
    if (event.type !== '@xstate.snapshot' || event.actorRef !== actor) return;
    const snapshot = actor.getSnapshot();
    const to = statePath(snapshot.value);
    if (to !== this.journaledState) {
      this.journal.record({ type: 'transition', from: this.journaledState, to, event: event.event.type });
      this.journaledState = to;
    }
    if (snapshot.status === 'done') this.ended(outcome());
  }

  /** An act queued: which steps it holds, never their parameters. */
  actReceived(actId: string, request: ActRequest): void {
    const steps = [...(request.url === undefined ? [] : ['goto']), ...request.steps.map((step) => step.name)];
    this.journal.record({ type: 'act.received', act_id: actId, steps });
  }

  /**
   * An act got the page. Its run starts inside the machine's move to running, before the
   * inspection reports that move: recorded a microtask later, it follows the transition.
   */
  actStarted(actId: string): void {
    queueMicrotask(() => this.journal.record({ type: 'act.started', act_id: actId }));
  }

  /**
   * The end of an act that started at `started` (performance.now()); a step's error message says no more than the log would. Without `outcome`
   * it was cancelled (the session is ending) or failed inside: no step error to tell.
   */
  actFinished(actId: string, started: number, outcome?: RunOutcome): void {
    const duration_ms = Math.round(performance.now() - started);
    if (!outcome) {
      this.journal.record({ type: 'act.finished', act_id: actId, ok: false, duration_ms });
      return;
    }
    const { error } = outcome.result;
    // With an error, the last step started is the one that failed (or, for the observation, the step before it).
    const failed = error ? outcome.ran.at(-1) : undefined;
    this.journal.record({
      type: 'act.finished',
      act_id: actId,
      ok: error === null,
      duration_ms,
      ...(error ? { error: { code: error.code, message: redactStepMessage(error.action, error.message, failed?.params ?? null) } } : {}),
    });
  }

  /** The act's reply went out: its events are written once the transition that sent it has been recorded. */
  actAnswered(): void {
    queueMicrotask(() => void this.journal.flush());
  }

  /** A person holds the page. */
  takeover(): void {
    this.journal.record({ type: 'takeover', by: 'key' });
  }

  /** The person gave the page back. */
  handback(): void {
    this.journal.record({ type: 'handback' });
  }

  /** What the session consumed, with what it costs, once its usage is written. */
  usage(usage: Priced<UsageInput>): void {
    const bytes = usage.bytesDatacenter + usage.bytesResidential;
    this.journal.record({ type: 'usage', seconds: usage.seconds, bytes, ai_tokens: usage.aiTokens, captcha_solves: usage.captchaSolves, credits: usage.credits });
  }

  /** The journal's last event; recording it writes everything buffered. */
  ended(outcome: Outcome): void {
    this.journal.record({ type: 'ended', status: outcome.status, error_code: outcome.code ?? null, error_message: outcome.message ?? null });
  }
}
