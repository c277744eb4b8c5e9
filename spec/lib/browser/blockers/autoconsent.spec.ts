import { expect } from 'chai';
import { Script } from 'node:vm';
import { asConsentMessage, consentKitScript, consentStart } from '../../../../lib/browser/blockers/autoconsent.js';
import { blockersBootScript } from '../../../../lib/browser/program.js';
import { requiredTexts, rulesFor, shippedRules } from '../../../../lib/browser/blockers/consent-rules.js';

describe('asConsentMessage()', () => {
  it('accepts the messages the node side acts on', () => {
    expect(asConsentMessage({ type: 'init', url: 'https://a.test/' })).to.deep.equal({ type: 'init', url: 'https://a.test/' });
    const done = { type: 'autoconsentDone', cmp: 'Onetrust', isCosmetic: false, url: 'https://a.test/' };
    expect(asConsentMessage(done)).to.equal(done);
  });

  it('accepts a document\'s request for the kit', () => {
    expect(asConsentMessage({ type: 'kit', url: 'https://a.test/' })).to.deep.equal({ type: 'kit', url: 'https://a.test/' });
    expect(asConsentMessage({ type: 'kit' })).to.equal(undefined);
  });

  it('accepts a request for the rules of a URL', () => {
    expect(asConsentMessage({ type: 'rules', url: 'https://www.ah.nl/' })).to.deep.equal({ type: 'rules', url: 'https://www.ah.nl/' });
    expect(asConsentMessage({ type: 'rules' })).to.equal(undefined);
  });

  it('drops anything else a page could send', () => {
    for (const value of [null, 'init', { type: 'eval', id: '1', code: 'x' }, { type: 'report' }, { type: 'autoconsentDone', url: 'u' }, { type: 'init' }]) {
      expect(asConsentMessage(value)).to.equal(undefined);
    }
  });
});

describe('the blockers\' start of every document', () => {
  const script = blockersBootScript(consentStart());

  it('boots the input watch, the consent recorder and its starter, then hides the binding; the kit itself is not in it', () => {
    expect(script).to.include('__tabwrightBlockers.boot(');
    expect(script).to.match(/delete window\[\w+\.binding\]/);
    expect(script).not.to.include('__tabwrightConsentKit');
    // The site rules travel only as their URL patterns.
    const { sitePatterns } = shippedRules();
    expect(sitePatterns.length).to.be.above(500);
    expect(script).to.include(JSON.stringify(sitePatterns[0]));
    // About 60 KB: the text every context sends its pages, and every document scans.
    expect(script.length).to.be.below(70_000);
  });

  it('leaves the kit, its opt-out config and the generic and frame rules to the kit script, which hands them only to a loader shown its token', () => {
    const kit = consentKitScript();
    const { base } = shippedRules();
    expect(kit).to.include('__tabwrightConsentKit.boot(');
    expect(kit).to.include('"autoAction":"optOut"');
    expect(kit).to.include(JSON.stringify(JSON.stringify(base)));
    expect(base.r.length).to.be.within(200, 260);
    const token = /boot\("([0-9a-f]{32})"/.exec(kit)?.[1];
    expect(token, 'the token the kit shows its loader').to.be.a('string');
    expect(consentStart().token).to.equal(token);
    expect(script).to.include(JSON.stringify(token));
    expect(() => new Script(kit)).not.to.throw();
  });

  it('starts autoconsent only in http(s) documents', () => {
    expect(script).to.include('/^https?:$/.test(location.protocol)');
  });

  it('hands the starter the sniff retries it is given', () => {
    expect(consentStart(2).retries).to.equal(2);
    expect(blockersBootScript(consentStart(2))).to.include('"retries":2');
  });

  it('compiles as a script', () => {
    expect(() => new Script(script)).not.to.throw();
  });
});

describe('shippedRules() and rulesFor()', () => {
  const { base, sitePatterns } = shippedRules();
  const names = (rules: { r: unknown[][] }): string[] => rules.r.map((rule) => rule[1] as string);

  it('gives a main frame on a site with its own rule that rule, besides the generic ones the script carries', () => {
    const narrowed = names(rulesFor('https://www.ah.nl/', true));
    expect(narrowed).to.include('ah.nl');
    for (const name of names(base).slice(0, 200)) expect(narrowed).to.include(name);
    expect(sitePatterns.some((pattern) => 'https://www.ah.nl/'.match(pattern) !== null)).to.equal(true);
  });

  it('matches no site pattern for a page of no known site, where the shipped rules are all there is', () => {
    expect(sitePatterns.some((pattern) => 'http://127.0.0.1:8080/form'.match(pattern) !== null)).to.equal(false);
    expect(names(rulesFor('http://127.0.0.1:8080/form', true))).to.not.include('ah.nl');
  });
});

describe('requiredTexts()', () => {
  it('gives, for each top-level alternative, the longest literal text it requires', () => {
    expect(requiredTexts('^https?://(www\\.)?telekom\\.hu/')).to.deep.equal(['telekom.hu/']);
    expect(requiredTexts('^https://(m|mbasic)\\.facebook\\.com/')).to.deep.equal(['.facebook.com/']);
    expect(requiredTexts('^https?://(www\\.)?galaxus\\.de/|^https?://(www\\.)?galaxus\\.fr/')).to.deep.equal(['galaxus.de/', 'galaxus.fr/']);
    // Optional and repeated characters, classes and escapes that are no character end a run.
    expect(requiredTexts('^https://shops?\\.example[a-z]+\\.com\\d/x')).to.deep.equal(['https://shop']);
    expect(requiredTexts('(a|b)+')).to.deep.equal(['']);
  });

  it('finds each text of every shipped site pattern in the URL of that site', () => {
    const { sitePatterns, siteTexts } = shippedRules();
    sitePatterns.forEach((pattern, i) => {
      for (const [j, alternative] of pattern.split(/\|(?=\^)/).entries()) {
        // The site's own URL, from the pattern's host part: `^https?://(www\.)?host/` → https://host/.
        const host = /^\^https\??:\/\/(?:\([^)]*\)\?)?([\w.\\-]+)\//.exec(alternative)?.[1];
        if (!host) continue;
        const url = `https://${host.replace(/\\/g, '')}/`;
        if (url.match(pattern) === null) continue;
        expect(url, pattern).to.include(siteTexts[i]![j]!);
      }
    });
  });
});
