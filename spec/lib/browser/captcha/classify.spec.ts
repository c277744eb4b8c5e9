import { expect } from 'chai';
import { classifyBlock, classifyChallenge, type PageSignals } from '../../../../lib/browser/captcha/index.js';

/** Signals as the probe would return them for a page with nothing on it, overridden per test. */
const signals = (overrides: Partial<PageSignals> = {}): PageSignals => ({
  title: '',
  heading: '',
  text: '',
  links: 0,
  thin: false,
  cdnCgi: false,
  challenges: [],
  blocks: [],
  ...overrides,
});

describe('classifyChallenge()', () => {
  it('takes a challenge declared by headers even when the page could not be read', () => {
    expect(classifyChallenge(signals(), { status: 403, headers: { 'cf-mitigated': 'challenge' } })).to.include({ vendor: 'cloudflare', blocking: true });
    expect(classifyChallenge(signals(), { status: 405, headers: { 'x-amzn-waf-action': 'captcha' } })).to.include({ vendor: 'aws_waf', kind: 'challenge' });
  });

  it("ignores AWS WAF's non-challenge actions", () => {
    expect(classifyChallenge(signals(), { status: 403, headers: { 'x-amzn-waf-action': 'block' } })).to.equal(null);
  });

  it('counts x-datadome only with a refusal status, since protected sites send it on every response', () => {
    expect(classifyChallenge(signals(), { status: 200, headers: { 'x-datadome': 'protected' } })).to.equal(null);
    expect(classifyChallenge(signals(), { status: 403, headers: { 'x-datadome': 'protected' } })).to.include({ vendor: 'datadome', blocking: true });
  });

  it('reads a thin "Just a moment..." page as Cloudflare only with a sign of Cloudflare', () => {
    const page = signals({ title: 'Just a moment...', thin: true });
    expect(classifyChallenge(page, { status: 503, headers: { server: 'cloudflare' } })).to.include({ vendor: 'cloudflare', kind: 'challenge' });
    expect(classifyChallenge(page, { status: 200, headers: {} })).to.equal(null);
  });

  it('prefers the interstitial to a widget it holds', () => {
    const page = signals({
      thin: true,
      challenges: [
        { vendor: 'turnstile', scope: 'widget', evidence: 'Turnstile iframe', inDataForm: false },
        { vendor: 'cloudflare', scope: 'page', evidence: 'window._cf_chl_opt', inDataForm: false },
      ],
    });
    expect(classifyChallenge(page, { headers: {} })).to.include({ kind: 'challenge', vendor: 'cloudflare' });
  });

  it('on a thin page, reports the widget outside any form a person fills in, as blocking', () => {
    const page = signals({
      thin: true,
      challenges: [
        { vendor: 'recaptcha', scope: 'widget', evidence: 'div.g-recaptcha', inDataForm: true },
        { vendor: 'hcaptcha', scope: 'widget', evidence: 'div.h-captcha', inDataForm: false },
      ],
    });
    expect(classifyChallenge(page, { headers: {} })).to.include({ kind: 'hcaptcha', blocking: true });
    expect(classifyChallenge({ ...page, thin: false }, { headers: {} })).to.include({ kind: 'recaptcha', blocking: false });
  });
});

describe('classifyBlock()', () => {
  it('recognises a block from the x-sucuri-block header', () => {
    expect(classifyBlock(signals(), { status: 403, headers: { 'x-sucuri-block': 'BNP005' } })).to.deep.equal({ status: 403, reason: 'Sucuri block page (x-sucuri-block: BNP005 header)' });
  });

  it('needs a thin page for a bare refusal title', () => {
    expect(classifyBlock(signals({ title: '403 Forbidden', thin: true }), { status: 200, headers: {} })).to.include({ status: 200 });
    expect(classifyBlock(signals({ title: '403 Forbidden', thin: false }), { status: 200, headers: {} })).to.equal(null);
  });

  it('falls back to the status for a 403 or 451 it cannot name', () => {
    expect(classifyBlock(signals(), { status: 451, headers: {} })).to.deep.equal({ status: 451, reason: 'HTTP 451' });
    expect(classifyBlock(signals(), { status: 404, headers: {} })).to.equal(null);
  });
});
