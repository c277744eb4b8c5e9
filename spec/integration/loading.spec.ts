import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { resetPasswordPage, shortNewsletterPage } from '../lib/browser/blockers/pages.js';
import { WIDGET_CASES } from '../lib/browser/captcha/widget-pages.js';
import { antiFlicker } from '../lib/browser/observe/loading-pages.js';

/** The body of the widget case whose name starts with `start`. */
const widgetCase = (start: string): string => {
  const found = WIDGET_CASES.find((c) => c.name.startsWith(start));
  if (!found) throw new Error(`no widget case ${start}`);
  return found.body;
};

describe('pages that look finished or blocked while they are not, through the API', function () {
  this.timeout(120_000);
  const t = browserSuite({
    '/unrendered': { body: widgetCase('an empty div.g-recaptcha in an article') },
    '/comments': { body: widgetCase("a reCAPTCHA rendered in an article's comment form") },
    '/flicker': { body: antiFlicker('html', 'opacity: 0 !important', 2_000) },
    '/short-newsletter': { body: shortNewsletterPage('labelled') },
    '/reset-password': { body: resetPasswordPage() },
  });
  const { create } = t;

  for (const [path, what] of [
    ['/unrendered', 'a reCAPTCHA that is not rendered'],
    ['/comments', "a reCAPTCHA in the comment form under the story"],
  ] as const) {
    it(`opens an article with ${what}, runs the steps asked for and reports the widget in the page`, async () => {
      const res = await create({ url: t.site.url(path), steps: [{ observe: { max_text_length: 200 } }] });
      expect(res.body.error).to.equal(null);
      expect(res.body.page.captcha).to.include({ kind: 'recaptcha', vendor: 'recaptcha' });
      expect(res.body.page.markdown.content).to.contain('Night ferry stays');
      expect(res.body.page.markdown.length.shown).to.be.at.most(200);
      expect(res.body.page.markdown.length.total).to.be.above(200);
    });
  }

  it('waits for a page an anti-flicker snippet hides, and answers its text', async () => {
    const res = await create({ url: t.site.url('/flicker') });
    expect(res.body.error).to.equal(null);
    expect(res.body.page.stable).to.equal(true);
    expect(res.body.page.markdown.content).to.contain('The ferry leaves the harbour at nine');
  });

  it('closes a newsletter dialog over a short page, and leaves a short page that is a dialog as it is', async () => {
    const promo = await create({ url: t.site.url('/short-newsletter') });
    const labels = (res: { body: { page: { interactive_elements: Array<{ label: string }> } } }): string[] =>
      res.body.page.interactive_elements.map((element) => element.label);
    expect(promo.body.blockers_dismissed).to.deep.equal(['popup']);
    expect(labels(promo)).to.not.include('Close');
    const own = await create({ url: t.site.url('/reset-password') });
    expect(own.body.blockers_dismissed).to.deep.equal([]);
    expect(labels(own)).to.include.members(['Close', 'Send link']);
  });
});
