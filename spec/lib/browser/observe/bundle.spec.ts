import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../../../lib/platform/config/index.js';
import { hooksScript, topWalkerScript, withWalker } from '../../../../lib/browser/observe/bundle.js';
import { PAGE_KEY } from '../../../../lib/browser/injected/protocol.js';
import { testChromium } from '../../../support/chromium.js';
import { TestSite, html } from '../../../support/site.js';

/** Whether the document of `where` holds the walker now (no install). */
const hasWalker = (where: Page | Frame): Promise<boolean> => where.evaluate((key) => Symbol.for(key) in globalThis, PAGE_KEY);

describe('the walker as an init script of top documents (topWalkerScript)', function () {
  this.timeout(20_000);
  let browser: Browser;
  let site: TestSite;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    site = await TestSite.start({
      // The page's own first script notes whether the walker was already there.
      '/': { body: html('Top', `<script>window.sawWalker = Symbol.for(${JSON.stringify(PAGE_KEY)}) in globalThis</script><p>Top text.</p><iframe src="/inner"></iframe>`) },
      '/inner': { body: html('Inner', '<button>Inner button</button>') },
      '/next': { body: html('Next', '<p>Next page.</p>') },
    });
  });
  after(async () => {
    await browser.close();
    await site.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    await context.addInitScript({ content: hooksScript() });
    await context.addInitScript({ content: topWalkerScript() });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('gives every top document the walker before its own scripts run, and keeps it out of frames', async () => {
    await page.goto(site.url('/'));
    expect(await page.evaluate(() => (window as unknown as { sawWalker: boolean }).sawWalker)).to.equal(true);
    const inner = page.frames().find((frame) => frame.url().endsWith('/inner'));
    expect(inner).to.not.equal(undefined);
    expect(await hasWalker(inner!)).to.equal(false);
    await page.goto(site.url('/next'));
    expect(await hasWalker(page)).to.equal(true);
  });

  it('walks a top document without installing anything, and a frame once a walk reaches it', async () => {
    await page.goto(site.url('/'));
    const walk = (key: string): string | null => {
      const api = (globalThis as unknown as Record<symbol, { walk(o: unknown): { content: string } } | undefined>)[Symbol.for(key)];
      return api ? api.walk({ mode: 'full', format: 'markdown', includeLinks: false, controlsInPlace: true, includeMap: false, maxTextLength: 1_000, nextRef: 1 }).content : null;
    };
    // Evaluated directly, without withWalker's install: the init script's walker answers.
    expect(await page.evaluate(walk, PAGE_KEY)).to.contain('Top text.');
    const inner = page.frames().find((frame) => frame.url().endsWith('/inner'))!;
    expect(await inner.evaluate(walk, PAGE_KEY)).to.equal(null);
    expect(await withWalker(inner, walk, PAGE_KEY)).to.contain('Inner button');
    expect(await hasWalker(inner)).to.equal(true);
  });
});
