import { expect } from 'chai';
import fc from 'fast-check';
import type { Engine } from '../../actors/engine.js';
import { sharedEngine } from '../support/browser.js';
import {
  MAX_NAME_LENGTH, MAX_SCRIPT_LENGTH, MAX_SELECTOR_LENGTH, MAX_TARGET_LENGTH, MAX_TYPED_LENGTH, MAX_URL_LENGTH, MAX_VALUE_LENGTH,
} from '../../lib/contract/text.js';
import { startService, type Service } from '../support/service.js';
import { html, TestSite } from '../support/site.js';

// Seeded, so every run tries the same bodies; FUZZ_RUNS and FUZZ_SEED explore further by hand.
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);

/** Lengths around `bound`: short, just under, at, just over, and the sizes a fuzz run once got 500s for (49 to 137 KB). */
const lengthNear = (bound: number): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer({ min: 1, max: 40 }),
    fc.integer({ min: Math.max(1, bound - 20), max: bound }),
    fc.integer({ min: bound + 1, max: bound + 20 }),
    fc.integer({ min: 48_000, max: 140_000 }),
  );
const letters = (bound: number): fc.Arbitrary<string> => lengthNear(bound).map((n) => 'é'.repeat(n % 7) + 'a'.repeat(Math.max(0, n - (n % 7))));

describe('create and act bodies with long strings on real Chromium (property)', function () {
  this.timeout(600_000);
  let engine: Engine;
  let service: Service;
  let site: TestSite;
  let auth: { Authorization: string };
  before(async () => {
    site = await TestSite.start({
      '/form': {
        body: html(
          'Form',
          '<main><h1>Form</h1><form action="/form"><label>Name <input name="name"></label> <label>Photo <input type="file" name="photo"></label>' +
            '<label>Size <select name="size"><option>S</option><option>M</option></select></label> <button>Send</button></form></main>',
        ),
      },
      '/file.txt': { type: 'text/plain', body: 'a file' },
    });
    engine = await sharedEngine();
    service = startService({ engine });
    auth = { Authorization: `Bearer ${service.key('scale')}` };
  });
  after(async () => {
    await service.stop();
    await site.stop();
  });

  it(`answers no 5xx and names the field of every 400 (${RUNS} bodies, seed ${SEED})`, async () => {
    const pageUrl = (bound: number) => lengthNear(bound).map((n) => `${site.url('/form')}?q=${'a'.repeat(Math.max(0, n - site.url('/form?q=').length))}`);
    const step = fc.oneof(
      pageUrl(MAX_URL_LENGTH).map((url) => ({ goto: { url, wait_timeout: 500 } })),
      letters(MAX_SELECTOR_LENGTH).map((selector) => ({ wait: { selector, timeout: 200 } })),
      letters(MAX_TARGET_LENGTH).map((text) => ({ click: { text } })),
      letters(MAX_TARGET_LENGTH).map((label) => ({ upload: { label, files: [site.url('/file.txt')] } })),
      letters(MAX_VALUE_LENGTH).map((value) => ({ fill: { label: 'Name', value } })),
      letters(MAX_TYPED_LENGTH).map((value) => ({ type: { label: 'Name', value: value.slice(0, 40), delay: 0 } })),
      letters(MAX_VALUE_LENGTH).map((value) => ({ select: { label: 'Size', value } })),
      letters(MAX_SCRIPT_LENGTH).map((code) => ({ execute_js: { code: `return ${JSON.stringify(code)}.length`, timeout: 500 } })),
      letters(MAX_NAME_LENGTH).map((name) => ({ extract: { [name]: 'h1 >> text' } })),
      letters(MAX_VALUE_LENGTH).map((value) => ({ fill_form: { fields: { Name: value } } })),
      letters(MAX_SELECTOR_LENGTH).map((scope) => ({ observe: { scope } })),
    );
    const body = fc.record({ url: fc.oneof(fc.constant(site.url('/form')), pageUrl(MAX_URL_LENGTH)), steps: fc.array(step, { minLength: 1, maxLength: 2 }) });
    await fc.assert(
      fc.asyncProperty(body, async (create) => {
        const res = await service.http.post('/v1/sessions').set(auth).set('Content-Type', 'application/json').send(JSON.stringify(create));
        const answer = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, answer).to.be.below(500);
        if (res.status >= 400) {
          expect(res.body.error.code, answer).to.equal('invalid_request');
          expect(res.body.error.context.path, answer).to.be.a('string').that.is.not.empty;
          return;
        }
        const id = res.body.session_id as string;
        // The same steps once more, as an act of the live session.
        const act = await service.http.post(`/v1/sessions/${id}/act`).set(auth).set('Content-Type', 'application/json').send(JSON.stringify({ steps: create.steps }));
        expect(act.status, `${act.status} ${JSON.stringify(act.body).slice(0, 300)}`).to.be.below(500);
        expect([204, 404]).to.include((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    await service.registry.settled();
    expect(service.registry.size).to.equal(0);
  });
});
