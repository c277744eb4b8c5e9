import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { GateLoad } from '../capacity/gate.js';

/** Seconds an act may take, from a cached observe to a long scroll_collect or upload. */
const ACT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

// Process metrics describe the process, not an app, so every app of the process shares one
// registry of them. Made on the first scrape: each collectDefaultMetrics() starts a GC observer
// and an event-loop monitor that live as long as the process, which a test making hundreds of
// apps must not pile up.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The service's Prometheus instruments in a registry of their own (never prom-client's global
 * one), so two apps in one process, as in tests, count apart. Every label takes values from a
 * closed set: step types, error codes, router patterns, outcomes.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly sessionsActive = new Gauge({ name: 'tabwright_sessions_active', help: 'Sessions live in this process, ending ones included', registers: [this.registry] });
  readonly sessionsStarted = new Counter({ name: 'tabwright_sessions_started_total', help: 'Sessions opened', registers: [this.registry] });
  readonly sessionsEnded = new Counter({
    name: 'tabwright_sessions_ended_total',
    help: 'Sessions ended, by final status and error code ("none" when the session ended without one)',
    labelNames: ['status', 'code'] as const,
    registers: [this.registry],
  });
  readonly acts = new Counter({ name: 'tabwright_acts_total', help: 'Runs of the step runner: every act, and every create with a url or steps', registers: [this.registry] });
  readonly actDuration = new Histogram({
    name: 'tabwright_act_duration_seconds',
    help: 'Time an act took from its start to its observation (cancelled acts included)',
    buckets: ACT_BUCKETS,
    registers: [this.registry],
  });
  readonly steps = new Counter({ name: 'tabwright_steps_total', help: 'Steps run, by step type (a create\'s url counts as goto)', labelNames: ['type'] as const, registers: [this.registry] });
  readonly stepErrors = new Counter({
    name: 'tabwright_step_errors_total',
    help: 'Steps that failed, by step type and error code',
    labelNames: ['type', 'code'] as const,
    registers: [this.registry],
  });
  readonly httpRequests = new Counter({
    name: 'tabwright_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern ("unmatched" for unknown routes) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly liveViewers = new Gauge({ name: 'tabwright_live_viewers', help: 'Live view streams open (GET /v1/sessions/{id}/live)', registers: [this.registry] });
  readonly screencasts = new Gauge({ name: 'tabwright_screencasts_active', help: 'Pages streaming a CDP screencast (one per watched session, 0 when nobody watches)', registers: [this.registry] });
  readonly liveFrames = new Counter({ name: 'tabwright_live_frames_total', help: 'Screencast frames received from Chromium (each sent to every viewer of its page)', registers: [this.registry] });
  readonly engineUp = new Gauge({ name: 'tabwright_engine_up', help: '1 while the browser is up, else 0', registers: [this.registry] });
  readonly engineRestarts = new Counter({ name: 'tabwright_engine_restarts_total', help: 'Browser launches after the first (relaunches after a loss)', registers: [this.registry] });
  readonly engineLosses = new Counter({ name: 'tabwright_engine_losses_total', help: 'Times the browser went away (crash, kill)', registers: [this.registry] });
  /** What the engine gate holds, read at each scrape (nothing until a registry watches its gate). */
  private engineLoad: () => GateLoad = () => ({ running: 0, waiting: 0 });
  readonly engineWork: Gauge<'state'> = new Gauge({
    name: 'tabwright_engine_work',
    help: 'Acts and session openings in the engine gate, by state: running, or waiting for a place (TABWRIGHT_ENGINE_CONCURRENCY)',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: () => {
      const { running, waiting } = this.engineLoad();
      this.engineWork.set({ state: 'running' }, running);
      this.engineWork.set({ state: 'waiting' }, waiting);
    },
  });
  readonly bytesMetered = new Counter({
    name: 'tabwright_bytes_metered_total',
    help: 'Response bytes metered by the session proxies, by billing kind (datacenter, residential)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly creditsDebited = new Counter({
    name: 'tabwright_credits_debited_total',
    help: 'Credits debited from ledgers as sessions ended, by pool (live, test)',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  readonly creditsRefunded = new Counter({
    name: 'tabwright_credits_refunded_total',
    help: 'Credits refunded after service-side faults, by pool (live, test)',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  readonly warmReady = new Gauge({ name: 'tabwright_warm_sessions_ready', help: 'Pages of the warm pool ready for a create with default options', registers: [this.registry] });
  readonly warmTakes = new Counter({
    name: 'tabwright_warm_takes_total',
    help: 'Creates with default options, by whether a warm page was ready (hit) or one was built for them (miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** Reads `load` at every scrape for tabwright_engine_work (the registry's engine gate). */
  watchEngine(load: () => GateLoad): void {
    this.engineLoad = load;
  }

  /** The exposition's content type (Prometheus text format 0.0.4). */
  readonly contentType = this.registry.contentType;

  /** This app's metrics and the process's, as Prometheus text. */
  async scrape(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }
}
