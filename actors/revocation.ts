// Live sessions whose API key was revoked (by `keys revoke`, another process or node) are closed:
// the store is asked every REVOCATION_CHECK_MS while this process holds live sessions.
import type { Clock } from '../lib/platform/clock.js';
import type { Store } from '../lib/platform/store/index.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { Session } from './session.js';

/** How often the store is asked: the longest a session of a revoked key stays live before it starts closing. */
export const REVOCATION_CHECK_MS = 1_000;
/** What a session closed for its key's revocation records as its message (and an act under way is told). */
const REVOKED = 'its API key was revoked';

/** The periodic check; armed only while there are live sessions (an idle server asks nothing). */
export class RevocationWatch {
  private pending: unknown = null;
  private stopped = false;

  constructor(
    private readonly deps: { store: Store; clock: Clock; telemetry: Telemetry },
    /** This process's sessions now. */
    private readonly sessions: () => readonly Session[],
  ) {}

  /** Checks in REVOCATION_CHECK_MS, and again after each check while sessions live. */
  arm(): void {
    if (this.pending !== null || this.stopped) return;
    this.pending = this.deps.clock.setTimeout(() => {
      this.pending = null;
      void this.closeRevoked();
      if (this.sessions().length > 0) this.arm();
    }, REVOCATION_CHECK_MS);
  }

  /** No more checks (shutdown). */
  stop(): void {
    this.stopped = true;
    if (this.pending !== null) this.deps.clock.clearTimeout(this.pending);
    this.pending = null;
  }

  /**
   * Closes the live sessions whose key is revoked, billed as closed (the user ended access, not
   * the service), so they stop running up credits nobody can end any more.
   */
  private async closeRevoked(): Promise<void> {
    const live = this.sessions().filter((session) => session.status === 'active');
    if (live.length === 0) return;
    let revoked: Set<string>;
    try {
      revoked = new Set(await this.deps.store.revokedKeyIds([...new Set(live.map((session) => session.spec.keyId))]));
    } catch (error) {
      // A busy or failing store is asked again at the next check.
      this.deps.telemetry.log.warn({ err: error }, 'revocation check failed');
      return;
    }
    // Checks may overlap while the store answers; a session another check began closing is left to it.
    for (const session of live) if (revoked.has(session.spec.keyId) && session.status === 'active') void session.close(REVOKED);
  }
}
