import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { READ_LIMIT_MS, RECOVERY_MS } from '../../lib/browser/deadline.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

/** A loop that never yields, as a wait's expression or a page's script writes it. */
const LOOP = '(()=>{for(;;){}})()';
/** Allocation without bound, in the JavaScript heap the renderer's cap applies to. */
const ALLOCATE = 'const kept = []; for (;;) kept.push(new Array(1e6).fill(1.5));';
/** What the page itself may take to load and be observed once it answers, on a busy test machine. */
const PAGE_MS = 2_000;
/**
 * The navigation limit of the sessions that meet a page looping before DOMContentLoaded: the
 * 30 s default would only make the test wait (the driver's limits), and 3 s is still
 * well past what a local page takes to start.
 */
const SHORT_NAVIGATION_MS = 3_000;

/**
 * Pages whose main thread never yields or whose renderer runs out of memory: every answer comes
 * within the limits the request set (or the fixed caps) plus the deadline's recovery time, the
 * session ends failed only when the page is gone, and a failed page's session is billed, not refunded.
 */
describe('a runaway page (issue 12, items 2 and 3)', function () {
  this.timeout(90_000);
  let navigationLimitMs: number | undefined;
  const t = browserSuite({
    '/plain': { body: html('Plain', '<main><h1>Plain page</h1><p>Nothing runs here.</p></main>') },
    '/before-load': { body: html('Before load', `<p>Parsing stops here.</p><script>${LOOP}</script><p>Parsed after the loop was stopped.</p>`) },
    '/after-load': { body: html('After load', `<main><h1>Loaded</h1></main><script>addEventListener('load', () => setTimeout(() => ${LOOP}, 50))</script>`) },
    '/forever': { body: html('Forever', `<main><h1>Loops again</h1></main><script>addEventListener('load', () => setInterval(() => ${LOOP}, 0))</script>`) },
    '/allocates': { body: html('Allocates', `<main><h1>Grows</h1></main><script>addEventListener('load', () => setTimeout(() => { ${ALLOCATE} }, 1500))</script>`) },
  }, 'pro', () => ({ limits: { navigationMs: navigationLimitMs } }));

  const timed = async <T>(request: () => PromiseLike<T>): Promise<{ res: T; ms: number }> => {
    const started = Date.now();
    const res = await request();
    return { res, ms: Date.now() - started };
  };
  const open = async (path: string): Promise<string> => {
    const res = await t.create({ url: t.site.url(path), timeout: 120 });
    expect(res.status).to.equal(201);
    expect(res.body.error).to.equal(null);
    return res.body.session_id as string;
  };
  const info = async (id: string) => (await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).body;
  /** The session's ledger entries: what it was debited and whether it was refunded. */
  const ledger = (id: string) => {
    const accountId = t.service.store.sync.getSession(id)!.accountId;
    return t.service.store.sync.ledgerEntries(accountId).filter((entry) => entry.sessionId === id);
  };
  const expectBilledNotRefunded = (id: string, seconds: number): void => {
    const entries = ledger(id);
    expect(entries.map((entry) => entry.kind)).to.deep.equal(['debit']);
    expect(entries[0]!.runtime).to.equal(seconds);
    expect(entries[0]!.amount).to.be.at.least(1);
  };
  const stillWorks = async (id: string): Promise<void> => {
    const res = await t.act(id, [{ execute_js: { code: 'return document.title' } }]);
    expect(res.body.error).to.equal(null);
    expect((await info(id)).status).to.equal('active');
  };

  it('stops a wait whose expression never yields at its timeout; the session goes on', async () => {
    const id = await open('/plain');
    const { res, ms } = await timed(() => t.act(id, [{ wait: { until: LOOP, timeout: 2_000 } }]));
    expect(ms).to.be.below(2_000 + RECOVERY_MS);
    expect(res.status).to.equal(200);
    expect(res.body.error).to.include({ code: 'action_failed', action: 'wait' });
    expect(res.body.error.context.reason).to.equal('timeout');
    expect(res.body.error.message).to.contain('was stopped');
    expect(res.body.page.title).to.equal('Plain');
    await stillWorks(id);
  });

  it('stops a goto whose wait_until never yields at its wait_timeout; the session goes on', async () => {
    const id = await open('/plain');
    const { res, ms } = await timed(() => t.act(id, [{ goto: { url: t.site.url('/plain'), wait_until: LOOP, wait_timeout: 2_000 } }]));
    expect(ms).to.be.below(PAGE_MS + 2_000 + RECOVERY_MS);
    expect(res.body.error).to.include({ code: 'navigation_failed', action: 'goto' });
    expect(res.body.error.context.reason).to.equal('wait_timeout');
    expect(res.body.error.message).to.contain('was stopped');
    expect(res.body.page.title).to.equal('Plain');
    await stillWorks(id);
  });

  it('answers a create whose page loops right after load within the read limit, the page recovered', async () => {
    const { res, ms } = await timed(() => t.create({ url: t.site.url('/after-load'), timeout: 120 }));
    expect(ms).to.be.below(READ_LIMIT_MS + RECOVERY_MS + PAGE_MS);
    expect(res.status).to.equal(201);
    expect(res.body.error).to.equal(null);
    expect(res.body.page.title).to.equal('After load');
    await stillWorks(res.body.session_id);
  });

  it('closes a page that loops again as soon as it is stopped: the session fails page_unresponsive and is billed', async () => {
    const { res, ms } = await timed(() => t.create({ url: t.site.url('/forever'), timeout: 120 }));
    expect(ms).to.be.below(READ_LIMIT_MS + RECOVERY_MS + PAGE_MS);
    expect(res.status).to.equal(201);
    expect(res.body.error).to.include({ step: 0, action: 'goto', code: 'page_unresponsive' });
    expect(res.body.page).to.equal(null);
    const session = await info(res.body.session_id);
    expect(session).to.include({ status: 'failed', error_code: 'page_unresponsive' });
    expect(session.error_message).to.equal(res.body.error.message);
    expectBilledNotRefunded(res.body.session_id, session.usage.seconds);
    const next = await t.act(res.body.session_id, [{ wait: { ms: 1 } }]);
    expect(next.status).to.equal(404);
  });

  it('ends the session page_crashed when execute_js allocates without bound, long before its timeout', async () => {
    const id = await open('/plain');
    const { res, ms } = await timed(() => t.act(id, [{ execute_js: { code: ALLOCATE, timeout: 30_000 } }]));
    // The renderer's heap cap crashes it within seconds, not at the step's 30 s.
    expect(ms).to.be.below(20_000);
    expect(res.status).to.equal(200);
    expect(res.body.error).to.include({ step: 0, action: 'execute_js', code: 'page_crashed' });
    expect(res.body.page).to.equal(null);
    const session = await info(id);
    expect(session).to.include({ status: 'failed', error_code: 'page_crashed' });
    expectBilledNotRefunded(id, session.usage.seconds);
    expect((await t.act(id, [{ wait: { ms: 1 } }])).status).to.equal(404);
  });

  it('ends an idle session page_crashed as soon as its page runs out of memory, billed up to the crash', async () => {
    const started = Date.now();
    const id = await open('/allocates');
    let session = await info(id);
    for (let waited = 0; session.status === 'active' && waited < 20_000; waited += 100) {
      await sleep(100);
      session = await info(id);
    }
    const seen = Date.now() - started;
    expect(session).to.include({ status: 'failed', error_code: 'page_crashed' });
    expect(session.duration_seconds).to.be.at.most(Math.ceil(seen / 1000));
    expectBilledNotRefunded(id, session.usage.seconds);
    expect((await t.act(id, [{ wait: { ms: 1 } }])).status).to.equal(404);
  });

  it('answers an act under way with page_crashed when the page runs out of memory, not at its limit', async () => {
    const id = await open('/allocates');
    const { res, ms } = await timed(() => t.act(id, [{ wait: { ms: 30_000 } }]));
    expect(ms).to.be.below(20_000);
    expect(res.status).to.equal(200);
    expect(res.body.error).to.include({ step: 0, action: 'wait', code: 'page_crashed' });
    const session = await info(id);
    expect(session).to.include({ status: 'failed', error_code: 'page_crashed' });
    expectBilledNotRefunded(id, session.usage.seconds);
  });

  describe(`with a navigation limit of ${SHORT_NAVIGATION_MS / 1000} s`, () => {
    before(() => (navigationLimitMs = SHORT_NAVIGATION_MS));
    after(() => (navigationLimitMs = undefined));

    it('answers a create whose page loops before DOMContentLoaded at the navigation limit, the page recovered', async () => {
      const { res, ms } = await timed(() => t.create({ url: t.site.url('/before-load'), timeout: 120 }));
      // Not sooner than the limit: the navigation was held to it, not failed for another reason.
      expect(ms).to.be.at.least(SHORT_NAVIGATION_MS);
      expect(ms).to.be.below(SHORT_NAVIGATION_MS + RECOVERY_MS + PAGE_MS);
      expect(res.status).to.equal(201);
      expect(res.body.error).to.include({ step: 0, code: 'navigation_failed', action: 'goto' });
      expect(res.body.error.context.reason).to.equal('timeout');
      expect(res.body.error.message).to.contain('was stopped');
      // The loop was stopped, so the parser went on.
      expect(res.body.page.markdown.content).to.contain('Parsed after the loop was stopped.');
      await stillWorks(res.body.session_id);
    });
  });
});
