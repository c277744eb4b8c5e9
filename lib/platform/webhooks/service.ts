// The webhooks of this node (issue 32): the target of a create, events enqueued for the lead's
// callers, and the worker that delivers what the store holds (from this node or any other sharing
// it). The store decides who delivers: the worker only ever sends an event it holds a lease on, and
// records each attempt with its outcome under that lease (lib/platform/store/types.ts, WebhookStore).
import { ApiError } from '../../contract/errors.js';
import type { AddressGuard } from '../../network/address.js';
import type { Clock } from '../clock.js';
import type { ApiKeyRecord, Store, WebhookClaim, WebhookEventType, WebhookOutcome } from '../store/index.js';
import { attempt } from './deliver.js';
import { openSecret } from './secret.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';
import { webhookUrlRefusal } from './target.js';

/** How long an event is retried, from its creation: then it is given up (failed). */
export const WEBHOOK_WINDOW_MS = 24 * 3_600_000;
/** How long an event delivered or given up stays readable (GET /v1/sessions/{id}/webhooks) before it is pruned. */
export const WEBHOOK_RETENTION_MS = 7 * 24 * 3_600_000;
/** Most milliseconds one attempt may take. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The default wait before attempt n + 1: 30 s doubling to at most an hour, each between half and all of it (jitter), so failing receivers are not hit in step. */
export function defaultBackoff(failedAttempts: number): number {
  const full = Math.min(30_000 * 2 ** (failedAttempts - 1), 3_600_000);
  return Math.round(full * (0.5 + Math.random() / 2));
}

/** Where a create's events go: Webhooks#target, or, on a server without webhooks, nowhere (a create naming a URL is refused). */
export function webhookTarget(webhooks: Webhooks | undefined, key: ApiKeyRecord, url: string | undefined): Promise<string | undefined> {
  if (webhooks) return webhooks.target(key, url);
  if (url !== undefined) {
    return Promise.reject(new ApiError(400, 'invalid_request', 'webhook_url: this server does not deliver webhooks', { path: 'webhook_url', expected: 'no webhook_url' }));
  }
  return Promise.resolve(undefined);
}

/** What the webhooks need; the timings have defaults and are there so tests can shorten them. */
export interface WebhookDeps {
  store: Store;
  guard: AddressGuard;
  clock: Clock;
  /** The key that opens keys' secrets (secretSealingKey of the profile key). */
  sealingKey: Buffer;
  /** Extra trusted certificate authorities, PEM (TABWRIGHT_WEBHOOK_CA_FILE); null for the system's alone. */
  ca: string | null;
  userAgent: string;
  /** Warnings (a failed store call) go here. */
  warn: (fields: object, message: string) => void;
  /** Milliseconds to wait after `failedAttempts` failed attempts; default defaultBackoff. */
  backoff?: (failedAttempts: number) => number;
  timeoutMs?: number;
  windowMs?: number;
  /** How often the worker looks for events without being woken (other nodes' and retries'); default 5 s. */
  pollMs?: number;
  /** Attempts under way at once (of different sessions); default 4. */
  concurrency?: number;
}

/** This node's webhooks. */
export class Webhooks {
  private running = 0;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: WebhookDeps) {}

  /**
   * Where a create's events go: its `webhook_url`, checked now (a 400 invalid_request saying why
   * when refused), else the key's own URL, else nowhere (undefined, and nothing is written).
   */
  async target(key: ApiKeyRecord, url: string | undefined): Promise<string | undefined> {
    const own = await this.deps.store.keyWebhook(key.id);
    if (url === undefined) return own?.url ?? undefined;
    if (!own) {
      throw new ApiError(400, 'invalid_request', 'webhook_url: this API key has no webhook signing secret yet; make one with: tabwright keys webhook <key prefix> --rotate-secret', {
        path: 'webhook_url',
        expected: 'a key with a webhook signing secret',
      });
    }
    const refusal = await webhookUrlRefusal(url, this.deps.guard);
    if (refusal) throw new ApiError(400, 'invalid_request', `webhook_url: refused, ${refusal}`, { path: 'webhook_url', expected: 'an https URL of a public address' });
    return url;
  }

  /** Sends the admitted sessions' events to `url` from now on; when that cannot be written, their rows go (no page was opened yet). */
  async watch(sessionIds: readonly string[], keyId: string, url: string): Promise<void> {
    const { store } = this.deps;
    try {
      for (const sessionId of sessionIds) await store.watchSession({ sessionId, keyId, url });
    } catch (error) {
      await Promise.all(sessionIds.map((id) => store.abandonSession(id).catch(() => false)));
      throw error;
    }
  }

  /**
   * Enqueues an event of the session (after its earlier ones) and wakes the worker; nothing is
   * written for a session without a target. For `download.completed`, `data` is the download item
   * {id, name, mime, bytes, url, complete}. Never rejects: a store that fails is logged, and the
   * session goes on.
   */
  async enqueue(sessionId: string, type: WebhookEventType, data: unknown): Promise<void> {
    try {
      if ((await this.deps.store.enqueueWebhook({ sessionId, type, data, now: this.deps.clock.now() })) !== null) this.wake();
    } catch (error) {
      this.deps.warn({ err: error, sessionId, type }, 'a webhook event could not be enqueued');
    }
  }

  /** Starts the worker. */
  start(): void {
    this.started = true;
    this.wake();
  }

  /** Stops the worker and waits for the attempts under way; their events stay leased until the lease ends, then any node retries them. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.pumping;
    await Promise.all(this.inFlight);
  }

  /** Looks for due events now (a session ended, an event was enqueued). */
  wake(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.pumping = this.pump()
      .catch((error: unknown) => this.deps.warn({ err: error }, 'webhook worker: the store failed'))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Claims due events while there is room, then sleeps until the next is due (at most pollMs). */
  private async pump(): Promise<void> {
    const { store, clock } = this.deps;
    const concurrency = this.deps.concurrency ?? 4;
    const timeoutMs = this.deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    while (this.started && this.running < concurrency) {
      // The lease outlasts the attempt's own time limit with room to record it.
      const claim = await store.claimWebhook({ now: clock.now(), leaseMs: timeoutMs + 30_000 });
      if (!claim) break;
      this.running++;
      const delivery = this.deliver(claim)
        .catch((error: unknown) => this.deps.warn({ err: error, eventId: claim.id }, 'webhook delivery could not be recorded'))
        .finally(() => {
          this.running--;
          this.inFlight.delete(delivery);
          // Its session's next event may be due now.
          this.wake();
        });
      this.inFlight.add(delivery);
    }
    if (!this.started || this.running >= concurrency) return;
    const now = clock.now();
    const due = await store.nextWebhookDue();
    const pollMs = this.deps.pollMs ?? 5_000;
    // An event due already but not claimable waits behind its session's earlier one: a finish wakes the worker.
    const wait = due !== null && due > now ? Math.min(due - now, pollMs) : pollMs;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  /** One attempt at a claimed event, recorded with what it decides. */
  private async deliver(claim: WebhookClaim): Promise<void> {
    const { store, clock } = this.deps;
    const at = clock.now();
    const secret = claim.sealedSecret && openSecret(this.deps.sealingKey, { accountId: claim.accountId, keyId: claim.keyId }, claim.sealedSecret);
    const result = secret
      ? await attempt(claim.url, claim.body, { [SIGNATURE_HEADER]: signatureHeader(secret, claim.body, at) }, {
          guard: this.deps.guard,
          timeoutMs: this.deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          ca: this.deps.ca,
          userAgent: this.deps.userAgent,
        })
      : { statusCode: null, error: "the key's webhook secret cannot be read with this node's profile key", excerpt: null };
    const end = clock.now();
    await store.finishWebhook({ id: claim.id, lease: claim.lease, attempt: { n: claim.attempt, at, durationMs: end - at, ...result }, outcome: this.outcome(claim, result.statusCode, end) });
  }

  /** Delivered on a 2xx; else retried after the backoff, or given up once that falls past the window. */
  private outcome(claim: WebhookClaim, statusCode: number | null, now: number): WebhookOutcome {
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { state: 'delivered' };
    const nextAt = now + (this.deps.backoff ?? defaultBackoff)(claim.attempt);
    return nextAt > claim.createdAt + (this.deps.windowMs ?? WEBHOOK_WINDOW_MS) ? { state: 'failed' } : { state: 'pending', nextAt };
  }
}
