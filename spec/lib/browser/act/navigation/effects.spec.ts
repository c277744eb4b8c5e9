import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../../../../lib/platform/config/index.js';
import { ActionEffects, withEffects } from '../../../../../lib/browser/act/navigation/effects.js';
import { testChromium } from '../../../../support/chromium.js';
import type { PageObserver } from '../../../../../lib/browser/observe/observer.js';
import { TestSite, html } from '../../../../support/site.js';

/** A route whose answers the test holds until it releases them; `arrived` resolves with each request. */
class Held {
  private waiting: ServerResponse[] = [];
  private arrivals: Array<() => void> = [];
  count = 0;

  readonly route = (_req: unknown, res: ServerResponse): void => {
    this.count++;
    this.waiting.push(res);
    this.arrivals.splice(0).forEach((resolve) => resolve());
  };

  /** Resolves once `n` requests in all have arrived. */
  async arrived(n = 1): Promise<void> {
    while (this.count < n) await new Promise<void>((resolve) => this.arrivals.push(resolve));
  }

  release(body = 'answer'): void {
    for (const res of this.waiting.splice(0)) res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
  }
}

/** Resolves with the settle's outcome, and says meanwhile whether it ended. */
function watch(promise: Promise<void>): { ended: () => boolean; done: Promise<void> } {
  let ended = false;
  const done = promise.then(() => void (ended = true));
  return { ended: () => ended, done };
}

/** Long enough that a wait bounded by it means the wait never ended on its own. */
const NEVER_MS = 600_000;

describe('ActionEffects (what an action step waits for)', function () {
  this.timeout(20_000);
  let browser: Browser;
  let site: TestSite;
  let context: BrowserContext;
  let page: Page;
  let held: Held;

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    site = await TestSite.start({
      '/page': {
        body: html(
          'Actions',
          `<button id="fetch" onclick="fetch('/held').then((r) => r.text()).then((t) => { out.textContent = t; })">Fetch</button>
           <button id="chain" onclick="fetch('/quick').then((r) => r.text()).then(() => fetch('/held')).then((r) => r.text()).then((t) => { out.textContent = t; })">Chain</button>
           <button id="nothing" onclick="out.textContent = 'clicked'">Nothing</button>
           <button id="later" onclick="fetch('/slow'); setTimeout(() => fetch('/held'), 300)">Later</button>
           <p id="out"></p>`,
        ),
      },
      // Answered after the grace: the request its answer fires is caused only through the chain.
      '/quick': { type: 'text/plain', body: 'quick', delayMs: 200 },
      '/slow': { type: 'text/plain', body: 'slow', delayMs: 1_500 },
    });
  });
  after(async () => {
    await browser.close();
    await site.stop();
  });
  beforeEach(async () => {
    held = new Held();
    site.route('/held', held.route);
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(site.url('/page'));
  });
  afterEach(async () => {
    held.release();
    await context.close();
  });

  /** Clicks `selector` under a watcher and answers its settle, bounded only by NEVER_MS; `stableNow` as the page's quiet. */
  function clickAndSettle(selector: string, stableNow?: () => Promise<boolean>): ReturnType<typeof watch> {
    const effects = new ActionEffects(page, stableNow);
    const settle = (async () => {
      await page.click(selector);
      effects.actionEnded();
      await effects.settled({ capMs: NEVER_MS });
    })();
    return watch(settle.finally(() => effects.dispose()));
  }

  it('waits for a request the action fired until its answer came and the page applied it', async () => {
    const settle = clickAndSettle('#fetch');
    await held.arrived();
    // Everything else about the click is done: only the held answer is missing.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(settle.ended()).to.equal(false);
    held.release('the answer');
    await settle.done;
    expect(await page.textContent('#out')).to.equal('the answer');
  });

  it('waits for a request fired by the answer to one the action fired (a chain)', async () => {
    const settle = clickAndSettle('#chain');
    await held.arrived();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(settle.ended()).to.equal(false);
    held.release('end of the chain');
    await settle.done;
    expect(await page.textContent('#out')).to.equal('end of the chain');
  });

  it('does not wait for a request that was in flight before the action (a poll, a long-lived fetch)', async () => {
    await page.evaluate(() => void fetch('/held'));
    await held.arrived();
    await clickAndSettle('#nothing').done;
    expect(await page.textContent('#out')).to.equal('clicked');
    expect(held.count).to.equal(1);
  });

  it('does not wait for a request the page fires after the grace, while it waits for one the action fired', async () => {
    await clickAndSettle('#later').done;
    // The late request came while the action's own was still answering, and is still held.
    expect(held.count).to.equal(1);
  });

  it('asks whether the page is stable once nothing was caused, and ends there when it is', async () => {
    let asked = 0;
    const stable = (): Promise<boolean> => Promise.resolve(++asked > 0);
    await clickAndSettle('#nothing', stable).done;
    expect(asked).to.equal(1);
    // A caused request is waited for, whatever the page's quiet says.
    const settle = clickAndSettle('#fetch', stable);
    await held.arrived();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(settle.ended()).to.equal(false);
    held.release();
    await settle.done;
  });

  it('gives up on a caused request at its cap', async () => {
    const observer = { stableNow: () => Promise.resolve(false) } as unknown as PageObserver;
    await withEffects({ page, observer }, 200, () => page.click('#fetch'));
    await held.arrived();
    expect(await page.textContent('#out')).to.equal('');
  });
});
