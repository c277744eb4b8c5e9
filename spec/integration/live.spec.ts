import { expect } from 'chai';
import { KEY_NAMES } from '../../lib/contract/request/keyboard.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';
import { openSse, type SseReader } from '../support/sse.js';

const FIELD_PAGE = html('Form', '<h1>Sign in</h1><label>Name <input id="name" style="margin: 120px 0 0 200px; width: 300px; height: 40px"></label>');
// Something repaints all the time, so the screencast has frames to send as fast as it may.
const MOVING_PAGE = html('Moving', '<h1 id="n">0</h1><script>let n = 0; setInterval(() => { document.getElementById("n").textContent = String(++n); }, 16)</script>');

describe('live view and takeover in real Chromium', function () {
  this.timeout(60_000);
  const t = browserSuite({
    '/form': { body: FIELD_PAGE },
    '/moving': { body: MOVING_PAGE },
    '/next': { body: html('Next', '<h1 style="font-size: 80px">Next page</h1>') },
  });
  const post = (id: string, route: string, body?: object) => t.service.http.post(`/v1/sessions/${id}/${route}`).set(t.auth).send(body);
  const live = async (id: string): Promise<SseReader> => openSse(`${await t.service.listen()}/v1/sessions/${id}/live`, t.auth);
  const frameOf = async (stream: SseReader) => JSON.parse((await stream.nextOf('frame')).data) as { data: string; width: number; height: number };
  const metric = async (name: 'screencasts' | 'liveFrames' | 'liveViewers'): Promise<number> => (await t.service.telemetry.metrics[name].get()).values[0]?.value ?? 0;

  it('streams JPEG frames; a person clicks the field and types, and the act that waited for the handback sees the value', async () => {
    const id = (await t.create({ url: t.site.url('/form') })).body.session_id as string;
    const boxRead = await t.act(id, [{ execute_js: { code: 'const r = document.getElementById("name").getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }', result_key: 'box' } }]);
    const box = boxRead.body.extraction.box as { x: number; y: number };

    const stream = await live(id);
    expect(JSON.parse((await stream.nextOf('state')).data)).to.deep.equal({ state: 'active.idle' });
    const frame = await frameOf(stream);
    const jpeg = Buffer.from(frame.data, 'base64');
    expect([...jpeg.subarray(0, 2)]).to.deep.equal([0xff, 0xd8]);
    expect({ width: frame.width, height: frame.height }).to.deep.equal({ width: 1280, height: 720 });

    expect((await post(id, 'takeover')).body).to.deep.equal({ session_id: id, state: 'human' });
    expect(JSON.parse((await stream.nextOf('state')).data)).to.deep.equal({ state: 'active.human' });
    const typed = await post(id, 'input', { events: [{ type: 'mouse', action: 'click', x: box.x, y: box.y }, { type: 'text', text: 'Ada Lovelace' }] });
    expect(typed.body).to.deep.equal({ applied: 2 });

    const refused = await t.service.http.post(`/v1/sessions/${id}/act`).set(t.auth).set('Prefer', 'wait=0').send({ steps: [{ observe: {} }] });
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('session_busy');

    let handedBack = false;
    const waiting = t.act(id, [{ observe: {} }]).then((res) => ({ res, afterHandback: handedBack }));
    const session = t.service.registry.find(id, t.service.store.sync.getSession(id)?.keyId ?? '');
    for (let i = 0; i < 200 && session?.queued !== 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(session?.queued).to.equal(1);
    handedBack = true;
    expect((await post(id, 'handback')).body).to.deep.equal({ session_id: id, state: 'running' });
    const { res, afterHandback } = await waiting;
    expect(afterHandback).to.equal(true);
    const field = (res.body.page.interactive_elements as Array<{ label: string; value?: string }>).find((element) => element.label === 'Name');
    expect(field?.value).to.equal('Ada Lovelace');
    stream.close();
  });

  it('holds frames to 10 a second, follows a navigation, fans out to two viewers and stops the screencast when the last one leaves', async () => {
    const id = (await t.create({ url: t.site.url('/moving') })).body.session_id as string;
    const first = await live(id);
    await frameOf(first);
    const start = Date.now();
    let frames = 0;
    while (Date.now() - start < 2_000) {
      await frameOf(first);
      frames++;
    }
    // At most 10 a second (21 allows a frame either side of the window); a busy machine may paint fewer, not none.
    expect(frames).to.be.within(1, 21);

    const second = await live(id);
    await frameOf(second);
    expect(await metric('screencasts')).to.equal(1);
    expect(await metric('liveViewers')).to.equal(2);

    expect((await t.act(id, [{ goto: { url: t.site.url('/next') } }])).status).to.equal(200);
    // Both viewers go on getting frames of the page after the navigation (the frame that follows it is new).
    await frameOf(first);
    await frameOf(second);

    first.close();
    second.close();
    for (let i = 0; i < 200 && (await metric('screencasts')) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await metric('screencasts')).to.equal(0);
    expect(await metric('liveViewers')).to.equal(0);
    const stopped = await metric('liveFrames');
    // The moving page would have sent a handful of frames by now if the screencast still ran.
    await t.act(id, [{ goto: { url: t.site.url('/moving') } }, { wait: { ms: 700 } }]);
    expect(await metric('liveFrames')).to.equal(stopped);
  });

  it('accepts every key name the input codec allows', async () => {
    const id = (await t.create({ url: t.site.url('/next') })).body.session_id as string;
    await post(id, 'takeover');
    // Presses each name: Playwright throws "Unknown key" for a name it does not know, which would answer 500.
    const names = [...KEY_NAMES];
    for (let i = 0; i < names.length; i += 100) {
      const res = await post(id, 'input', { events: names.slice(i, i + 100).map((key) => ({ type: 'key', action: 'press', key })) });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    expect((await post(id, 'input', { events: [{ type: 'key', action: 'press', key: 'Shift+Tab' }, { type: 'key', action: 'press', key: 'ControlOrMeta++' }] })).status).to.equal(200);
  });
});
