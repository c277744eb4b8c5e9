import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright';
import { detectBlockPage, detectChallenge, inspectAccess } from '../../../../lib/browser/captcha/index.js';
import { PROBE_LIMITS } from '../../../../lib/browser/captcha/probe.js';
import { PROGRAM_KEY } from '../../../../lib/browser/injected/names.js';
import { inPage as callInPage } from '../../../../lib/browser/program.js';
import { CHROMIUM_ARGS } from '../../../../lib/platform/config/index.js';
import { testChromium } from '../../../support/chromium.js';
import { pageSource, realPages } from '../../../support/pages.js';
import { TestSite, type Route } from '../../../support/site.js';
import { BLOCK_CASES } from './block-pages.js';
import { INTERSTITIAL_CASES } from './interstitial-pages.js';
import type { Case } from './shell.js';
import { WIDGET_CASES } from './widget-pages.js';

// Vendor hosts (google.com, hcaptcha.com, captcha-delivery.com, …) fail resolution at once, as on a closed network.
const NO_DNS = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1';
/** The 24 saved real pages (Readability's test pages, spec/fixtures/pages). */
const REAL_PAGES = realPages();

const CASES: Case[] = [...WIDGET_CASES, ...INTERSTITIAL_CASES, ...BLOCK_CASES];

/** A route answering with the case's status, headers and body. */
const serve = ({ status = 200, headers = {}, body }: Pick<Case, 'status' | 'headers' | 'body'>): Route => (_req, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('lib/browser/captcha', function () {
  this.timeout(30_000);
  let browser: Browser;
  let site: TestSite;
  let page: Page;

  before(async () => {
    site = await TestSite.start(Object.fromEntries(CASES.map((item, index) => [`/case/${index}`, serve(item)])));
    for (const name of REAL_PAGES) site.route(`/real/${name}/`, { body: pageSource(name) });
    browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS, NO_DNS] });
    page = await browser.newPage();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  describe('detectChallenge() and detectBlockPage()', () => {
    CASES.forEach((item, index) => {
      it(item.name, async () => {
        const response = await page.goto(site.url(`/case/${index}`), { waitUntil: 'load' });
        const challenge = await detectChallenge(page, response);
        const block = await detectBlockPage(page, response);

        if (item.challenge) {
          expect(challenge, 'challenge').to.include(item.challenge);
          expect(challenge?.message).to.be.a('string').and.not.be.empty;
        } else {
          expect(challenge, `challenge: ${challenge?.message}`).to.equal(null);
        }
        if (item.block) {
          expect(block?.reason, 'block reason').to.match(item.block);
          expect(block?.status).to.equal(item.status ?? 200);
        } else {
          expect(block, `block: ${block?.reason}`).to.equal(null);
        }
        expect(await inspectAccess(page, response)).to.deep.equal({ challenge, block });
      });
    });
  });

  describe('without a response (page.setContent)', () => {
    it('reads the markup alone and reports no status', async () => {
      const gate = WIDGET_CASES.find((item) => item.name.startsWith("Google's unusual-traffic"));
      await page.setContent(gate?.body ?? '');
      expect(await detectChallenge(page, null)).to.include({ kind: 'recaptcha', blocking: true });
      await page.setContent(BLOCK_CASES[0]?.body ?? '');
      expect(await detectBlockPage(page, null)).to.have.keys('reason');
    });
  });

  describe('on the real pages of spec/fixtures/pages', () => {
    it('finds neither a challenge nor a block page on any of them', async function () {
      this.timeout(60_000);
      const found: string[] = [];
      for (const name of REAL_PAGES) {
        const response = await page.goto(site.url(`/real/${name}/`), { waitUntil: 'load' });
        const { challenge, block } = await inspectAccess(page, response);
        if (challenge || block) found.push(`${name}: ${challenge?.message ?? block?.reason}`);
      }
      expect(found).to.deep.equal([]);
    });
  });

  describe('on a big page (wikipedia-2 from spec/fixtures/pages, about 1 MB)', () => {
    it('finds nothing, with about a millisecond of work in the page', async function () {
      const response = await page.goto(site.url('/real/wikipedia-2/'), { waitUntil: 'load' });
      const timed = async (run: () => Promise<unknown>): Promise<number[]> => {
        const times: number[] = [];
        for (let round = 0; round < 30; round++) {
          const started = performance.now();
          await run();
          times.push(performance.now() - started);
        }
        return times;
      };
      expect(await detectChallenge(page, response)).to.equal(null);
      expect(await detectBlockPage(page, response)).to.equal(null);
      const detect = await timed(() => detectChallenge(page, response));
      // What any evaluate costs here, and the probe's own time in the page, without the round trip.
      const baseline = await timed(() => page.evaluate(() => 1));
      await callInPage(page, 'probe', PROBE_LIMITS);
      const probe = `(() => { const api = globalThis[Symbol.for(${JSON.stringify(PROGRAM_KEY)})]; const t = performance.now(); api.probe(${JSON.stringify(PROBE_LIMITS)}); return performance.now() - t; })()`;
      const inPage: number[] = [];
      for (let round = 0; round < 30; round++) inPage.push(await page.evaluate<number>(probe));
      const show = (times: number[]): string => `median ${median(times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`;
      console.log(`      wikipedia-2: detectChallenge ${show(detect)}; probe in page ${show(inPage)}; an empty evaluate ${show(baseline)}`);
      expect(median(inPage)).to.be.below(5);
    });
  });
});
