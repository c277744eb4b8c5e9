import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../../../../actors/engine.js';
import { testChromium } from '../../../support/chromium.js';
import { bindAi, SelectorCache, takeAiUsage } from '../../../../lib/browser/ai/index.js';
import type { AiProvider } from '../../../../lib/platform/config/services.js';
import { extractFields } from '../../../../lib/browser/extract/index.js';
import { openSqliteStore } from '../../../../lib/platform/store/sqlite/index.js';
import { TestSite, html } from '../../../support/site.js';

describe('extractFields() with ai >> fields', function () {
  this.timeout(60_000);
  let browser: Browser;
  let site: TestSite;
  let stub: Server;
  let provider: AiProvider;
  let answers: string[];
  let asked: number;
  let page: Page;
  let cache: SelectorCache;

  before(async () => {
    browser = await launchChromium({ executablePath: testChromium() });
    site = await TestSite.start({ '/': { body: html('Shop', '<h1 class="heading">Welcome</h1><p class="price">$5</p>') } });
    stub = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        asked++;
        const content = answers.shift() ?? 'nothing-left';
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { content } }], usage: { prompt_tokens: 120, completion_tokens: 7 } }),
        );
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    provider = { baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`, apiKey: 'k', model: 'm' };
  });
  after(async () => {
    await browser.close();
    await site.stop();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  });
  beforeEach(async () => {
    answers = [];
    asked = 0;
    page = await browser.newPage();
    await page.goto(site.url('/'));
    cache = new SelectorCache(openSqliteStore(':memory:'));
    bindAi(page, { accountId: 'acc_1', cache, provider });
  });
  afterEach(() => page.close());

  const run = (refresh = false) => extractFields(page, { price: { kind: 'one', selector: 'ai >> the price' } }, { refreshSelectors: refresh });

  it('caches a resolution per account and domain, so the second use costs nothing', async () => {
    answers = ['p.price'];
    expect(await run()).to.deep.equal({ price: '$5' });
    expect(takeAiUsage(page)).to.deep.equal({ promptTokens: 120, completionTokens: 7 });
    expect(await run()).to.deep.equal({ price: '$5' });
    expect(asked).to.equal(1);
    expect(takeAiUsage(page)).to.deep.equal({ promptTokens: 0, completionTokens: 0 });
    expect(await cache.get({ accountId: 'acc_1', domain: '127.0.0.1', description: 'the price' })).to.equal('p.price');
    expect(await cache.get({ accountId: 'acc_2', domain: '127.0.0.1', description: 'the price' })).to.equal(null);
  });

  it('re-resolves when refresh_selectors is true', async () => {
    answers = ['p.price', '.price'];
    await run();
    expect(await run(true)).to.deep.equal({ price: '$5' });
    expect(asked).to.equal(2);
    expect(await cache.get({ accountId: 'acc_1', domain: '127.0.0.1', description: 'the price' })).to.equal('.price');
  });

  it('re-resolves a cached selector that no longer matches', async () => {
    await cache.put({ accountId: 'acc_1', domain: '127.0.0.1', description: 'the price' }, 'span.old-price');
    answers = ['p.price'];
    expect(await run()).to.deep.equal({ price: '$5' });
    expect(asked).to.equal(1);
  });

  it('counts the tokens of both attempts when the first answer fails', async () => {
    answers = ['.missing', 'p.price'];
    expect(await run()).to.deep.equal({ price: '$5' });
    expect(takeAiUsage(page)).to.deep.equal({ promptTokens: 240, completionTokens: 14 });
  });
});
