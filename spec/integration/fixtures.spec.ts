import { expect } from 'chai';
import { chromium } from 'playwright';
import { Engine } from '../../actors/engine.js';
import { CHROMIUM_ARGS } from '../../lib/platform/config/index.js';
import { testChromium } from '../support/chromium.js';
import { startService, type Service } from '../support/service.js';
import { pageExpected, pageSource, realPages } from '../support/pages.js';
import { TestSite } from '../support/site.js';
import { expectedText, median, precision, recall, words } from '../support/words.js';

const MIN_RECALL = 0.9;
const MIN_PRECISION = 0.7;
// The pages' absolute URLs name real hosts. Every name but the local site's fails resolution at
// once, as it would on a closed network with a quick resolver; a resolver slow to say no (1 to 8 s
// per batch here) would only make the loads slow and the run depend on the machine's DNS.
const NO_DNS = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1';

/** The 24 saved real pages (Readability's test pages, spec/fixtures/pages). */
const pages = realPages();

interface Figures {
  recall: number;
  precision: number;
  expected: number;
  actual: number;
  bytes: number;
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`.padStart(7);

describe('observation of the real pages in spec/fixtures/pages', function () {
  this.timeout(60_000);
  const figures = new Map<string, Figures>();
  let engine: Engine;
  let site: TestSite;
  let service: Service;
  let auth: { Authorization: string };

  before(async () => {
    // Each page at /NAME/, so its relative links stay under its own folder; anything else is a quick 404.
    site = await TestSite.start(Object.fromEntries(pages.map((name) => [`/${name}/`, { body: pageSource(name) }])));
    engine = new Engine({
      launch: () => chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS, NO_DNS], headless: true }),
    });
    await engine.start();
    service = startService({ engine });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  after(async () => {
    await service?.stop();
    await engine?.stop();
    await site?.stop();
  });

  const create = (body: object) => service.http.post('/v1/sessions').set(auth).send(body);
  const act = (id: string, steps: unknown[]) => service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps });
  const close = (id: string) => service.http.delete(`/v1/sessions/${id}`).set(auth);

  for (const name of pages) {
    describe(name, () => {
      let id: string | undefined;
      after(async () => {
        if (id) await close(id);
      });

      it('observes in main mode without error, with markdown, and is measured against expected.html', async () => {
        const res = await create({ url: site.url(`/${name}/`) });
        expect(res.status).to.equal(201);
        id = res.body.session_id as string;
        expect(res.body.error).to.equal(null);
        const content = res.body.page?.markdown?.content as string | undefined;
        expect(content, 'page.markdown.content').to.be.a('string').and.not.equal('');
        const expected = words(expectedText(pageExpected(name)));
        const actual = words(content!);
        figures.set(name, {
          recall: recall(expected, actual),
          precision: precision(expected, actual),
          expected: expected.length,
          actual: actual.length,
          bytes: Buffer.byteLength(content!),
        });
      });

      it('observes in full mode without error', async () => {
        id ??= (await create({ url: site.url(`/${name}/`) })).body.session_id as string;
        const res = await act(id, [{ observe: { mode: 'full' } }]);
        expect(res.status).to.equal(200);
        expect(res.body.error).to.equal(null);
        expect(res.body.completed).to.equal(1);
        expect(res.body.page?.markdown?.content).to.be.a('string').and.not.equal('');
      });
    });
  }

  describe('over all pages', () => {
    it(`holds the article on the median page: recall ≥ ${MIN_RECALL}, precision ≥ ${MIN_PRECISION} (word occurrences)`, () => {
      const lines = [...figures].map(
        ([name, f]) =>
          `${name.padEnd(20)}${percent(f.recall)}${percent(f.precision)}${String(f.expected).padStart(9)}${String(f.actual).padStart(9)}${String(f.bytes).padStart(9)}`,
      );
      const recalls = [...figures.values()].map((f) => f.recall);
      const precisions = [...figures.values()].map((f) => f.precision);
      console.log(
        [
          `      ${'page'.padEnd(20)} recall  precis. expected   actual    bytes`,
          ...lines.map((line) => `      ${line}`),
          `      ${'median'.padEnd(20)}${percent(median(recalls))}${percent(median(precisions))}`,
        ].join('\n'),
      );
      const missing = pages.filter((name) => !figures.has(name));
      expect(missing, 'pages that could not be observed').to.deep.equal([]);
      expect(median(recalls), 'median recall').to.be.at.least(MIN_RECALL);
      expect(median(precisions), 'median precision').to.be.at.least(MIN_PRECISION);
    });
  });
});
