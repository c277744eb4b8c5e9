// evaluateTop against real Chromium: the service's reads of a page's top document go over the
// CDP session its deadline holds, not through Playwright's evaluate.
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../../lib/platform/config/index.js';
import { PageDeadline } from '../../../lib/browser/deadline.js';
import { evaluateTop } from '../../../lib/browser/evaluate.js';
import { testChromium } from '../../support/chromium.js';
import { TestSite, html } from '../../support/site.js';

describe('evaluateTop()', function () {
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
      '/': { body: html('Top', '<script>window.mark = "top document"</script><iframe src="/inner"></iframe>') },
      '/inner': { body: html('Inner', '<script>window.mark = "frame"</script>') },
      '/next': { body: html('Next', '<p>Next.</p>') },
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
    page = await watchedPage();
    await page.goto(site.url('/'));
  });
  afterEach(() => context.close());

  it("runs in the main world of the top document, awaited, over the deadline's session and not page.evaluate", async () => {
    page.evaluate = () => Promise.reject(new Error('page.evaluate was used'));
    const answer = await evaluateTop(
      page,
      async ({ suffix }: { suffix: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { mark: (window as unknown as { mark: string }).mark + suffix, frames: window.frames.length };
      },
      { suffix: '!' },
    );
    expect(answer).to.deep.equal({ mark: 'top document!', frames: 1 });
    expect(sent).to.deep.equal(['Runtime.evaluate']);
  });

  it('carries plain data both ways: a string, a bare number, nothing, and null for a number that is not finite', async () => {
    expect(await evaluateTop(page, (text: string) => `${text} ${text}`, 'it\'s "quoted" \u2028')).to.equal('it\'s "quoted" \u2028 it\'s "quoted" \u2028');
    expect(await evaluateTop(page, () => Number.POSITIVE_INFINITY, undefined)).to.equal(Number.POSITIVE_INFINITY);
    expect(await evaluateTop(page, () => undefined, undefined)).to.equal(undefined);
    expect(await evaluateTop(page, () => ({ far: Number.POSITIVE_INFINITY, max: Number.MAX_VALUE }), undefined)).to.deep.equal({ far: null, max: Number.MAX_VALUE });
  });

  it("rejects with the page's own message when the function throws", async () => {
    const error = await evaluateTop(page, () => {
      throw new Error('invalid scope selector: ###');
    }, undefined).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.include('invalid scope selector: ###');
  });

  it('rejects, rather than waits, when a navigation replaces the document under a call', async () => {
    const call = evaluateTop(page, () => new Promise(() => {}), undefined).catch((e: unknown) => e);
    await page.goto(site.url('/next'));
    const error = await call;
    expect(error).to.be.instanceOf(Error);
    expect(await evaluateTop(page, () => document.title, undefined)).to.equal('Next');
  });

  it('asks a page nobody watches through page.evaluate', async () => {
    const unwatched = await context.newPage();
    await unwatched.goto(site.url('/'));
    const before = sent.length;
    expect(await evaluateTop(unwatched, () => (window as unknown as { mark: string }).mark, undefined)).to.equal('top document');
    expect(sent.length).to.equal(before);
  });
});
