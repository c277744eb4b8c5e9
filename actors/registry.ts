import { Admission, type LiveSessions, type MemoryRule, type MemoryState } from '../lib/platform/admission.js';
import { defaultSlots, EngineGate, type GateLoad } from '../lib/platform/capacity/gate.js';
import { httpErrors } from '../lib/contract/errors.js';
import type { Clock } from '../lib/platform/clock.js';
import type { Journal } from '../lib/platform/journal/journal.js';
import { newSessionId } from '../lib/platform/ids.js';
import type { StepCall } from '../lib/contract/step-types.js';
import type { CreateBody } from '../lib/api/create.js';
import { settingsOf } from '../lib/contract/request/settings.js';
import type { ApiKeyRecord, Store } from '../lib/platform/store/index.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { ActReply } from '../machines/session.js';
import type { BrowserDriver } from './driver.js';
import { gatedDriver } from './gated-driver.js';
import { RevocationWatch } from './revocation.js';
import { Openings, type Opening } from './opening.js';
import type { Session } from './session.js';
import type { ForkBody } from '../lib/api/fork.js';
import type { ProfileVault } from '../lib/platform/profiles/vault.js';
import { webhookTarget, type Webhooks } from '../lib/platform/webhooks/service.js';
import { FORK_READ_CAP_MS } from '../lib/browser/state/fork.js';
import { WARM_SETTINGS } from '../lib/browser/context/settings.js';

/** What the registry needs from the world. */
export interface RegistryDeps {
  store: Store;
  clock: Clock;
  driver: BrowserDriver;
  /** Where session starts and ends, acts and metered bytes are logged and counted. */
  telemetry: Telemetry;
  /** Subscribes to browser loss; the registry fails every live session when it happens. */
  onEngineLost?: (listener: () => void) => void;
  /** How much page work runs at once (TABWRIGHT_ENGINE_CONCURRENCY); default: defaultSlots() of this machine. */
  gate?: EngineGate;
  /** Creates are refused while the machine's memory is below the rule's (TABWRIGHT_MIN_FREE_MEMORY_MB); default: no rule. */
  memory?: MemoryRule;
  /** This node's name (NODE_ID), carried by every session id it makes; without one, ids name no node. */
  node?: string;
  /** Where profiles are kept (a create's `profile`). */
  profiles: ProfileVault;
  /** This node's webhooks (a create's `webhook_url`, a key's URL); without them a create naming one is refused. */
  webhooks?: Webhooks;
}

/**
 * Every live session of this process, by id. It asks admission before every create and act (the
 * store counts the key's sessions, creates still opening included, wherever they run), scopes
 * lookups to the API key, and ends everything on shutdown or engine loss.
 */
export class Registry implements LiveSessions {
  private readonly sessions = new Map<string, Session>();
  /** Admitted sessions whose pages are opening. */
  private readonly openings: Openings;
  private readonly admission: Admission;
  /** deps.driver behind the engine gate: page openings and acts run when it lets them. */
  private readonly gated: BrowserDriver;
  private readonly gate: EngineGate;
  private stopping = false;
  private readonly revocation: RevocationWatch;

  constructor(private readonly deps: RegistryDeps) {
    this.admission = new Admission(deps.store, this, deps.memory);
    this.gate = deps.gate ?? new EngineGate(defaultSlots(), deps.clock);
    this.gated = gatedDriver(deps.driver, this.gate);
    this.revocation = new RevocationWatch(deps, () => [...this.sessions.values()]);
    this.openings = new Openings({ ...deps, gated: this.gated, stopping: () => this.stopping });
    deps.telemetry.metrics.watchEngine(() => this.gate.load);
    deps.onEngineLost?.(() => {
      for (const session of this.sessions.values()) session.send({ type: 'engine.lost' });
    });
  }

  /** Holds `session` until it has ended; the active-sessions gauge follows this map. */
  private track(session: Session): void {
    const { telemetry } = this.deps;
    this.sessions.set(session.spec.id, session);
    telemetry.metrics.sessionsActive.inc();
    telemetry.sessionStarted({ sessionId: session.spec.id, keyPrefix: session.spec.keyPrefix, test: session.spec.test, timeoutSeconds: session.spec.timeoutSeconds });
    this.revocation.arm();
    void session.ended.then(() => {
      this.sessions.delete(session.spec.id);
      telemetry.metrics.sessionsActive.dec();
      // Its end's event, if it has a target, was enqueued with the end.
      this.deps.webhooks?.wake();
    });
  }

  /**
   * Opens a session for `key` and runs its first act, if any. Admission writes the session's row
   * (still opening) first, so the store, not this process, holds the key's count. A create that
   * fails before its session is opened leaves nothing: no page, no session row, no bill, and its
   * concurrency place free again.
   */
  async create(key: ApiKeyRecord, body: CreateBody): Promise<{ session: Session; reply: ActReply | null }> {
    if (this.stopping) throw httpErrors.engineUnavailable(5, 'The server is shutting down');
    // The id is chosen first: admission records it, and a session's trace is named after it from the moment its context opens.
    const id = newSessionId(this.deps.node);
    const webhook = await webhookTarget(this.deps.webhooks, key, body.webhook_url);
    await this.admission.admitCreate(key, body.timeout, this.deps.clock.now(), [id]);
    // The driver's background work (refilling its warm pool) waits until this create has its answer.
    const answered = this.deps.driver.creating?.();
    try {
      if (webhook) await this.deps.webhooks!.watch([id], key.id, webhook);
      const settings = settingsOf(body);
      const storage = await this.openings.profileStart(key, id, body.profile);
      const fields = { timeoutSeconds: body.timeout, pageMode: body.page, secrets: (body.cookies ?? []).map((cookie) => cookie.value), settings: { ...settings, cookies: undefined }, profile: body.profile };
      const [session] = await this.openAdmitted(key, [{ id, open: { ...settings, url: body.url, storage }, fields }]);
      session!.profile?.loaded(storage);
      // The first act: the url and the steps, if there are any.
      const work = body.url !== undefined || (body.steps?.length ?? 0) > 0;
      const reply = work ? await session!.act({ url: body.url, steps: body.steps ?? [], pageMode: body.page, observe: true }) : null;
      return { session: session!, reply };
    } finally {
      answered?.();
    }
  }

  /**
   * Forks the live session `id` of `key` into `body.count` new sessions of the same key, each with
   * the source's settings, cookies and storage, opened at its URL and scroll position with its
   * tab's sessionStorage, then running `body.steps`. Admitted like creates, all or none; the source
   * runs on untouched and is not billed for it.
   */
  async fork(id: string, key: ApiKeyRecord, body: ForkBody): Promise<Array<{ session: Session; reply: ActReply | null }>> {
    if (this.stopping) throw httpErrors.engineUnavailable(5, 'The server is shutting down');
    const source = this.get(id, key.id);
    const point = await source.forkPoint();
    if (!point) throw httpErrors.sessionBusy(`The page of session ${id} did not answer within ${FORK_READ_CAP_MS / 1000} s (its script keeps it busy); no fork was made`);
    const { spec } = source;
    const ids = Array.from({ length: body.count }, () => newSessionId(this.deps.node));
    // The copies' events go where the source's go.
    const webhook = this.deps.webhooks && (await this.deps.store.sessionWebhook(id))?.url;
    await this.admission.admitCreate(key, spec.timeoutSeconds, this.deps.clock.now(), ids);
    const answered = this.deps.driver.creating?.();
    try {
      if (webhook) await this.deps.webhooks!.watch(ids, key.id, webhook);
      const loaded = /^https?:/.test(point.url);
      // The copies send the source's User-Agent, one the pool assigned it as well as its own: a site that ties a sign-in to it sees one browser.
      const base = spec.settings ?? WARM_SETTINGS;
      const settings = base.user_agent ? base : { ...base, assignedUserAgent: base.assignedUserAgent ?? point.userAgent };
      const open = { ...settings, url: loaded ? point.url : undefined, storage: point.storage, sessionEntries: point.sessionEntries };
      const fields = { timeoutSeconds: spec.timeoutSeconds, pageMode: spec.pageMode, secrets: spec.secrets, settings, parent: spec.id };
      const sessions = await this.openAdmitted(key, ids.map((forkId) => ({ id: forkId, open, fields })));
      source.forked(ids);
      const steps = body.steps ?? [];
      const work = loaded || steps.length > 0;
      return await Promise.all(
        sessions.map(async (session) => ({
          session,
          reply: work ? await session.act({ url: loaded ? point.url : undefined, scrollTo: point.top, steps, pageMode: spec.pageMode, observe: true }) : null,
        })),
      );
    } finally {
      answered?.();
    }
  }

  /** Opens admitted sessions through the opening path (./opening.ts), all or none, and holds them. */
  private async openAdmitted(key: ApiKeyRecord, wanted: readonly Opening[]): Promise<Session[]> {
    const sessions = await this.openings.open(key, wanted);
    for (const session of sessions) this.track(session);
    // A shutdown that began while the sessions were being recorded reaches them now.
    if (this.stopping) for (const session of sessions) session.send({ type: 'shutdown' });
    return sessions;
  }

  /**
   * Runs `steps` on the live session `id` of `keyId` once admission lets it: an account whose live
   * sessions have used up its credits gets 429 quota_exceeded, and this session is closed and billed.
   * With `wait` false, a session a person holds answers 409 session_busy instead of queueing the act.
   */
  async act(id: string, keyId: string, steps: StepCall[], options: { wait?: boolean } = {}): Promise<{ session: Session; reply: ActReply }> {
    const session = this.get(id, keyId);
    // Refused before admission: an act that is not queued uses nothing.
    if (options.wait === false && session.heldByPerson) {
      throw httpErrors.sessionBusy('A person holds the page of this session; the act was not queued (Prefer: wait=0)');
    }
    const now = this.deps.clock.now();
    const refusal = await this.admission.actRefusal({ ...session.spec, accrued: session.usage(now).credits }, now);
    if (refusal) {
      await session.close();
      throw refusal;
    }
    return { session, reply: await session.act({ steps, pageMode: session.spec.pageMode, observe: true }) };
  }

  /** This node's name (NODE_ID), which the ids of its sessions carry; undefined where ids name no node. */
  get node(): string | undefined {
    return this.deps.node;
  }

  /** The live session `id` of `keyId`, or 404 session_not_found as every session route answers. */
  get(id: string, keyId: string): Session {
    const session = this.find(id, keyId);
    if (!session) throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was closed`);
    return session;
  }

  /** Hands the page of session `id` to a person (see Session#takeover). */
  takeover(id: string, keyId: string): Promise<void> {
    return this.get(id, keyId).takeover();
  }

  /** Gives the page of session `id` back; resolves with the state it left (see Session#handback). */
  handback(id: string, keyId: string): Promise<'idle' | 'running'> {
    return this.get(id, keyId).handback();
  }

  /** The live session `id` if it belongs to `keyId`; sessions that are ending count as gone. */
  find(id: string, keyId: string): Session | undefined {
    const session = this.sessions.get(id);
    if (!session || session.spec.keyId !== keyId || session.status !== 'active') return undefined;
    return session;
  }

  /**
   * Holds the driver's background work (refilling its warm pool) until the returned function is
   * called: foreground work that must not share the cores with it, as a create does.
   */
  holdBackground(): () => void {
    return this.deps.driver.creating?.() ?? (() => undefined);
  }

  /** The live session `id` if `token` is its CDP connect token (for clients that cannot send an API key). */
  findByCdpToken(id: string, token: string): Session | undefined {
    const session = this.sessions.get(id);
    if (!session || session.status !== 'active' || !session.cdp.accepts(token)) return undefined;
    return session;
  }

  /**
   * Credits the account's live-pool sessions of this process have run up and not yet been
   * debited for (a session's debit is written when it ends): what the ledger's balance does not
   * show yet.
   */
  unbilledCredits(accountId: string, now: number): number {
    let total = 0;
    for (const session of this.sessions.values()) {
      if (session.spec.accountId === accountId && !session.spec.test) total += session.usage(now).credits;
    }
    return total;
  }

  /** The journal of session `id` of `keyId` while this process holds it (ending ones too, until their `ended` event). */
  journalOf(id: string, keyId: string): Journal | undefined {
    const session = this.sessions.get(id);
    return session && session.spec.keyId === keyId ? session.journal : undefined;
  }

  /** The machine's memory as admission sees it (GET /health). */
  memory(): MemoryState {
    return this.admission.memory();
  }

  /** Page work under way and waiting in the engine gate (GET /metrics). */
  get gateLoad(): GateLoad & { slots: number } {
    return { ...this.gate.load, slots: this.gate.slots };
  }

  /** Number of live sessions (all keys). */
  get size(): number {
    return this.sessions.size;
  }

  /** What this registry holds: live sessions, and keys with a create still opening. Both are 0 once everything has ended. */
  get held(): { sessions: number; openingKeys: number } {
    return { sessions: this.sessions.size, openingKeys: this.openings.keys };
  }

  /** Waits until every session that has begun ending has finished (usage written). */
  async settled(): Promise<void> {
    await Promise.all([...this.sessions.values()].filter((s) => s.status !== 'active').map((s) => s.ended));
  }

  /** Refuses new sessions, ends every live one and waits until their usage is written. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    this.revocation.stop();
    const all = [...this.sessions.values()];
    for (const session of all) session.send({ type: 'shutdown' });
    await Promise.all(all.map((session) => session.ended));
    await this.deps.driver.shutdown?.();
  }
}
