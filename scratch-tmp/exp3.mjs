import { launchChromium } from '/work/wt-devices/dist/actors/engine.js';
import http from 'node:http';
const server = http.createServer((q, r) => r.end('<p>hi</p>')); await new Promise(r => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.2 Mobile/15E148 Safari/604.1';
for (const meta of [undefined, { brands: [], platform: 'iOS', platformVersion: '15.0', architecture: 'arm', model: '', mobile: true }, { platform: 'iOS', platformVersion: '15.0', architecture: 'arm', model: '', mobile: true }]) {
  const c = await browser.newContext(); const p = await c.newPage();
  const s = await c.newCDPSession(p);
  try { await s.send('Emulation.setUserAgentOverride', { userAgent: ua, platform: 'iPhone', ...(meta ? { userAgentMetadata: meta } : {}) }); } catch (e) { console.log('err', e.message); }
  await p.goto(url);
  console.log(JSON.stringify(meta), await p.evaluate(() => [typeof navigator.userAgentData, navigator.userAgentData && JSON.stringify(navigator.userAgentData), navigator.platform]));
  await c.close();
}
const c = await browser.newContext({ userAgent: ua, isMobile: true }); const p = await c.newPage(); await p.goto(url);
console.log('pw', await p.evaluate(() => [typeof navigator.userAgentData, navigator.userAgentData && JSON.stringify(navigator.userAgentData), navigator.platform]));
await browser.close(); server.close();
