import type { Page, Response } from 'playwright';
import { classifyBlock } from './block.js';
import { classifyChallenge } from './challenge.js';
import { httpFacts, readSignals } from './probe.js';
import type { BlockPage, Challenge } from './types.js';

export { classifyBlock, detectBlockPage } from './block.js';
export { classifyChallenge, detectChallenge } from './challenge.js';
export type { BlockPage, Challenge, ChallengeKind, HttpFacts, PageSignals, Vendor } from './types.js';

/**
 * Both verdicts from a single evaluate, for a caller that wants both after a navigation.
 * When both are found, the challenge is the better account of the page (a challenge page
 * is often a 403 too).
 */
export async function inspectAccess(page: Page, response: Response | null): Promise<{ challenge: Challenge | null; block: BlockPage | null }> {
  const signals = await readSignals(page);
  const http = httpFacts(response);
  return { challenge: classifyChallenge(signals, http), block: classifyBlock(signals, http) };
}
