import { expect } from 'chai';
import { Script } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { asConsentMessage, consentInitScript } from '../../../lib/blockers/autoconsent.js';

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

describe('consentInitScript()', () => {
  const script = consentInitScript();

  it('runs the recorder first, then the page-side kit with the opt-out config and the package rules, then hides the binding', () => {
    const recorder = script.indexOf('consentRecorder');
    const kit = script.indexOf('__tabwrightConsentKit.start(');
    expect(recorder).to.be.at.least(0);
    expect(kit).to.be.above(recorder);
    expect(script.lastIndexOf('hideBinding')).to.be.above(kit);
    expect(script).to.include('"autoAction":"optOut"');
    // The compact rules travel whole, gzipped (the kit unpacks them and narrows them to the document's URL).
    const packed = /atob\("([A-Za-z0-9+/=]+)"\)/.exec(script)?.[1] ?? '';
    const rules = JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as { r: unknown[] };
    expect(rules.r.length).to.be.above(500);
    expect(script.length).to.be.below(200_000);
  });

  it('starts autoconsent only in http(s) documents', () => {
    expect(script).to.match(/\/\^https\?:\$\/\.test\(location\.protocol\)/);
  });

  it('compiles as a script', () => {
    expect(() => new Script(script)).not.to.throw();
  });
});
