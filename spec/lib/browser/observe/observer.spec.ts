import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../../../lib/platform/config/index.js';
import { testChromium } from '../../../support/chromium.js';
import { hooksScript } from '../../../../lib/browser/program.js';
import { PageObserver, STABLE_CAP_MS } from '../../../../lib/browser/observe/observer.js';
import { DOM_QUIET_MS, StabilityTracker } from '../../../../lib/browser/observe/stability.js';
import { TestSite, html } from '../../../support/site.js';
import { animatedPage, antiFlicker } from './loading-pages.js';

describe('PageObserver (stability and the walk)', function () {
  this.timeout(20_000);
  let browser: Browser;
  let site: TestSite;
  let context: BrowserContext;
  let page: Page;
  let observer: PageObserver;

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    site = await TestSite.start({
      '/quiet': { body: html('Quiet', '<p>Nothing moves here.</p>') },
      // Still loading for good: a new entry every 50 ms.
      '/busy': { body: html('Busy', '<ol id="log"><li>0</li></ol><script>setInterval(() => { log.insertAdjacentHTML("beforeend", "<li>" + log.children.length + "</li>"); }, 50)</script>') },
      '/animated': { body: animatedPage() },
      '/streaming': { body: html('Streaming', '<p id="answer">The</p><script>setInterval(() => { answer.textContent += " word and more words"; }, 100)</script>') },
      '/flicker-html': { body: antiFlicker('html', 'opacity: 0 !important', 1_500) },
      // Shown after 2 s: with the 500 ms of quiet that must follow, well inside the observation's 3 s cap.
      '/flicker-body': { body: antiFlicker('body', 'visibility: hidden', 2_000) },
      '/flicker-late': { body: antiFlicker('html', 'opacity: 0', 60_000) },
    });
  });
  after(async () => {
    await browser.close();
    await site.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    const tracker = await StabilityTracker.attach(context);
    await context.addInitScript({ content: hooksScript() });
    page = await context.newPage();
    observer = new PageObserver(page, tracker);
  });
  afterEach(() => context.close());

  it('ends a stability wait as soon as its signal aborts', async () => {
    await page.goto(site.url('/busy'));
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = performance.now();
    expect(await observer.waitForStable(3_000, abort.signal)).to.equal(false);
    expect(performance.now() - started).to.be.below(1_000);
  });

  it('walks at once, with no second wait, right after a wait found the page stable and it stayed so', async () => {
    await page.goto(site.url('/quiet'));
    expect(await observer.waitForStable(3_000)).to.equal(true);
    observer.takeTimings();
    const state = await observer.observe();
    expect(state.stable).to.equal(true);
    expect(state.markdown?.content).to.contain('Nothing moves here.');
    expect(observer.takeTimings().stable).to.equal(0);
  });

  it('waits for quiet again when the page changed after the wait that found it stable', async () => {
    await page.goto(site.url('/quiet'));
    expect(await observer.waitForStable(3_000)).to.equal(true);
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p>Added just now.</p>'));
    const started = performance.now();
    const state = await observer.observe();
    // Stable means 500 ms without a DOM change, counted from the insertion.
    expect(performance.now() - started).to.be.at.least(DOM_QUIET_MS - 100);
    expect(state.stable).to.equal(true);
    expect(state.markdown?.content).to.contain('Added just now.');
  });

  for (const path of ['/flicker-html', '/flicker-body']) {
    it(`counts a page whose anti-flicker snippet hides it as still loading, and observes it once shown (${path})`, async () => {
      await page.goto(site.url(path));
      const state = await observer.observe();
      expect(await page.evaluate(() => (window as unknown as { shown?: boolean }).shown)).to.equal(true);
      expect(state.stable).to.equal(true);
      expect(state.markdown?.content).to.contain('The ferry leaves the harbour at nine');
      expect(state.interactive_elements?.map((element) => element.label)).to.deep.equal(['Fares']);
    });
  }

  it('observes the text and controls of a page still hidden by its snippet when the cap ends, as not stable', async () => {
    await page.goto(site.url('/flicker-late'));
    expect(await observer.waitForStable(1_000)).to.equal(false);
    const state = await observer.observe();
    expect(state.stable).to.equal(false);
    expect(state.markdown?.content).to.contain('The ferry leaves the harbour at nine');
    expect(state.interactive_elements?.map((element) => element.label)).to.deep.equal(['Fares']);
    // The walk showed the page to itself only: it is still hidden.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).opacity)).to.equal('0');
  });

  it('reports a page that never settles as not stable, with what it shows, without waiting out a second cap after the step\'s', async () => {
    await page.goto(site.url('/busy'));
    expect(await observer.waitForStable(200)).to.equal(false);
    observer.takeTimings();
    const state = await observer.observe();
    expect(state.stable).to.equal(false);
    expect(state.markdown?.content).to.match(/\d+/);
    expect(observer.takeTimings().stable).to.be.below(STABLE_CAP_MS);
  });

  it('counts a page whose only movement is an animation (a progress bar, a ticking counter) as stable', async () => {
    await page.goto(site.url('/animated'));
    expect(await observer.waitForStable(STABLE_CAP_MS)).to.equal(true);
    expect((await observer.observe()).markdown?.content).to.contain('Top story');
  });

  it('still counts text that keeps growing (a streamed answer) as not settled', async () => {
    await page.goto(site.url('/streaming'));
    expect(await observer.waitForStable(1_500)).to.equal(false);
  });
});
