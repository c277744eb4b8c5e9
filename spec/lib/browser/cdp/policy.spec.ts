import { expect } from 'chai';
import { MAX_CDP_PAGES } from '../../../../lib/contract/cdp.js';
import { rule, type Scope } from '../../../../lib/browser/cdp/policy.js';
import { isWebUrl } from '../../../../lib/browser/cdp/urls.js';

const scope = (pages = 1): Scope => ({
  contextId: 'CTX',
  mainTargetId: 'MAIN',
  ownsTarget: (id) => id === 'MAIN' || id === 'MINE',
  ownsSession: (id) => id === 'S1',
  pages: () => pages,
});
const page = { sessionId: 'S1', targetId: 'MAIN' };

describe('lib/browser/cdp/policy: what a CDP client may ask', () => {
  it('rewrites context-less browser commands to the session\'s context and refuses another context', () => {
    expect(rule(scope(), 'Storage.getCookies', {})).to.deep.include({ verdict: 'send', params: { browserContextId: 'CTX' } });
    expect(rule(scope(), 'Browser.grantPermissions', { permissions: ['geolocation'] })).to.deep.include({ verdict: 'send', params: { permissions: ['geolocation'], browserContextId: 'CTX' } });
    expect(rule(scope(), 'Storage.getCookies', { browserContextId: 'OTHER' }).verdict).to.equal('refuse');
    expect(rule(scope(), 'Target.createTarget', { url: 'about:blank' })).to.deep.include({ verdict: 'send', params: { url: 'about:blank', browserContextId: 'CTX' } });
    expect(rule(scope(), 'Target.createTarget', { url: '' })).to.deep.include({ verdict: 'send', params: { url: 'about:blank', browserContextId: 'CTX' } });
    expect(rule(scope(), 'Target.createTarget', { url: 'about:blank', browserContextId: 'OTHER' }).verdict).to.equal('refuse');
    expect(rule(scope(MAX_CDP_PAGES), 'Target.createTarget', { url: 'about:blank' }).verdict).to.equal('refuse');
  });

  it('answers a download folder and the context list here, and shows only the session\'s targets', () => {
    expect(rule(scope(), 'Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/etc' })).to.deep.equal({ verdict: 'answer', result: {} });
    expect(rule(scope(), 'Page.setDownloadBehavior', { behavior: 'allow', downloadPath: '/etc' }, page)).to.deep.equal({ verdict: 'answer', result: {} });
    expect(rule(scope(), 'Target.getBrowserContexts', {})).to.deep.equal({ verdict: 'answer', result: { browserContextIds: [] } });
    const listed = rule(scope(), 'Target.getTargets', {});
    if (listed.verdict !== 'send') throw new Error('not sent');
    const shaped = listed.shape!({ targetInfos: [{ targetId: 'MAIN', browserContextId: 'CTX' }, { targetId: 'X', browserContextId: 'OTHER' }] });
    expect(shaped).to.deep.equal({ targetInfos: [{ targetId: 'MAIN', browserContextId: 'CTX' }] });
  });

  it('refuses targets and sessions that are not the client\'s, the session\'s own page closing, and relays', () => {
    for (const [method, params] of [
      ['Target.attachToTarget', { targetId: 'THEIRS', flatten: true }],
      ['Target.attachToTarget', { targetId: 'MINE', flatten: false }],
      ['Target.closeTarget', { targetId: 'MAIN' }],
      ['Target.closeTarget', { targetId: 'THEIRS' }],
      ['Target.detachFromTarget', { sessionId: 'S2' }],
      ['Target.sendMessageToTarget', { message: '{}', sessionId: 'S1' }],
      ['Target.exposeDevToolsProtocol', { targetId: 'MAIN' }],
      ['Target.createBrowserContext', {}],
      ['Target.disposeBrowserContext', { browserContextId: 'CTX' }],
      ['Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false }],
    ] as const) {
      expect(rule(scope(), method, params).verdict, method).to.equal('refuse');
    }
    expect(rule(scope(), 'Target.attachToTarget', { targetId: 'MINE', flatten: true }).verdict).to.equal('send');
    // A second browser-level session, held by the bridge to these same rules; never from a page.
    expect(rule(scope(), 'Target.attachToBrowserTarget', {}).verdict).to.equal('send');
    expect(rule(scope(), 'Target.attachToBrowserTarget', {}, page).verdict).to.equal('refuse');
    expect(rule(scope(), 'Target.closeTarget', { targetId: 'MINE' }).verdict).to.equal('send');
    expect(rule(scope(), 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }).verdict).to.equal('auto-attach');
    expect(rule(scope(), 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, page).verdict).to.equal('send');
  });

  it('serves page domains on page sessions, but not what reaches the browser, the machine or the disk', () => {
    for (const method of ['Runtime.evaluate', 'DOM.getDocument', 'Input.dispatchMouseEvent', 'Network.enable', 'Fetch.enable', 'Emulation.setDeviceMetricsOverride', 'Page.captureScreenshot']) {
      expect(rule(scope(), method, {}, page).verdict, method).to.equal('send');
    }
    for (const method of ['Memory.getDOMCounters', 'Tracing.start', 'SystemInfo.getInfo', 'Tethering.bind', 'Extensions.loadUnpacked', 'PWA.install', 'Page.crash', 'Page.close', 'DOM.setFileInputFiles', 'Network.loadNetworkResource', 'Browser.close', 'Browser.crash']) {
      expect(rule(scope(), method, {}, page).verdict, method).to.equal('refuse');
    }
    expect(rule(scope(), 'Page.close', {}, { sessionId: 'S1', targetId: 'MINE' }).verdict).to.equal('send');
    expect(rule(scope(), 'Input.dispatchDragEvent', { type: 'drop', data: { items: [], files: ['/etc/passwd'] } }, page).verdict).to.equal('refuse');
    expect(rule(scope(), 'Input.dispatchDragEvent', { type: 'drop', data: { items: [] } }, page).verdict).to.equal('send');
    expect(rule(scope(), 'Fetch.continueRequest', { requestId: '1', url: 'file:///etc/passwd' }, page).verdict).to.equal('refuse');
    expect(rule(scope(), 'Fetch.continueRequest', { requestId: '1' }, page).verdict).to.equal('send');
    expect(rule(scope(), 'Storage.clearDataForOrigin', { origin: 'http://a', storageTypes: 'all' }, page).verdict).to.equal('send');
    expect(rule(scope(), 'Storage.getCookies', { browserContextId: 'OTHER' }, page).verdict).to.equal('refuse');
  });

  it('allows http(s) and about:blank however spelled, and no other scheme', () => {
    for (const url of ['http://a.test/', 'HTTPS://a.test', ' https://a.test ', 'about:blank', 'about:blank#x']) expect(isWebUrl(url), url).to.equal(true);
    for (const url of ['file:///etc/passwd', ' FILE:/etc/passwd', 'java\tscript:alert(1)', 'chrome://version', 'devtools://devtools', 'view-source:http://a', 'data:text/html,x', 'blob:http://a/x', 'filesystem:http://a/x', 'about:srcdoc', 'chrome-extension://x/y', 'a.test', '', 42]) {
      expect(isWebUrl(url), String(url)).to.equal(false);
    }
  });
});
