import { expect } from 'chai';
import { asConsentMessage, consentInitScript, initResponse, rulesFor } from '../../../lib/blockers/autoconsent.js';

describe('asConsentMessage()', () => {
  it('accepts the messages the node side acts on', () => {
    expect(asConsentMessage({ type: 'init', url: 'https://a.test/' })).to.deep.equal({ type: 'init', url: 'https://a.test/' });
    const done = { type: 'autoconsentDone', cmp: 'Onetrust', isCosmetic: false, url: 'https://a.test/' };
    expect(asConsentMessage(done)).to.equal(done);
  });

  it('drops anything else a page could send', () => {
    for (const value of [null, 'init', { type: 'eval', id: '1', code: 'x' }, { type: 'report' }, { type: 'autoconsentDone', url: 'u' }, { type: 'init' }]) {
      expect(asConsentMessage(value)).to.equal(undefined);
    }
  });
});

describe('rulesFor()', () => {
  it('gives a top document the generic rules and a frame only the frame rules', () => {
    const top = rulesFor('https://shop.test/', true).compact!.r.length;
    const frame = rulesFor('https://shop.test/', false).compact!.r.length;
    expect(top).to.be.above(100);
    expect(frame).to.be.below(top);
  });

  it('adds the site-specific rules of a matching URL', () => {
    expect(rulesFor('https://www.nba.com/', true).compact!.r.length).to.be.above(rulesFor('https://shop.test/', true).compact!.r.length);
  });
});

describe('initResponse()', () => {
  it('answers with the opt-out config, and the same text for documents sharing a rule set', () => {
    const answer = initResponse('https://a.test/x', true);
    expect(answer).to.match(/^window\.autoconsentReceiveMessage\(\{"type":"initResp"/);
    expect(answer).to.include('"autoAction":"optOut"');
    expect(initResponse('https://b.test/y', true)).to.equal(answer);
  });
});

describe('consentInitScript()', () => {
  it('wraps the package\'s Playwright content script between the recorder and the binding\'s removal', () => {
    const script = consentInitScript();
    expect(script).to.include('autoconsent already initialized');
    expect(script.indexOf('consentRecorder')).to.be.below(script.indexOf('autoconsent already initialized'));
    expect(script.lastIndexOf('hideBinding')).to.be.above(script.indexOf('autoconsent already initialized'));
  });
});
