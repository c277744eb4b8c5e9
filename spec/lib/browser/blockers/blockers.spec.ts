import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { installBlockers, type BlockerTracker } from '../../../../lib/browser/blockers/index.js';
import { CHROMIUM_ARGS } from '../../../../lib/platform/config/index.js';
import { testChromium } from '../../../support/chromium.js';
import { TestSite } from '../../../support/site.js';
import * as pages from './pages.js';

const CAP_MS = 1500;
/** A page that records autoconsent's lifecycle as its first script saw it. */
const FIRST_SCRIPT = `<!doctype html><title>First</title><script>window.seen = window[Symbol.for('tabwright.consent')]?.lifecycle ?? 'absent';</script><p>Text.</p>`;
/** An element a CMP rule detects (hidden: no popup to handle), so the sniff starts autoconsent. */
const BANNER_SIGN = '<div id="onetrust-banner-sdk" hidden></div>';

describe('installBlockers()', function () {
  this.timeout(30_000);
  let browser: Browser;
  let site: TestSite;
  let context: BrowserContext | undefined;

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    site = await TestSite.start({
      '/onetrust': { body: pages.oneTrustPage() },
      '/onetrust-late': { body: pages.oneTrustPage(1000) },
      '/cookiebot': { body: pages.cookiebotPage() },
      '/newsletter': { body: pages.newsletterPage() },
      '/modal-dialog': { body: pages.modalDialogPage() },
      '/escape-only': { body: pages.escapeOnlyPage() },
      '/plain': { body: pages.plainPage() },
      '/login': { body: pages.loginPage(false) },
      '/login-modal': { body: pages.loginPage(true) },
      '/quick-view': { body: pages.quickViewPage() },
      '/short-newsletter': { body: pages.shortNewsletterPage('labelled') },
      '/short-offer': { body: pages.shortNewsletterPage('offer') },
      '/reset-password': { body: pages.resetPasswordPage() },
      '/generic-banner': { body: pages.genericBannerPage() },
      '/first-script': { body: FIRST_SCRIPT },
      '/with-frame': { body: `<!doctype html><title>Framed</title><iframe src="/first-script"></iframe>${FIRST_SCRIPT}` },
      '/with-frame-and-banner': { body: `<!doctype html><title>Framed</title><iframe src="/first-script-and-banner"></iframe>${FIRST_SCRIPT}${BANNER_SIGN}` },
      '/first-script-and-banner': { body: FIRST_SCRIPT + BANNER_SIGN },
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

  /** A fresh context with blockers installed as the driver does, and one page on `path`. */
  async function open(path: string, enabled = true): Promise<{ page: Page; tracker: BlockerTracker }> {
    context = await browser.newContext();
    const tracker = await installBlockers(context, { enabled });
    const page = await context.newPage();
    await page.goto(site.url(path), { waitUntil: 'load' });
    return { page, tracker };
  }

  /** settle() with the time it took. */
  async function settle(tracker: BlockerTracker, page: Page, capMs = CAP_MS): Promise<{ kinds: string[]; ms: number }> {
    const started = performance.now();
    const kinds = await tracker.settle(page, capMs);
    if (process.env.BLOCKERS_TIMING) console.log(`      settle ${page.url()} → [${kinds.join(', ')}] in ${(performance.now() - started).toFixed(0)} ms`);
    return { kinds, ms: performance.now() - started };
  }

  const clicks = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { clicks: string[] }).clicks);
  const shown = (page: Page, selector: string): Promise<boolean> => page.locator(selector).isVisible();

  describe('BlockerTracker#settle()', () => {
    it('rejects a OneTrust banner with its reject-all button and reports cookie_consent', async () => {
      const { page, tracker } = await open('/onetrust');
      const { kinds, ms } = await settle(tracker, page);
      expect(kinds).to.deep.equal(['cookie_consent']);
      expect(ms).to.be.below(CAP_MS);
      expect(await clicks(page)).to.deep.equal(['onetrust-reject-all-handler']);
      expect(await shown(page, '#onetrust-banner-sdk')).to.equal(false);
      expect(await page.evaluate(() => (window as unknown as { OnetrustActiveGroups: string }).OnetrustActiveGroups)).to.equal(',C0001,');
      expect(tracker.log.map((d) => d.detail)).to.deep.equal(['Onetrust']);
    });

    it('denies a Cookiebot dialog and reports cookie_consent', async () => {
      const { page, tracker } = await open('/cookiebot');
      const { kinds } = await settle(tracker, page);
      expect(kinds).to.deep.equal(['cookie_consent']);
      expect(await clicks(page)).to.deep.equal(['CybotCookiebotDialogBodyLevelButtonLevelOptinDeclineAll']);
      expect(await shown(page, '#CybotCookiebotDialog')).to.equal(false);
      expect(await page.evaluate(() => (window as unknown as { Cookiebot: { declined: boolean } }).Cookiebot.declined)).to.equal(true);
      expect(tracker.log.map((d) => d.detail)).to.deep.equal(['Cybotcookiebot']);
    });

    it('declines a banner that only a site rule knows, with the rules the node side sends for that site', async () => {
      // The package's rule for ah.nl: a #cookie-overlay, declined by #decline-cookies. The init
      // script carries only the site's URL pattern; the rule itself comes from the node side.
      context = await browser.newContext();
      const tracker = await installBlockers(context, { enabled: true });
      const overlay =
        '<!doctype html><title>Site</title><script>window.clicks = [];</script><main><h1>Boodschappen</h1></main>' +
        '<div id="cookie-overlay" style="position:fixed;inset:0;background:#fff"><p>Cookies?</p>' +
        '<button id="decline-cookies" onclick="clicks.push(this.id); this.parentElement.remove()">Weigeren</button></div>';
      await context.route('https://www.ah.nl/**', (route) => route.fulfill({ contentType: 'text/html', body: overlay }));
      const page = await context.newPage();
      await page.goto('https://www.ah.nl/', { waitUntil: 'load' });
      const { kinds } = await settle(tracker, page);
      expect(kinds).to.deep.equal(['cookie_consent']);
      expect(await clicks(page)).to.deep.equal(['decline-cookies']);
      expect(tracker.log.map((d) => d.detail)).to.deep.equal(['ah.nl']);
    });

    it('rejects a banner no rule knows through the heuristic pass, reporting it at the next call', async () => {
      const { page, tracker } = await open('/generic-banner');
      await settle(tracker, page);
      await page.locator('#notice').waitFor({ state: 'detached', timeout: 5000 });
      expect((await settle(tracker, page)).kinds).to.deep.equal(['cookie_consent']);
      expect(await clicks(page)).to.deep.equal(['reject']);
    });

    it('reports a banner handled after the last call at the next call, once', async () => {
      const { page, tracker } = await open('/onetrust-late');
      expect((await settle(tracker, page)).kinds).to.deep.equal([]);
      await page.waitForFunction(() => (window as unknown as { clicks: string[] }).clicks.length > 0, undefined, { timeout: 5000 });
      await page.locator('#onetrust-banner-sdk').waitFor({ state: 'hidden' });
      expect((await settle(tracker, page)).kinds).to.deep.equal(['cookie_consent']);
      expect((await settle(tracker, page)).kinds).to.deep.equal([]);
      expect(await clicks(page)).to.deep.equal(['onetrust-reject-all-handler']);
    });

    it('closes a newsletter modal by its close button and lifts the scroll lock it left', async () => {
      site.hits.clear();
      const { page, tracker } = await open('/newsletter');
      const { kinds } = await settle(tracker, page);
      expect(kinds).to.deep.equal(['popup']);
      expect(await clicks(page)).to.deep.equal(['nl-close']);
      expect(await page.locator('.nl-backdrop').count()).to.equal(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).not.to.equal('hidden');
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => window.scrollY > 0);
      expect(site.hits.get('/subscribe') ?? 0).to.equal(0);
    });

    it('still closes a popup that was on screen before the agent\'s click', async () => {
      const { page, tracker } = await open('/newsletter');
      await page.mouse.click(10, 10);
      expect((await settle(tracker, page)).kinds).to.deep.equal(['popup']);
      expect(await clicks(page)).to.deep.equal(['nl-close']);
    });

    it('leaves a modal the agent opened alone, through later clicks inside it', async () => {
      const { page, tracker } = await open('/quick-view');
      expect((await settle(tracker, page)).kinds).to.deep.equal([]);
      await page.click('#quick-view');
      expect((await settle(tracker, page)).kinds).to.deep.equal([]);
      await page.click('#reviews');
      expect((await settle(tracker, page)).kinds).to.deep.equal([]);
      expect(await shown(page, '.qv-modal')).to.equal(true);
      expect(await page.textContent('#tab')).to.equal('Reviews: 4.5 stars.');
      expect(await clicks(page)).to.deep.equal(['quick-view', 'reviews']);
    });

    it('closes a native modal dialog by its "No thanks" button', async () => {
      const { page, tracker } = await open('/modal-dialog');
      expect((await settle(tracker, page)).kinds).to.deep.equal(['popup']);
      expect(await clicks(page)).to.deep.equal(['no-thanks']);
      expect(await page.evaluate(() => document.querySelector('dialog')!.open)).to.equal(false);
    });

    it('closes an overlay without a close control by Escape', async () => {
      const { page, tracker } = await open('/escape-only');
      expect((await settle(tracker, page)).kinds).to.deep.equal(['popup']);
      expect(await page.locator('.veil').count()).to.equal(0);
      expect(await clicks(page)).to.deep.equal([]);
    });

    it('returns nothing, without waiting out its cap, on a page without blockers', async () => {
      const { page, tracker } = await open('/plain');
      // A cap far above anything the machine's load could add: finishing well inside it shows that
      // settle answered as soon as it knew there was nothing, rather than waiting for the cap.
      const cap = 60_000;
      const first = await settle(tracker, page, cap);
      const again = await settle(tracker, page, cap);
      expect(first.kinds).to.deep.equal([]);
      expect(again.kinds).to.deep.equal([]);
      expect(first.ms).to.be.below(cap / 10);
      expect(again.ms).to.be.below(cap / 10);
    });

    it('closes a dialog labelled "Newsletter" by its Close button over a page with little text', async () => {
      site.hits.clear();
      const { page, tracker } = await open('/short-newsletter');
      expect((await settle(tracker, page)).kinds).to.deep.equal(['popup']);
      expect(await clicks(page)).to.deep.equal(['close']);
      expect(await shown(page, '#nl')).to.equal(false);
      expect(site.hits.get('/subscribe') ?? 0).to.equal(0);
    });

    it('closes a modal offering a discount for an email address over a page with little text, by "No thanks"', async () => {
      const { page, tracker } = await open('/short-offer');
      expect((await settle(tracker, page)).kinds).to.deep.equal(['popup']);
      expect(await clicks(page)).to.deep.equal(['no-thanks']);
      expect(await page.evaluate(() => document.querySelector('dialog')!.open)).to.equal(false);
    });

    it('leaves a short page that is a dialog alone, though it asks for an email address and has a Close button', async () => {
      const { page, tracker } = await open('/reset-password');
      expect((await settle(tracker, page)).kinds).to.deep.equal([]);
      expect(await shown(page, '.veil')).to.equal(true);
      expect(await clicks(page)).to.deep.equal([]);
    });

    for (const [path, how] of [
      ['/login', 'open attribute'],
      ['/login-modal', 'showModal()'],
    ] as const) {
      it(`leaves a dialog that is the page's content alone (${how})`, async () => {
        site.hits.clear();
        const { page, tracker } = await open(path);
        expect((await settle(tracker, page)).kinds).to.deep.equal([]);
        expect(await page.evaluate(() => document.querySelector('dialog')!.open)).to.equal(true);
        expect(await clicks(page)).to.deep.equal([]);
        expect(site.hits.get('/signin') ?? 0).to.equal(0);
      });
    }
  });

  describe('with enabled: false', () => {
    it('injects nothing, leaves the banner and reports nothing', async () => {
      const { page, tracker } = await open('/onetrust', false);
      await page.waitForTimeout(1200);
      expect(await tracker.settle(page, CAP_MS)).to.deep.equal([]);
      expect(await shown(page, '#onetrust-banner-sdk')).to.equal(true);
      expect(await clicks(page)).to.deep.equal([]);
      const globals = await page.evaluate(() => ['autoconsentReceiveMessage', 'autoconsentSendMessage'].filter((name) => name in window));
      expect(globals).to.deep.equal([]);
      expect(await page.evaluate(() => Symbol.for('tabwright.consent') in window)).to.equal(false);
    });
  });

  it('keeps its binding out of reach of page scripts', async () => {
    const { page } = await open('/plain');
    expect(await page.evaluate(() => 'autoconsentSendMessage' in window)).to.equal(false);
    expect(await page.evaluate(() => ['__tabwrightConsentKit', '__tabwrightBlockers', 'autoconsentReceiveMessage'].filter((name) => name in window))).to.deep.equal([]);
  });

  it('starts autoconsent in the top document and in frames showing a CMP by itself, never waiting for the node side', async () => {
    const { page } = await open('/with-frame-and-banner');
    const child = page.frames().find((frame) => frame !== page.mainFrame())!;
    for (const frame of [page.mainFrame(), child]) {
      // Before the page's own scripts nothing has been asked of the node side (the package's own
      // content script would be 'waitingForInitResponse' by then) ...
      expect(await frame.evaluate(() => (window as unknown as { seen: string }).seen)).to.equal('sniffing');
      // ... and after DOMContentLoaded the sniff sees the CMP's element and autoconsent configures and starts itself.
      await frame.waitForFunction(() => !['sniffing', 'loading', 'initialized'].includes((window as unknown as Record<symbol, { lifecycle: string }>)[Symbol.for('tabwright.consent')]!.lifecycle), undefined, { timeout: 2_000 });
    }
  });
});
