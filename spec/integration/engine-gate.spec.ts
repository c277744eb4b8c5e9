import { expect } from 'chai';
import type { Response } from 'supertest';
import { EngineGate } from '../../lib/platform/capacity/gate.js';
import { systemClock } from '../../lib/platform/clock.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

describe('the engine gate against real Chromium', function () {
  this.timeout(60_000);
  // One place: every act after the first waits for it.
  const t = browserSuite({ '/': { body: html('Gate', '<h1>Ready</h1><p>A page to wait on.</p>') } }, 'pro', () => ({ gate: new EngineGate(1, systemClock) }));

  it('runs a queued act with its whole step allowance, counted from when it runs, not from when it was queued', async () => {
    const [first, second] = await Promise.all([t.create({ url: t.site.url('/') }), t.create({ url: t.site.url('/') })]);
    const order: string[] = [];
    const answered = (name: string) => (res: Response) => (order.push(name), res);
    // Holds the engine's one place for 2.5 s: longer than the queued act's wait may take (1 s, 2 s with its slack).
    const long = t.act(first.body.session_id as string, [{ wait: { ms: 2_500 } }]).then(answered('long'));
    for (let i = 0; i < 400 && t.service.registry.gateLoad.running === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const queued = t.act(second.body.session_id as string, [{ wait: { text: 'Ready', timeout: 1_000 } }]).then(answered('queued'));
    const [longRes, queuedRes] = await Promise.all([long, queued]);
    expect(order).to.deep.equal(['long', 'queued']);
    expect(longRes.body.error).to.equal(null);
    expect(queuedRes.status).to.equal(200);
    expect(queuedRes.body.error).to.equal(null);
    expect(queuedRes.body.completed).to.equal(1);
    expect(queuedRes.body.page.title).to.equal('Gate');
  });
});
