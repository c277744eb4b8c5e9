import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { UsageInput } from '../lib/platform/store/index.js';
import type { PageDriver } from './page-driver.js';

/** What a session consumed besides time: the driver's meters, added up as they are taken. */
export type Metered = Omit<UsageInput, 'seconds'>;

/** Adds up what a session's page driver metered; each amount is taken once (the driver's usage() resets it). */
export class SessionMeter {
  private readonly sum: Metered = { bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };

  constructor(
    private readonly driver: PageDriver,
    private readonly telemetry: Telemetry,
  ) {}

  /** Adds what the driver metered since the last call and answers the totals. */
  collect(): Metered {
    let taken: Partial<UsageInput> = {};
    try {
      taken = this.driver.usage?.() ?? {};
    } catch {
      // A meter that fails must not keep the session from ending and being billed.
    }
    const bytes = { bytesDatacenter: taken.bytesDatacenter ?? 0, bytesResidential: taken.bytesResidential ?? 0 };
    this.telemetry.metered(bytes);
    this.sum.bytesDatacenter += bytes.bytesDatacenter;
    this.sum.bytesResidential += bytes.bytesResidential;
    this.sum.aiTokens += taken.aiTokens ?? 0;
    this.sum.captchaSolves += taken.captchaSolves ?? 0;
    return { ...this.sum };
  }
}
