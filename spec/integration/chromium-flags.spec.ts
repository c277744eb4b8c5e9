import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Browser } from 'playwright';
import { launchChromium } from '../../actors/engine.js';
import { DISABLED_FEATURES } from '../../lib/platform/config/chromium.js';
import { testChromium } from '../support/chromium.js';
import { html } from '../support/site.js';

describe('launchChromium()', function () {
  this.timeout(60_000);
  let browser: Browser;
  before(async () => {
    browser = await launchChromium({ executablePath: testChromium() });
  });
  after(() => browser.close());

  it('keeps every feature Playwright turns off in the one --disable-features Chromium reads (the last), and adds its own', async () => {
    // Chromium tells its command line over CDP only with --enable-automation: /proc has it.
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    await cdp.detach();
    const pid = processInfo.find((info) => info.type === 'browser')?.id;
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length, 'Playwright\'s list and ours').to.equal(2);
    const [playwright, effective] = [lists[0]!, lists.at(-1)!];
    expect(playwright).to.include('HttpsUpgrades');
    expect(playwright.filter((feature) => !effective.includes(feature)), 'Playwright\'s features missing from ours').to.deep.equal([]);
    expect(effective).to.include.members([...DISABLED_FEATURES]);
  });

  it('sends no form a page shows to Google\'s autofill server (AutofillServerCommunication)', async () => {
    // A proxy that only writes down what it is asked for: each request's first line.
    const asked: string[] = [];
    const proxy = createServer((socket) => {
      socket.once('data', (chunk) => {
        asked.push(chunk.toString('latin1').split('\r\n')[0] ?? '');
        socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as { port: number }).port;
    const form = '<form><label>Name <input name="name" autocomplete="name"></label> <label>Email <input name="email" type="email"></label> <label>Street <input name="street" autocomplete="street-address"></label> <button>Send</button></form>';
    const context = await browser.newContext({ proxy: { server: `http://127.0.0.1:${port}` } });
    try {
      const page = await context.newPage();
      // The page itself never reaches the proxy: Playwright answers it.
      await page.route('http://form.test/', (route) => route.fulfill({ contentType: 'text/html', body: html('Form', form) }));
      await page.goto('http://form.test/');
      await page.getByLabel('Name').focus();
      // Chromium queries the autofill server within about a second of parsing a form.
      await page.waitForTimeout(2_500);
      expect(asked.filter((line) => /autofill/.test(line))).to.deep.equal([]);
    } finally {
      await context.close();
      proxy.close();
    }
  });
});
