// Playwright's failures as action_failed sentences. The messages are shaped as Playwright 1.5x
// words them (call log lines coloured when it thinks a terminal reads them), captured from real
// failures on Chromium; spec/integration/interact.spec.ts checks two against the real thing.
import { expect } from 'chai';
import { errors } from 'playwright';
import { actionFailure } from '../../../../../lib/browser/act/targeting/failure.js';

const dim = (line: string): string => `\x1b[2m${line}\x1b[22m`;

/** A TimeoutError of `api` after `ms`, whose call log repeats `lines` as auto-wait retries. */
function timeout(api: string, ms: number, lines: string[]): Error {
  const attempt = ['  - attempting action', '    2 × waiting for element to be visible, enabled and stable', ...lines.map((line) => `      - ${line}`), '    - retrying action', '      - waiting 100ms'];
  return new errors.TimeoutError([`${api}: Timeout ${ms}ms exceeded.`, 'Call log:', ...[...attempt, ...attempt].map(dim)].join('\n'));
}

const failure = (what: string, error: Error) => {
  const { code, message, context } = actionFailure(what, error);
  return { code, message, context };
};

describe('action_failed messages (actionFailure)', () => {
  /** [reason, step, Playwright's error, the sentence]. */
  const cases: Array<[string, string, Error, string]> = [
    ['disabled', 'click', timeout('elementHandle.click', 5000, ['element is not enabled']), 'click failed: the element is disabled and did not become enabled within 5 s'],
    ['not_editable', 'fill', timeout('elementHandle.fill', 5000, ['element is not editable']), 'fill failed: the element did not become editable within 5 s'],
    [
      'covered', 'click',
      timeout('elementHandle.click', 5000, ['element is visible, enabled and stable', 'scrolling into view if needed', 'done scrolling', '<div class="overlay">cover</div> intercepts pointer events']),
      'click failed: another element covers it (<div class="overlay">cover</div>)',
    ],
    [
      'covered', 'check',
      timeout('elementHandle.setChecked', 5000, ['<span>Close</span> from <div id="modal">…</div> subtree intercepts pointer events']),
      'check failed: another element covers it (<span>Close</span> from <div id="modal">…</div> subtree)',
    ],
    ['detached', 'click', new Error('elementHandle.click: Element is not attached to the DOM\nCall log:\n    - waiting for element to be visible, enabled and stable'), 'click failed: the element was removed from the page'],
    ['detached', 'type', timeout('elementHandle.type', 5000, ['element is not attached to the DOM']), 'type failed: the element was removed from the page'],
    ['not_visible', 'scroll', timeout('elementHandle.scrollIntoViewIfNeeded', 5000, ['element is not visible']), 'scroll failed: the element did not become visible within 5 s'],
    [
      'not_visible', 'click',
      timeout('elementHandle.click', 5000, ['element is visible, enabled and stable', 'scrolling into view if needed', 'done scrolling', 'element is outside of the viewport']),
      'click failed: the element is outside the page and could not be scrolled into view within 5 s',
    ],
    ['not_stable', 'click', timeout('elementHandle.click', 1500, ['element is not stable']), 'click failed: the element kept moving and did not come to rest within 1.5 s'],
    ['timeout', 'upload', timeout('elementHandle.setInputFiles', 60_000, []), 'upload failed: it did not finish within 60 s'],
    ['timeout', 'extract', new errors.TimeoutError('page.waitForFunction: Timeout 10000ms exceeded.'), 'extract failed: it did not finish within 10 s'],
    [
      'error', 'fill',
      new Error('elementHandle.fill: Error: Element is not an <input>, <textarea>, <select> or [contenteditable] and does not have a role allowing [aria-readonly]\nCall log:\n  - fill("y")'),
      'fill failed: the element is not an <input>, <textarea>, <select> or [contenteditable] and does not have a role allowing [aria-readonly]',
    ],
    ['error', 'check', new Error('elementHandle.setChecked: Error: Not a checkbox or radio button'), 'check failed: not a checkbox or radio button'],
    ['error', 'screenshot', new Error(''), 'screenshot failed: it failed without saying why'],
  ];
  for (const [reason, what, error, sentence] of cases) {
    it(`says "${sentence}" with reason ${reason}`, () => {
      expect(failure(what, error)).to.deep.equal({ code: 'action_failed', message: sentence, context: { reason } });
    });
  }

  it('takes the reason from the newest call log line that gives one', () => {
    const moved = timeout('elementHandle.click', 5000, ['element is not visible', 'element is visible, enabled and stable', 'element is not stable', 'done scrolling']);
    expect(failure('click', moved).context).to.deep.equal({ reason: 'not_stable' });
  });

  it('shortens a long description of what covers the element', () => {
    const cover = `<div class="${'x'.repeat(400)}">`;
    const { message } = failure('click', timeout('elementHandle.click', 5000, [`${cover} intercepts pointer events`]));
    expect(message).to.have.length.below(260).and.to.match(/^click failed: another element covers it \(<div class="x+…\)$/);
  });
});
