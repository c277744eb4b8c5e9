import type { ProxyKind } from '../contract/request/settings.js';

/** Response bytes a session received from destinations, by the rate they are billed at (contract 8.4). */
export interface ByteTotals {
  datacenter: number;
  residential: number;
}

/** Accumulates a session's response bytes; a session proxy adds each connection's bytes when it ends. */
export class ByteMeter {
  private readonly totals: ByteTotals = { datacenter: 0, residential: 0 };

  /** Adds `bytes` received on a connection billed as `kind`. */
  add(kind: ProxyKind, bytes: number): void {
    if (bytes > 0) this.totals[kind] += bytes;
  }

  /** The bytes counted so far. */
  read(): ByteTotals {
    return { ...this.totals };
  }
}
