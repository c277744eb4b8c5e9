import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright';
import { launchChromium } from '../../actors/engine.js';
import { DISABLED_FEATURES } from '../../lib/config/chromium.js';
import { testChromium } from '../support/chromium.js';

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
});
