import { expect } from 'chai';
import { describeEvent } from '../../dashboard/timeline.js';

const at = '2026-11-24T10:00:00.000Z';

describe('dashboard describeEvent', () => {
  it('shows a step with its outcome and duration', () => {
    const row = describeEvent({ id: 4, at, type: 'step', act_id: 'act_1', index: 0, step: 'wait', params: { ms: 1000 }, duration_ms: 1003, ok: true });
    expect(row).to.deep.equal({ what: 'step 0: wait {"ms":1000}', outcome: 'ok · 1.0 s', failed: false });
  });

  it('makes a failed step and a failed act stand out with the error', () => {
    const step = describeEvent({ id: 5, at, type: 'step', act_id: 'act_1', index: 1, step: 'click', params: { text: 'Go' }, duration_ms: 12, ok: false, error: { code: 'element_not_found', message: 'No visible element' } });
    expect(step).to.deep.equal({ what: 'step 1: click {"text":"Go"}', outcome: 'element_not_found: No visible element · 12 ms', failed: true });
    const act = describeEvent({ id: 6, at, type: 'act.finished', act_id: 'act_1', ok: false, duration_ms: 40, error: { code: 'element_not_found', message: 'No visible element' } });
    expect(act?.failed).to.equal(true);
    expect(describeEvent({ id: 7, at, type: 'page.error', message: 'boom' })?.failed).to.equal(true);
  });

  it('shows CDP clients coming and going, with the close code and how long they stayed', () => {
    expect(describeEvent({ id: 8, at, type: 'cdp.connected', connection: 1 })).to.deep.equal({ what: 'CDP client 1 connected', outcome: '', failed: false });
    expect(describeEvent({ id: 9, at, type: 'cdp.disconnected', connection: 1, duration_ms: 2500, code: 4000, reason: 'session closed' })).to.deep.equal({
      what: 'CDP client 1 left: session closed',
      outcome: '4000 · 2.5 s',
      failed: false,
    });
  });

  it('shows the device a session emulates, with its viewport, scale and touch', () => {
    expect(describeEvent({ id: 2, at, type: 'device', name: 'Pixel 7', width: 412, height: 839, scale: 2.625, mobile: true, touch: true })).to.deep.equal({
      what: 'emulates Pixel 7, 412×839 at 2.625×, mobile, touch',
      outcome: '',
      failed: false,
    });
    expect(describeEvent({ id: 2, at, type: 'device', name: 'Desktop Chrome HiDPI', width: 1280, height: 720, scale: 2, mobile: false, touch: false })!.what).to.equal('emulates Desktop Chrome HiDPI, 1280×720 at 2×');
  });

  it('shows tabs opening, closing and refused past the bound, a refusal or a background crash standing out', () => {
    expect(describeEvent({ id: 10, at, type: 'tab.opened', tab: 't2', url: 'https://example.com/signin', opener: 't1' })).to.deep.equal({ what: 'tab t2 opened by t1: https://example.com/signin', outcome: '', failed: false });
    expect(describeEvent({ id: 11, at, type: 'tab.closed', tab: 't2', reason: 'page' })).to.deep.equal({ what: 'tab t2 closed (page)', outcome: '', failed: false });
    expect(describeEvent({ id: 12, at, type: 'tab.closed', tab: 't3', reason: 'crashed' })?.failed).to.equal(true);
    expect(describeEvent({ id: 13, at, type: 'tab.refused', url: 'https://example.com/ad', opener: 't1', max: 10 })).to.deep.equal({ what: 'tab refused: https://example.com/ad opened by t1', outcome: 'over 10 tabs', failed: true });
  });

  it('shows a kept download with its type and size, and a cut one as a failure with why', () => {
    const download = { id: 'dl_1', name: 'q3.csv', mime: 'text/csv', bytes: 2048, url: 'https://a.test/q3', complete: true };
    const kept = describeEvent({ id: 10, at, type: 'download.completed', download });
    expect(kept).to.include({ what: 'downloaded q3.csv (text/csv)', failed: false });
    expect(kept?.outcome).to.equal('2.0 KB');
    const cut = describeEvent({ id: 11, at, type: 'download.cut', download: { ...download, complete: false }, reason: 'file_too_large' });
    expect(cut).to.include({ what: 'download q3.csv cut: file_too_large', failed: true });
  });

  it('leaves transitions to the chart', () => {
    expect(describeEvent({ id: 1, at, type: 'transition', from: null, to: 'active.idle', event: 'xstate.init' })).to.equal(null);
  });
});
