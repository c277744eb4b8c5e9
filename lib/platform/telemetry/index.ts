import type { Logger } from 'pino';
import { REFUNDED_ERRORS } from '../billing/ledger.js';
import type { Priced } from '../billing/rates.js';
import { log as processLog } from '../log.js';
import type { ActResult } from '../../contract/response/envelope.js';
import type { StepCall } from '../../contract/step-types.js';
import type { SessionBill, UsageInput } from '../store/index.js';
import type { TraceSaved } from '../traces.js';
import { Metrics } from './metrics.js';
import { loggableStepMessage } from './redact.js';

export { Metrics } from './metrics.js';
export { loggableStepMessage, REDACTED } from './redact.js';

/** One answered HTTP request, as the request log and the request counter see it. */
export interface RequestRecord {
  requestId: string;
  method: string;
  /** The router's pattern (`/v1/sessions/:id/act`), never the raw path; null when no route matched. */
  route: string | null;
  status: number;
  ms: number;
  /** The key's display prefix (the first 16 characters a key listing shows), when one authenticated. */
  keyPrefix?: string;
  sessionId?: string;
  /** The error body's code, when the answer is an error. */
  code?: string;
  /** Probes (health, metrics) log at debug so a poller every few seconds does not drown the log. */
  quiet?: boolean;
  /** Node's code for a request its HTTP parser refused before the app saw it (HPE_INVALID_HEADER_TOKEN, ...). */
  parserError?: string;
}

/** A session as it ends: how, after how long, what it used and what the ledger made of it. */
export interface SessionEnd {
  sessionId: string;
  keyPrefix: string;
  test: boolean;
  outcome: { status: string; code?: string };
  durationMs: number;
  usage: Priced<UsageInput>;
  /** What the ledger wrote; null when the session had already been ended elsewhere. */
  bill: SessionBill | null;
}

/** An act as the counters and the log see it: the steps it started, in order, and how it ended. */
export interface ActRecord {
  ran: readonly StepCall[];
  result: Pick<ActResult, 'completed' | 'error'>;
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const round = (ms: number): number => Math.round(ms * 10) / 10;

/**
 * Everything an operator sees of the service: one log line and the counters for each event (an
 * HTTP request, a session starting or ending, an act, a step failing, the engine's life). The
 * one place that decides what a line carries, so no key, cookie, typed text or code reaches it:
 * keys appear as their display prefix, steps as their type, step messages only through
 * loggableStepMessage.
 */
export class Telemetry {
  constructor(
    readonly log: Logger = processLog,
    readonly metrics: Metrics = new Metrics(),
  ) {}

  /** An answered HTTP request. */
  request(r: RequestRecord): void {
    const route = r.route ?? 'unmatched';
    this.metrics.httpRequests.inc({ method: METHODS.has(r.method) ? r.method : 'other', route, status: r.status });
    const level = r.status >= 500 ? 'warn' : r.quiet ? 'debug' : 'info';
    this.log[level](
      { request_id: r.requestId, method: r.method, route, status: r.status, ms: round(r.ms), key_prefix: r.keyPrefix, session_id: r.sessionId, code: r.code, parser_error: r.parserError },
      'request',
    );
  }

  /** A session opened (its context is up and it is recorded as active). */
  sessionStarted(s: { sessionId: string; keyPrefix: string; test: boolean; timeoutSeconds: number }): void {
    this.metrics.sessionsStarted.inc();
    this.log.info({ session_id: s.sessionId, key_prefix: s.keyPrefix, test: s.test, timeout_s: s.timeoutSeconds }, 'session started');
  }

  /** A session ended and its usage and ledger entries are written. */
  sessionEnded(e: SessionEnd): void {
    const code = e.outcome.code ?? 'none';
    this.metrics.sessionsEnded.inc({ status: e.outcome.status, code });
    const pool = e.test ? 'test' : 'live';
    if (e.bill?.debited) this.metrics.creditsDebited.inc({ pool }, e.bill.debited);
    if (e.bill?.refunded) this.metrics.creditsRefunded.inc({ pool }, e.bill.refunded);
    // A refunded fault is the service's (engine failure, internal error): the operator's business.
    const level = REFUNDED_ERRORS.has(code) ? 'warn' : 'info';
    const { usage } = e;
    this.log[level](
      {
        session_id: e.sessionId,
        key_prefix: e.keyPrefix,
        status: e.outcome.status,
        code: e.outcome.code,
        duration_ms: Math.round(e.durationMs),
        seconds: usage.seconds,
        credits: e.bill?.credits ?? usage.credits,
        debited: e.bill?.debited,
        refunded: e.bill?.refunded,
        bytes_datacenter: usage.bytesDatacenter,
        bytes_residential: usage.bytesResidential,
        ai_tokens: usage.aiTokens,
        captcha_solves: usage.captchaSolves,
      },
      'session ended',
    );
  }

  /** What became of a session's trace when it ended: written (with its size), or why not. */
  traceSaved(sessionId: string, saved: TraceSaved): void {
    if (saved.saved) this.log.info({ session_id: sessionId, bytes: saved.bytes, ms: saved.ms }, 'trace saved');
    else this.log.warn({ session_id: sessionId, reason: saved.reason, bytes: saved.bytes, ms: saved.ms }, 'trace not saved');
  }

  /** Bytes the session proxies metered since they were last collected. */
  metered(bytes: { bytesDatacenter: number; bytesResidential: number }): void {
    if (bytes.bytesDatacenter > 0) this.metrics.bytesMetered.inc({ kind: 'datacenter' }, bytes.bytesDatacenter);
    if (bytes.bytesResidential > 0) this.metrics.bytesMetered.inc({ kind: 'residential' }, bytes.bytesResidential);
  }

  /**
   * An act finished after `ms`; `outcome` is absent when it was cancelled (expiry, delete, engine
   * loss) or threw. A failed step is logged at warn with its index, type, code and a message
   * cleared of what the user sent.
   */
  actFinished(sessionId: string, ms: number, outcome?: ActRecord): void {
    this.metrics.acts.inc();
    this.metrics.actDuration.observe(ms / 1000);
    if (!outcome) {
      this.log.debug({ session_id: sessionId, ms: round(ms) }, 'act cancelled');
      return;
    }
    for (const step of outcome.ran) this.metrics.steps.inc({ type: step.name });
    const { error, completed } = outcome.result;
    if (error) {
      this.metrics.stepErrors.inc({ type: error.action, code: error.code });
      const reason = typeof error.context.reason === 'string' ? error.context.reason : undefined;
      const message = loggableStepMessage(error.action, error.message, outcome.ran.at(-1)?.params);
      this.log.warn({ session_id: sessionId, step: error.step, step_type: error.action, code: error.code, reason, message }, 'step failed');
    }
    this.log.debug({ session_id: sessionId, steps: outcome.ran.length, completed, ms: round(ms) }, 'act done');
  }

  /** The browser is up: its first launch, or a relaunch after a loss. */
  engineUp(e: { pid: number | undefined; version: string; attempt: number; relaunch: boolean }): void {
    this.metrics.engineUp.set(1);
    if (e.relaunch) this.metrics.engineRestarts.inc();
    this.log.info({ pid: e.pid, version: e.version, attempt: e.attempt }, e.relaunch ? 'engine relaunched' : 'engine launched');
  }

  /** A launch failed; the engine retries with backoff. */
  engineLaunchFailed(e: { attempt: number; error: string }): void {
    this.log.warn({ attempt: e.attempt, error: e.error }, 'engine launch failed');
  }

  /** The browser went away (crashed or killed); its sessions fail and it is relaunched. */
  engineLost(e: { pid: number | undefined }): void {
    this.metrics.engineUp.set(0);
    this.metrics.engineLosses.inc();
    this.log.warn({ pid: e.pid }, 'engine lost');
  }

  /** How many pages the warm pool holds ready now. */
  warmReady(ready: number): void {
    this.metrics.warmReady.set(ready);
  }

  /** A create with default options took a ready page of the warm pool (hit), or found none (miss). */
  warmTake(result: 'hit' | 'miss'): void {
    this.metrics.warmTakes.inc({ result });
  }

  /** The browser was shut down on purpose. */
  engineStopped(): void {
    this.metrics.engineUp.set(0);
    this.log.info('engine stopped');
  }
}
