// The CDP clients of one session (GET /v1/sessions/{id}/cdp): its connect token, at most
// MAX_CDP_CONNECTIONS bridges at once, each journaled as it connects and leaves, and every one
// closed with a code and reason that say why when the session ends.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type WebSocket from 'ws';
import { CdpBridge, type BridgeTarget } from '../lib/browser/cdp/bridge.js';
import { cdpCloseCode, MAX_CDP_CONNECTIONS } from '../lib/contract/cdp.js';
import type { Clock } from '../lib/platform/clock.js';
import type { Journal } from '../lib/platform/journal/index.js';
import type { Outcome } from '../machines/session.js';

/** What the clients need of their session. */
export interface CdpSessionView {
  readonly journal: Journal;
  readonly clock: Clock;
  /** The session's context and page in the engine's browser; undefined when its browser takes no CDP clients. */
  target(): Promise<BridgeTarget | undefined>;
}

export class CdpClients {
  /** The secret of the session's cdp_url: not the API key, and useless once the session ended. */
  readonly token = randomBytes(24).toString('base64url');
  private readonly bridges = new Set<CdpBridge>();
  private reserved = 0;
  private connections = 0;
  private ended: { code: number; reason: string } | undefined;
  /** Each connected client until its disconnect is journaled. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly session: CdpSessionView) {}

  /** Where a client of the session connects; undefined when its browser takes no CDP clients. */
  target(): Promise<BridgeTarget | undefined> {
    return this.session.target();
  }

  /** Whether `token` is this session's connect token (compared in constant time). */
  accepts(token: string): boolean {
    const given = Buffer.from(token);
    const mine = Buffer.from(this.token);
    return given.length === mine.length && timingSafeEqual(given, mine);
  }

  /** How many clients are connected or connecting. */
  get count(): number {
    return this.bridges.size + this.reserved;
  }

  /** Holds a place for one more client, or answers why there is none; `release` gives it back if the connection never came. */
  reserve(): { release: () => void } | { refused: string } {
    if (this.ended) return { refused: 'the session has ended' };
    if (this.count >= MAX_CDP_CONNECTIONS) return { refused: `the session already has ${MAX_CDP_CONNECTIONS} CDP connections, the most it may hold at once` };
    this.reserved++;
    let held = true;
    return {
      release: () => {
        if (held) this.reserved--;
        held = false;
      },
    };
  }

  /**
   * Bridges `client` to the session's browser in the place `reserve` held; closes it with a
   * reason if that fails. `opened` is called once the bridge is open (or failed to).
   */
  async connect(client: WebSocket, target: BridgeTarget, place: { release: () => void }, opened: () => void = () => undefined): Promise<void> {
    let bridge: CdpBridge;
    try {
      bridge = await CdpBridge.open(client, target);
    } catch {
      client.close(1011, 'the session\'s browser could not be reached');
      return;
    } finally {
      place.release();
      opened();
    }
    if (this.ended) return bridge.close(this.ended.code, this.ended.reason);
    const connection = ++this.connections;
    const since = this.session.clock.now();
    this.bridges.add(bridge);
    this.session.journal.record({ type: 'cdp.connected', connection });
    const done = bridge.closed.then(({ code, reason }) => {
      this.bridges.delete(bridge);
      const duration = Math.max(0, Math.round(this.session.clock.now() - since));
      this.session.journal.record({ type: 'cdp.disconnected', connection, duration_ms: duration, code, reason });
    });
    this.running.add(done);
    await done;
    this.running.delete(done);
  }

  /**
   * The session ended `outcome`: every client is closed saying so, no new one connects, and this
   * resolves once each disconnect is journaled (before the session's last event) or after `capMs`.
   */
  async end(outcome: Outcome, capMs: number): Promise<void> {
    this.ended = { code: cdpCloseCode(outcome.status), reason: outcome.status === 'failed' ? `session failed: ${outcome.code ?? 'unknown'}` : `session ${outcome.status}` };
    for (const bridge of this.bridges) bridge.close(this.ended.code, this.ended.reason);
    await Promise.race([Promise.all(this.running), new Promise((resolve) => setTimeout(resolve, capMs).unref())]);
  }
}
