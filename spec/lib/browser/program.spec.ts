// The injected program against real Chromium: installed in every top document by its init script,
// in a frame when a call first needs it there, and called over the CDP session a page's deadline
// holds (not Playwright's evaluate), or through Playwright for frames and elements.
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Frame, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../../lib/platform/config/index.js';
import { PageDeadline } from '../../../lib/browser/deadline.js';
import { PROGRAM_KEY } from '../../../lib/browser/injected/names.js';
import { elementFrom, elementIn, hooksScript, inPage, onElement, topProgramScript } from '../../../lib/browser/program.js';
import { testChromium } from '../../support/chromium.js';
import { TestSite, html } from '../../support/site.js';

/** Whether the document of `where` holds the program now (no install). */
const hasProgram = (where: Page | Frame): Promise<boolean> => where.evaluate((key) => Symbol.for(key) in globalThis, PROGRAM_KEY);

const FULL = { mode: 'full', format: 'markdown', includeLinks: false, controlsInPlace: true, includeMap: false, maxTextLength: 1_000, nextRef: 1 } as const;

describe('lib/browser/program', function () {
  this.timeout(20_000);
  let browser: Browser;
  let site: TestSite;
  let context: BrowserContext;
  let page: Page;
  /** The methods sent over the deadline's session, in order. */
  let sent: string[];

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    site = await TestSite.start({
      // The page's own first script notes whether the program was already there.
      '/': { body: html('Top', `<script>window.sawProgram = Symbol.for(${JSON.stringify(PROGRAM_KEY)}) in globalThis</script><p>Top text.</p><iframe src="/inner"></iframe>`) },
      '/inner': { body: html('Inner', '<button>Inner button</button>') },
      '/next': { body: html('Next', '<p>Next.</p>') },
      // A page that never paints a frame for anyone who asks.
      '/stalled': { body: html('Stalled', '<script>window.requestAnimationFrame = () => 0</script><p>Stalled.</p>') },
      '/form': { body: html('Form', '<label>Name <input id="name" value="Ann"></label><label><input type="checkbox" id="c" checked> Agree</label>') },
    });
  });
  after(async () => {
    await browser.close();
    await site.stop();
  });

  /** A page as the driver sets one up: its deadline holds a CDP session on it, whose sends are recorded. */
  async function watchedPage(): Promise<Page> {
    const opened = await context.newPage();
    const session = await context.newCDPSession(opened);
    const send = session.send.bind(session);
    sent = [];
    (session as { send: CDPSession['send'] }).send = ((method: string, params?: object) => {
      sent.push(method);
      return send(method as 'Runtime.evaluate', params as never);
    }) as CDPSession['send'];
    PageDeadline.attach(opened, session);
    return opened;
  }

  beforeEach(async () => {
    context = await browser.newContext();
    await context.addInitScript({ content: hooksScript() });
    await context.addInitScript({ content: topProgramScript() });
    page = await watchedPage();
    await page.goto(site.url('/'));
  });
  afterEach(() => context.close());

  it('gives every top document the program before its own scripts run, and keeps it out of frames', async () => {
    expect(await page.evaluate(() => (window as unknown as { sawProgram: boolean }).sawProgram)).to.equal(true);
    const inner = page.frames().find((frame) => frame.url().endsWith('/inner'));
    expect(await hasProgram(inner!)).to.equal(false);
    await page.goto(site.url('/next'));
    expect(await hasProgram(page)).to.equal(true);
  });

  it("calls the top document's program over the deadline's session, one Runtime.evaluate, not page.evaluate", async () => {
    page.evaluate = () => Promise.reject(new Error('page.evaluate was used'));
    const walk = await inPage(page, 'walk', FULL);
    expect(walk.content).to.contain('Top text.');
    expect(sent).to.deep.equal(['Runtime.evaluate']);
  });

  it('installs the program in a frame when a call first needs it there, through Playwright', async () => {
    const inner = page.frames().find((frame) => frame.url().endsWith('/inner'))!;
    expect((await inPage(inner, 'walk', FULL)).content).to.contain('Inner button');
    expect(await hasProgram(inner)).to.equal(true);
    expect(sent).to.deep.equal([]);
  });

  it('carries plain data both ways: strings, objects, nothing, and null for a number that is not finite', async () => {
    expect(await inPage(page, 'selectorProblem', 'p[title="it\'s \\"quoted\\" \u2028"]')).to.equal('"p[title="it\'s \\"quoted\\" \u2028"]" matches nothing on the page');
    expect(await inPage(page, 'selectorProblem', 'p')).to.equal(null);
    expect(await inPage(page, 'markOwnInput', true)).to.equal(undefined);
    const quiet = await inPage(page, 'quiet', 0);
    expect(quiet.loaded).to.equal(true);
    expect(quiet.quietFor).to.be.a('number');
  });

  it("rejects with the page's own message when the call throws", async () => {
    const error = await inPage(page, 'walk', { ...FULL, scope: '###' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.include('invalid scope selector: ###');
  });

  it('rejects, rather than waits, when a navigation replaces the document under a call', async () => {
    await page.goto(site.url('/stalled'));
    const call = inPage(page, 'nextTurn', 600_000).catch((e: unknown) => e);
    await page.goto(site.url('/next'));
    expect(await call).to.be.instanceOf(Error);
    expect((await inPage(page, 'light')).title).to.equal('Next');
  });

  it('asks a page nobody watches through Playwright, installing the program first', async () => {
    const unwatched = await browser.newPage();
    try {
      await unwatched.goto(site.url('/next'));
      expect(await hasProgram(unwatched)).to.equal(false);
      expect((await inPage(unwatched, 'light')).title).to.equal('Next');
      expect(await hasProgram(unwatched)).to.equal(true);
    } finally {
      await unwatched.close();
    }
  });

  it('calls on an element, and hands back elements as handles', async () => {
    await page.goto(site.url('/form'));
    const input = (await page.$('#name'))!;
    expect(await onElement(input, 'fieldState')).to.include({ kind: 'text', value: 'Ann', connected: true });
    const checkbox = (await page.$('#c'))!;
    expect(await onElement(checkbox, 'checked')).to.equal(true);
    const label = await elementFrom(checkbox, 'shownLabel');
    expect(await label!.evaluate((el) => (el as Element).localName)).to.equal('label');
    const root = await elementIn(page, 'root');
    expect(await root!.evaluate((el) => (el as Element).localName)).to.equal('html');
    expect(await elementIn(page, 'refElement', 'e999')).to.equal(null);
  });
});
