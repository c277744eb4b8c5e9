// One CDP client of a session, bridged to a connection of its own to the engine's Chromium. The
// client sees a browser whose default context is the session's: its targets, its protocol
// sessions, nothing else. Every command passes the rules (./policy.ts) before it leaves; every
// reply and event is checked on its way back, so a target of another context is never attached,
// listed or announced, and the sessions Chromium attaches on the bridge's behalf elsewhere are let
// go at once. Commands and events keep their order: the bridge adds no queue of its own.
import WebSocket from 'ws';
import { CDP_CLOSE } from '../../contract/cdp.js';
import { DEFAULT_FILTER, refusal, rule, type Params, type Scope, type TargetFilter } from './policy.js';

/** The session a bridge serves. */
export interface BridgeTarget {
  /** The engine's own CDP address (lib/browser/cdp/endpoint.ts). */
  endpoint: string;
  contextId: string;
  mainTargetId: string;
}

interface Command {
  id: number;
  method: string;
  params?: Params;
  sessionId?: string;
}

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: Params;
  error?: unknown;
}

/** A command sent on: a client's (answered to it) or the bridge's own. */
type Pending =
  | { kind: 'client'; id: number; method: string; params: Params; sessionId?: string; shape?: (result: Params) => Params }
  | { kind: 'own'; resolve: (result: Params) => void; reject: (error: Error) => void };


function passes(type: unknown, filter: TargetFilter): boolean {
  const entry = filter.find((candidate) => candidate.type === undefined || candidate.type === type);
  return entry !== undefined && entry.exclude !== true;
}

/** Whether `value` has the shape of a command: an integer id, a method name, object params, a string session. */
function asCommand(value: unknown): Command | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id, method, params, sessionId } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(id) || (id as number) < 0 || typeof method !== 'string' || !/^\w+\.\w+$/.test(method)) return undefined;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return undefined;
  if (sessionId !== undefined && typeof sessionId !== 'string') return undefined;
  return value as Command;
}

/** A message as text: ws hands a frame over as one Buffer, or as the Buffers it arrived in. */
function text(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString();
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.from(data).toString();
}

/** The largest message Chromium may send (a full-page screenshot, a heap snapshot chunk). */
const MAX_UPSTREAM_BYTES = 512 * 1024 * 1024;

export class CdpBridge {
  /** The session context's targets, by id, as Chromium last described them. */
  private readonly targets = new Map<string, Params>();
  /** The protocol sessions this client holds, each with its target. */
  private readonly sessions = new Map<string, string>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /**
   * Browser-level sessions the client holds besides its root (Target.attachToBrowserTarget, which
   * Playwright's newCDPSession uses): held to the same rules as the root, their events likewise.
   */
  private readonly browserSessions = new Set<string>();
  /** Where the client asked to discover targets ('' for the root, else a browser-level session), with its filter. */
  private readonly discover = new Map<string, TargetFilter>();
  private readonly scope: Scope;
  /** Resolves once both sockets are closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private ending: { code: number; reason: string } | undefined;

  private constructor(
    private readonly client: WebSocket,
    private readonly upstream: WebSocket,
    private readonly target: BridgeTarget,
  ) {
    const { contextId, mainTargetId } = target;
    this.scope = {
      contextId,
      mainTargetId,
      ownsTarget: (id) => typeof id === 'string' && this.targets.has(id),
      ownsSession: (id) => typeof id === 'string' && (this.sessions.has(id) || this.browserSessions.has(id)),
      pages: () => [...this.targets.values()].filter((info) => info.type === 'page').length,
    };
    this.closed = new Promise((resolve) => {
      let open = 2;
      const done = (code: number, reason: Buffer): void => {
        this.ending ??= { code, reason: reason.toString() };
        if (--open === 0) resolve(this.ending);
      };
      client.once('close', (code, reason) => {
        done(code, reason);
        if (upstream.readyState !== WebSocket.CLOSED) upstream.close();
      });
      upstream.once('close', (code, reason) => {
        done(code, reason);
        for (const [id, pending] of this.pending) {
          if (pending.kind === 'own') pending.reject(new Error('the browser connection ended'));
          this.pending.delete(id);
        }
        this.close(1011, 'the browser connection ended');
      });
    });
  }

  /**
   * Connects `client` to a connection of its own to the session's browser, once the session's
   * targets are known. Rejects (and closes nothing of the client's) if the browser cannot be reached.
   */
  static async open(client: WebSocket, target: BridgeTarget): Promise<CdpBridge> {
    // Clients speak first, at once: what they send while the bridge opens waits, in order.
    const early: WebSocket.RawData[] = [];
    const hold = (data: WebSocket.RawData): number => early.push(data);
    client.on('message', hold);
    // A socket's faults (a message over the limit: ws closes it 1009) end it through 'close'.
    client.on('error', () => undefined);
    const upstream = new WebSocket(target.endpoint, { perMessageDeflate: false, maxPayload: MAX_UPSTREAM_BYTES });
    await new Promise<void>((resolve, reject) => {
      upstream.once('open', resolve);
      upstream.once('error', reject);
    });
    // The client may have left while the browser answered: its close would never be heard.
    if (client.readyState !== WebSocket.OPEN) {
      upstream.close();
      throw new Error('the client left before the bridge opened');
    }
    const bridge = new CdpBridge(client, upstream, target);
    upstream.on('message', (data) => bridge.fromBrowser(text(data)));
    upstream.on('error', () => undefined);
    try {
      await bridge.call('Target.setDiscoverTargets', { discover: true, filter: [{}] });
    } catch (error) {
      upstream.close();
      throw error;
    }
    client.off('message', hold);
    client.on('message', (data) => bridge.fromClient(text(data)));
    for (const data of early) bridge.fromClient(text(data));
    return bridge;
  }

  /** Ends the connection with `code` and `reason` (at most 123 bytes, as WebSocket allows). */
  close(code: number, reason: string): void {
    this.ending ??= { code, reason };
    if (this.client.readyState === WebSocket.OPEN || this.client.readyState === WebSocket.CONNECTING) this.client.close(code, Buffer.from(reason).subarray(0, 123).toString());
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.close();
  }

  private toClient(message: Message): void {
    if (this.client.readyState === WebSocket.OPEN) this.client.send(JSON.stringify(message));
  }

  private toBrowser(message: Command): void {
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.send(JSON.stringify(message));
  }

  /** A command of the bridge's own. */
  private call(method: string, params: Params, sessionId?: string): Promise<Params> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { kind: 'own', resolve, reject });
      this.toBrowser({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) });
    });
  }

  private fromClient(text: string): void {
    let command: Command | undefined;
    try {
      command = asCommand(JSON.parse(text));
    } catch {
      command = undefined;
    }
    if (!command) return this.close(CDP_CLOSE.malformed, 'not a CDP command: JSON with an integer id and a method');
    const { id, method, sessionId } = command;
    const params = command.params ?? {};
    const reply = (fields: Message): void => this.toClient({ id, ...(sessionId === undefined ? {} : { sessionId }), ...fields });
    const atBrowser = sessionId === undefined || this.browserSessions.has(sessionId);
    if (!atBrowser && !this.sessions.has(sessionId)) return reply({ error: { code: -32001, message: 'Session with given id not found.' } });
    const ruling = rule(this.scope, method, params, atBrowser ? {} : { sessionId, targetId: this.sessions.get(sessionId) });
    switch (ruling.verdict) {
      case 'refuse':
        return reply({ error: refusal(method, ruling.reason) });
      case 'answer':
        return reply({ result: ruling.result });
      case 'discover':
        return this.startDiscovery(ruling.params, sessionId ?? '', reply);
      case 'auto-attach':
      case 'send': {
        const upstreamId = this.nextId++;
        const shape = ruling.verdict === 'send' ? ruling.shape : undefined;
        this.pending.set(upstreamId, { kind: 'client', id, method, params: ruling.params, sessionId, shape });
        return this.toBrowser({ id: upstreamId, method, params: ruling.params, ...(sessionId === undefined ? {} : { sessionId }) });
      }
    }
  }

  /** Target.setDiscoverTargets at `level` ('' or a browser-level session), served from the targets the bridge already follows. */
  private startDiscovery(params: Params, level: string, reply: (fields: Message) => void): void {
    const was = this.discover.has(level);
    if (params.discover === true) this.discover.set(level, (params.filter as TargetFilter | undefined) ?? DEFAULT_FILTER);
    else this.discover.delete(level);
    reply({ result: {} });
    const filter = this.discover.get(level);
    if (was || !filter) return;
    for (const targetInfo of this.targets.values()) {
      if (passes(targetInfo.type, filter)) this.toClient({ method: 'Target.targetCreated', params: { targetInfo }, ...(level ? { sessionId: level } : {}) });
    }
  }

  /** A target event to every level that discovers targets of its type. */
  private announce(method: string, params: Params, type: unknown): void {
    for (const [level, filter] of this.discover) {
      if (passes(type, filter)) this.toClient({ method, params, ...(level ? { sessionId: level } : {}) });
    }
  }

  private fromBrowser(text: string): void {
    const message = JSON.parse(text) as Message;
    if (message.id !== undefined) return this.answered(message);
    const { method = '', params = {}, sessionId } = message;
    if (sessionId !== undefined && this.browserSessions.has(sessionId)) return this.browserEvent(method, params, sessionId);
    if (sessionId !== undefined) {
      // Events of a session Chromium attached elsewhere on the bridge's behalf are nobody's.
      if (!this.sessions.has(sessionId)) return;
      if (method === 'Target.receivedMessageFromTarget') return;
      if (method === 'Target.attachedToTarget') this.adopt(params);
      if (method === 'Target.detachedFromTarget') this.sessions.delete(params.sessionId as string);
      return this.toClient(message);
    }
    this.browserEvent(method, params);
  }

  /** A child of one of the client's sessions (a frame, a worker): the client's too. */
  private adopt(params: Params): void {
    const info = params.targetInfo as Params;
    this.sessions.set(params.sessionId as string, info.targetId as string);
    if (info.browserContextId === this.target.contextId) this.targets.set(info.targetId as string, info);
  }

  /** A browser-level event, at the root or on the browser-level session `at`. */
  private browserEvent(method: string, params: Params, at?: string): void {
    const info = params.targetInfo as Params | undefined;
    const ours = info?.browserContextId === this.target.contextId;
    const tagged = at === undefined ? {} : { sessionId: at };
    switch (method) {
      case 'Target.targetCreated':
      case 'Target.targetInfoChanged':
        // Discovery is the bridge's own, at the root: what a client discovers is announced from there.
        if (!info || !ours || at !== undefined) return;
        this.targets.set(info.targetId as string, info);
        return this.announce(method, params, info.type);
      case 'Target.targetDestroyed':
      case 'Target.targetCrashed': {
        const known = this.targets.get(params.targetId as string);
        if (!known || at !== undefined) return;
        if (method === 'Target.targetDestroyed') this.targets.delete(params.targetId as string);
        return this.announce(method, params, known.type);
      }
      case 'Target.attachedToTarget':
        if (ours) {
          this.adopt(params);
          return this.toClient({ method, params, ...tagged });
        }
        // The browser target itself, attached for the client's attachToBrowserTarget: its reply registers the session.
        if (info?.type === 'browser') return this.toClient({ method, params, ...tagged });
        // Another context's target, attached because auto-attach reaches the whole browser: let it go at once.
        if (params.waitingForDebugger === true) void this.call('Runtime.runIfWaitingForDebugger', {}, params.sessionId as string).catch(() => undefined);
        void this.call('Target.detachFromTarget', { sessionId: params.sessionId }, at).catch(() => undefined);
        return;
      case 'Target.detachedFromTarget':
        if (!this.sessions.delete(params.sessionId as string) && !this.browserSessions.delete(params.sessionId as string)) return;
        return this.toClient({ method, params, ...tagged });
      default:
        // Browser-wide events (downloads of any context, ...) are nobody's business here.
        return;
    }
  }

  private answered(message: Message): void {
    const pending = this.pending.get(message.id!);
    if (!pending) return;
    this.pending.delete(message.id!);
    if (pending.kind === 'own') {
      if (message.error) pending.reject(new Error(JSON.stringify(message.error)));
      else pending.resolve(message.result ?? {});
      return;
    }
    const { id, sessionId, shape, method, params } = pending;
    const base = { id, ...(sessionId === undefined ? {} : { sessionId }) };
    if (message.error) return this.toClient({ ...base, error: message.error });
    const result = message.result ?? {};
    if (method === 'Target.attachToTarget' && typeof result.sessionId === 'string') this.sessions.set(result.sessionId, params.targetId as string);
    if (method === 'Target.attachToBrowserTarget' && typeof result.sessionId === 'string') this.browserSessions.add(result.sessionId);
    this.toClient({ ...base, result: shape ? shape(result) : result });
  }
}
