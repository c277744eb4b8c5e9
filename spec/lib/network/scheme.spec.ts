import { expect } from 'chai';
import { checkTopLevelUrl } from '../../../lib/network/scheme.js';

describe('checkTopLevelUrl()', () => {
  for (const url of ['file:///etc/passwd', 'chrome://settings', 'view-source:http://example.com', 'devtools://devtools/bundled/inspector.html', 'javascript:alert(1)', 'data:text/html,<h1>x</h1>', ' JavaScript:alert(1)', 'about:blank']) {
    it(`refuses ${url}`, () => {
      expect(checkTopLevelUrl(url)).to.deep.equal({ ok: false, reason: 'blocked_scheme' });
    });
  }
  it('accepts http and https', () => {
    expect(checkTopLevelUrl('http://example.com/')).to.deep.equal({ ok: true });
    expect(checkTopLevelUrl('HTTPS://example.com/')).to.deep.equal({ ok: true });
  });
  it('calls a relative URL invalid', () => {
    expect(checkTopLevelUrl('example.com')).to.deep.equal({ ok: false, reason: 'invalid_url' });
  });
});
