import { decodeRules, evalSnippets, type AutoConsentCMPRule } from '@duckduckgo/autoconsent';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright';
import { AUTOCONSENT_CONFIG, consentStart, SEND_BINDING } from '../../../../lib/browser/blockers/autoconsent.js';
import { installBlockers, type BlockerTracker } from '../../../../lib/browser/blockers/index.js';
import { shippedRules } from '../../../../lib/browser/blockers/consent-rules.js';
import { closedSelector, DYNAMIC_CMPS, EVAL_GLOBALS, ruleConditions, sniffSigns } from '../../../../lib/browser/blockers/consent-sniff.js';
import { partKey } from '../../../../lib/browser/injected/names.js';
import { blockersBootScript, inPage } from '../../../../lib/browser/program.js';
import { CHROMIUM_ARGS } from '../../../../lib/platform/config/index.js';
import { testChromium } from '../../../support/chromium.js';
import { TestSite } from '../../../support/site.js';
import * as pages from './pages.js';

/** The registered symbol's name a document's consent progress lives under. */
const CONSENT = partKey('consent');

/** A file of the autoconsent package's sources, which it ships beside its build. */
const packageSource = (path: string): string => readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.resolve('@duckduckgo/autoconsent'))), 'utf8');

describe('sniffSigns()', () => {
  it('accounts for the detection of every generic and frame rule the init script carries', () => {
    const rules = decodeRules(shippedRules().base);
    expect(rules.length).to.be.above(200);
    const unaccounted = rules.filter((rule) => ruleConditions(rule) === undefined).map((rule) => rule.name);
    expect(unaccounted).to.deep.equal([]);
    expect(() => sniffSigns()).not.to.throw();
  });

  it('accounts for every code rule of the package by name, and for its heuristic pass', () => {
    const all = packageSource('lib/cmps/all.ts');
    const files = [...all.matchAll(/^import \w+ from '\.\/([\w-]+)';$/gm)].map((match) => match[1]);
    expect(files.length).to.be.above(5);
    const names = files.map((file) => /^\s+name = '([^']+)';$/m.exec(packageSource(`lib/cmps/${file}.ts`))?.[1]);
    expect(Object.keys(DYNAMIC_CMPS).sort()).to.deep.equal([...names].sort());
    // The heuristic pass runs in the top document whenever its mode is not 'off'.
    expect(AUTOCONSENT_CONFIG.heuristicMode).not.to.equal('off');
    expect(sniffSigns().special).to.include('heuristic-popup');
  });

  it('translates each eval snippet it relies on into the global that snippet tests', () => {
    for (const [snippet, global] of Object.entries(EVAL_GLOBALS)) {
      expect(String((evalSnippets as Record<string, unknown>)[snippet])).to.include(`window.${global}`);
      expect(sniffSigns().globals).to.include(global);
    }
  });

  it('refuses a rule whose only detection is code it cannot translate, and one that detects by nothing', () => {
    const rule: AutoConsentCMPRule = { name: 'made-up', prehideSelectors: [], detectCmp: [{ eval: 'EVAL_0' }], detectPopup: [], optIn: [], optOut: [] };
    expect(ruleConditions(rule)).to.equal(undefined);
    expect(ruleConditions({ ...rule, detectCmp: [] })).to.equal(undefined);
    expect(ruleConditions({ ...rule, detectCmp: [{ exists: '#banner', negated: true }] })).to.equal(undefined);
    expect(ruleConditions({ ...rule, detectCmp: [{ eval: 'EVAL_0' }, { exists: ['#host', '.inside'] }] })).to.deep.equal([{ css: '#host' }]);
    expect(ruleConditions({ ...rule, detectCmp: [{ any: [{ exists: 'xpath///aside' }, { visible: '#bar' }] }] })).to.deep.equal([{ xpath: '//aside' }, { css: '#bar' }]);
    expect(ruleConditions({ ...rule, detectCmp: [{ exists: 'xpath///*[@id="modal"]/div/header' }] })).to.deep.equal([{ css: '#modal > div > header' }]);
  });
});

describe('closedSelector()', () => {
  it('closes the brackets and quotes a selector leaves open, as a browser does at its end', () => {
    expect(closedSelector('a[href^="https://example.com/cookies"')).to.equal('a[href^="https://example.com/cookies"]');
    expect(closedSelector("div:has(> a[title='x(")).to.equal("div:has(> a[title='x('])");
    expect(closedSelector('#bar > [data-x="]"]')).to.equal('#bar > [data-x="]"]');
  });
});

describe('the consent sniff', function () {
  this.timeout(30_000);
  let browser: Browser;
  let site: TestSite;
  let context: BrowserContext | undefined;

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    site = await TestSite.start({
      '/plain': { body: pages.plainPage() },
      '/onetrust-late': { body: pages.oneTrustPage(2000) },
      // Shown only when the test calls showBanner() (the timer never fires within a test).
      '/onetrust-manual': { body: pages.oneTrustPage(3_600_000) },
      '/piano': { body: pages.pianoFramedPage('/piano-frame') },
      '/piano-frame': { body: pages.pianoFramePage() },
      '/piano-stuck': { body: pages.pianoFramedPage('/piano-stuck-frame') },
      '/piano-stuck-frame': { body: pages.pianoFramePage(false) },
    });
  });
  after(async () => {
    await browser.close();
    await site.stop();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  const lifecycle = (frame: Frame | Page): Promise<string> =>
    frame.evaluate((key) => (window as unknown as Record<symbol, { lifecycle: string } | undefined>)[Symbol.for(key)]?.lifecycle ?? 'absent', CONSENT);
  const clicks = (frame: Frame | Page): Promise<string[]> => frame.evaluate(() => (window as unknown as { clicks: string[] }).clicks);

  /** A context with blockers installed as the driver does, and one page on `path`. */
  async function open(path: string, sniffRetries?: number): Promise<{ page: Page; tracker: BlockerTracker }> {
    context = await browser.newContext();
    const tracker = await installBlockers(context, { enabled: true, sniffRetries });
    const page = await context.newPage();
    await page.goto(site.url(path), { waitUntil: 'load' });
    return { page, tracker };
  }

  it('queries every selector of the plan as one list the browser accepts', async () => {
    const { page } = await open('/plain');
    const css = sniffSigns().css.join(',');
    expect(await page.evaluate((list) => document.querySelector(list) === null, css)).to.equal(true);
  });

  it('never starts autoconsent on a page without a banner, nor tells the node side, and settles it without waiting', async () => {
    context = await browser.newContext();
    const messages: string[] = [];
    await context.exposeBinding(SEND_BINDING, (_source, message: { type?: string }) => void messages.push(String(message?.type)));
    await context.addInitScript({ content: blockersBootScript(consentStart(2)) });
    const page = await context.newPage();
    await page.goto(site.url('/plain'), { waitUntil: 'load' });
    expect(await lifecycle(page)).to.equal('sniffing');
    // A start grace far above anything the machine's load could add: a document that would start
    // autoconsent later is waited for; one whose sniff misses is settled on the spot.
    const outcome = await inPage(page, 'consentOutcome', 60_000, 60_000);
    expect(outcome).to.deep.equal({ state: 'settled', done: 0 });
    await page.waitForFunction((key) => (window as unknown as Record<symbol, { lifecycle: string }>)[Symbol.for(key)]?.lifecycle === 'nothingSniffed', CONSENT, { timeout: 5_000 });
    expect(messages).to.deep.equal([]);
  });

  it('dismisses a banner a script adds 2 s after load by itself, before any settle', async () => {
    const { page, tracker } = await open('/onetrust-late');
    expect(await lifecycle(page)).to.equal('sniffing');
    await page.waitForFunction(() => (window as unknown as { clicks: string[] }).clicks.length > 0, undefined, { timeout: 8_000 });
    expect(await clicks(page)).to.deep.equal(['onetrust-reject-all-handler']);
    expect(await tracker.settle(page, 1_500)).to.deep.equal(['cookie_consent']);
  });

  it('catches, in settle, a banner added after the document stopped sniffing', async () => {
    const { page, tracker } = await open('/onetrust-manual', 0);
    await page.waitForFunction((key) => (window as unknown as Record<symbol, { lifecycle: string }>)[Symbol.for(key)]?.lifecycle === 'nothingSniffed', CONSENT, { timeout: 5_000 });
    await page.evaluate(() => (window as unknown as { showBanner: () => void }).showBanner());
    expect(await tracker.settle(page, 1_500)).to.deep.equal(['cookie_consent']);
    expect(await clicks(page)).to.deep.equal(['onetrust-reject-all-handler']);
  });

  it('gives the kit only to a document that asked for it, and lets no page script start one through the loader', async () => {
    const { page, tracker } = await open('/onetrust-manual', 0);
    type Progress = { load?: (token: string, start: () => void) => void; sniff?: () => boolean };
    const hijacked = (): Promise<boolean | undefined> => page.evaluate(() => (window as unknown as { hijacked?: boolean }).hijacked);
    // Before any sniff hit there is no loader to call.
    expect(await page.evaluate((key) => 'load' in (window as unknown as Record<symbol, Progress>)[Symbol.for(key)]!, CONSENT)).to.equal(false);
    // A hit asks the node side for the kit; a page script that calls the loader before the kit
    // arrives, without its token, starts nothing, and the real kit still loads.
    const asked = await page.evaluate((key) => {
      const progress = (window as unknown as Record<symbol, Progress>)[Symbol.for(key)]!;
      (window as unknown as { showBanner(): void }).showBanner();
      progress.sniff?.();
      progress.load?.('0'.repeat(32), () => void ((window as unknown as { hijacked: boolean }).hijacked = true));
      return 'load' in progress;
    }, CONSENT);
    expect(asked).to.equal(true);
    expect(await tracker.settle(page, 1_500)).to.deep.equal(['cookie_consent']);
    expect(await hijacked()).to.equal(undefined);
    expect(await clicks(page)).to.deep.equal(['onetrust-reject-all-handler']);
  });

  it('handles a CMP inside an iframe (a frame rule), leaving the top document unstarted', async () => {
    const { page, tracker } = await open('/piano');
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    await frame.waitForFunction(() => (window as unknown as { clicks: string[] }).clicks.length > 0, undefined, { timeout: 5_000 });
    expect(await clicks(frame)).to.deep.equal(['piano-close']);
    expect(await tracker.settle(page, 1_500)).to.deep.equal(['cookie_consent']);
    expect(tracker.log.map((dismissal) => dismissal.detail)).to.deep.equal(['piano.io']);
    expect(await lifecycle(page)).to.equal('sniffing');
  });

  it('forgets what a frame was handling once the frame moves to a document that never starts autoconsent', async () => {
    const { page, tracker } = await open('/piano-stuck');
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    // The banner was found; its opt-out waits for a close button that never comes.
    await frame.waitForFunction((key) => (window as unknown as Record<symbol, { popupSeq: number } | undefined>)[Symbol.for(key)]?.popupSeq !== 0, CONSENT, { timeout: 5_000 });
    await frame.goto(site.url('/plain'));
    // A cap far above anything the machine's load could add: a stale `handling` would hold settle to it.
    const cap = 60_000;
    const started = performance.now();
    expect(await tracker.settle(page, cap)).to.deep.equal([]);
    expect(performance.now() - started).to.be.below(cap / 10);
    expect(await lifecycle(frame)).to.equal('sniffing');
  });
});
