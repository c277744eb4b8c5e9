import { expect } from 'chai';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import type { Browser, BrowserContext } from 'playwright';
import { launchChromium } from '../../actors/engine.js';
import { cookieCodec, type Cookie } from '../../lib/contract/request/cookie.js';
import { cookieish } from '../support/fuzz.js';

// Seeded, so every run tries the same bodies; FUZZ_RUNS and FUZZ_SEED explore further by hand.
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_124);

describe('cookieCodec against Chromium (property)', function () {
  this.timeout(300_000);
  let browser: Browser;
  let context: BrowserContext;
  before(async () => {
    browser = await launchChromium();
    context = await browser.newContext();
  });
  after(() => browser.close());

  /** What Chromium did with a decoded cookie: refused it, dropped it, or stored it as given. */
  async function chromiumTakes(cookie: Cookie): Promise<string> {
    try {
      await context.addCookies([cookie]);
    } catch (error) {
      return `refused: ${(error as Error).message.split('\n')[0]}`;
    }
    const stored = await context.cookies();
    await context.clearCookies();
    const expired = cookie.expires !== undefined && cookie.expires >= 0 && cookie.expires * 1000 < Date.now();
    if (expired) return stored.length === 0 ? 'stored' : 'kept an expired cookie';
    const same = stored.find((c) => c.name === cookie.name && c.value === cookie.value);
    return same ? 'stored' : `dropped (Chromium has ${JSON.stringify(stored)})`;
  }

  it(`whatever it accepts, Chromium's addCookies stores as given (${RUNS} generated cookies, seed ${SEED})`, async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(cookieish, async (raw) => {
        const decoded = cookieCodec.decode(raw);
        if (!isRight(decoded)) return;
        accepted++;
        expect(await chromiumTakes(decoded.right), JSON.stringify(decoded.right)).to.equal('stored');
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // A property that the codec made vacuous by refusing nearly everything would prove nothing.
    expect(accepted).to.be.above(RUNS / 4);
  });
});
