import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STABLE_CAP_MS } from '../../lib/browser/observe/observer.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

/**
 * A clock that redraws its element every 100 ms (a new element is no animation) and a poll every
 * 100 ms: the page never passes the stability check, even with its timers late on a busy machine.
 */
const NEVER_QUIET = `<p>Time: <span id="clock"></span></p>
  <script>
    setInterval(() => { const now = document.createElement('time'); now.textContent = new Date().toISOString(); document.getElementById('clock').replaceChildren(now); }, 100);
    setInterval(() => fetch('/poll').then((r) => r.text()), 100);
  </script>`;

const COUNTER = html(
  'Counter',
  `<h1>Counter</h1>${NEVER_QUIET}
   <button onclick="count.textContent = String(Number(count.textContent) + 1)">Add one</button><p>Count: <output id="count">0</output></p>`,
);

/** Deleting shows an Undo toast for 2 s: less than one stability cap. */
const TOAST = html(
  'Mail',
  `<h1>Inbox</h1>${NEVER_QUIET}
   <p id="mail">A message</p><button id="delete">Delete</button>
   <script>
     document.getElementById('delete').onclick = () => {
       const mail = document.getElementById('mail');
       mail.textContent = 'Deleted';
       const undo = document.createElement('button');
       undo.textContent = 'Undo';
       undo.onclick = () => { mail.textContent = 'Restored'; };
       document.body.append(undo);
       setTimeout(() => undo.remove(), 2000);
     };
   </script>`,
);

/** Step 1's fetch answers after 300 ms; only then is the button step 2 clicks added. */
const DETAILS = html(
  'Details',
  `<h1>Order</h1>
   <button onclick="fetch('/details').then((r) => r.json()).then((d) => {
     const b = document.createElement('button'); b.textContent = d.action;
     b.onclick = () => { result.textContent = 'Confirmed ' + d.id; }; document.body.append(b); })">Load details</button>
   <p id="result"></p>`,
);

/** A dialog that opens 400 ms after its button, on a page that never goes quiet. */
const DIALOG = html(
  'Profile',
  `<h1>Profile</h1>${NEVER_QUIET}
   <button onclick="this.textContent = 'Opening…'; setTimeout(() => { dialog.showModal(); }, 400)">Edit name</button>
   <dialog id="dialog"><label>New name <input id="name"></label>
     <button onclick="saved.textContent = 'Saved ' + document.getElementById('name').value; dialog.close()">Save</button></dialog>
   <p id="saved"></p>`,
);

/** A login that answers by fetch and then moves on by script; the next page is slow to answer. */
const LOGIN = html(
  'Sign in',
  `<h1>Sign in</h1>
   <button onclick="fetch('/login', { method: 'POST' }).then((r) => r.json()).then((d) => { location.href = d.next; })">Sign in</button>`,
);
const HOME = html(
  'Home',
  `<h1>Welcome back</h1><p id="inbox"></p>
   <script>fetch('/messages').then((r) => r.text()).then((t) => {
     const b = document.createElement('button'); b.textContent = 'Open inbox'; b.onclick = () => { inbox.textContent = t; }; document.body.append(b); })</script>`,
);

/** A username whose server-side check (200 ms) disables and empties the field. */
const CHECKED = html(
  'Sign up',
  `<h1>Sign up</h1>
   <label>Username <input id="user" onchange="fetch('/taken').then((r) => r.text()).then(() => { this.value = ''; this.disabled = true; })"></label>`,
);

const later = (ms: number, type: string, body: string) => (_req: IncomingMessage, res: ServerResponse): void => {
  setTimeout(() => res.writeHead(200, { 'Content-Type': type }).end(body), ms);
};

describe('POST /v1/sessions/:id/act: what an action step waits for', function () {
  this.timeout(120_000);
  const t = browserSuite({
    '/counter': { body: COUNTER },
    '/toast': { body: TOAST },
    '/poll': { type: 'text/plain', body: 'ok' },
    '/order': { body: DETAILS },
    '/details': later(300, 'application/json', JSON.stringify({ id: 'A-17', action: 'Confirm order' })),
    '/profile': { body: DIALOG },
    '/signin': { body: LOGIN },
    '/login': later(200, 'application/json', JSON.stringify({ next: '/home' })),
    '/home': { body: HOME, delayMs: 600 },
    '/messages': later(300, 'text/plain', '3 new messages'),
    '/signup': { body: CHECKED },
    '/taken': later(200, 'text/plain', 'taken'),
  });
  const { create, act } = t;
  const stableMs = (res: { headers: Record<string, string> }): number => Number(/stable;dur=([\d.]+)/.exec(res.headers['server-timing'] ?? '')?.[1] ?? NaN);

  it('runs every click of an act on a page that never goes quiet, measuring stability once, for the observation (stable: false)', async () => {
    const id = (await create({ url: t.site.url('/counter') })).body.session_id as string;
    const one = await act(id, [{ click: { text: 'Add one' } }]);
    const four = await act(id, [{ click: { text: 'Add one' } }, { click: { text: 'Add one' } }, { click: { text: 'Add one' } }, { click: { text: 'Add one' } }]);
    for (const [res, count] of [[one, 1], [four, 5]] as const) {
      expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
      expect(res.body.page.markdown.content).to.contain(`Count: ${count}`);
      expect(res.body.page.stable).to.equal(false);
    }
    expect(four.body.completed).to.equal(4);
    // Three more clicks add no stability wait: the act waited out the cap once, not once a click.
    expect(stableMs(four) - stableMs(one)).to.be.below(STABLE_CAP_MS);
  });

  it('clicks an Undo that shows for less than a stability cap, on a page that never goes quiet', async () => {
    const id = (await create({ url: t.site.url('/toast') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Delete' } }, { click: { text: 'Undo' } }]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.page.markdown.content).to.contain('Restored');
  });

  it('finds in step 2 a button that appears only once step 1\'s fetch answered (300 ms), and answers stable: true once the page is quiet', async () => {
    const id = (await create({ url: t.site.url('/order') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Load details' } }, { click: { text: 'Confirm order' } }]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.completed).to.equal(2);
    expect(res.body.page.markdown.content).to.contain('Confirmed A-17');
    expect(res.body.page.stable).to.equal(true);
  });

  it('fills a field of a dialog a click opens 400 ms later, on a page that never goes quiet', async () => {
    const id = (await create({ url: t.site.url('/profile') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Edit name' } }, { fill: { label: 'New name', value: 'Ada' } }, { click: { text: 'Save' } }]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.page.markdown.content).to.contain('Saved Ada');
  });

  it('follows a click whose fetch answer navigates by script to a slow page, waits for its load, and acts on it', async () => {
    const id = (await create({ url: t.site.url('/signin') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Sign in' } }, { click: { text: 'Open inbox' } }]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    expect(res.body.page.url).to.equal(t.site.url('/home'));
    expect(res.body.page.title).to.equal('Home');
    expect(res.body.page.markdown.content).to.contain('3 new messages');
  });

  it('reads a fill back after the answer to the request its change fired: a field the server check disabled fails', async () => {
    const id = (await create({ url: t.site.url('/signup') })).body.session_id as string;
    const res = await act(id, [{ fill: { label: 'Username', value: 'ada' } }]);
    expect(res.body.error).to.include({ code: 'action_failed' });
    expect(res.body.error.context).to.include({ reason: 'disabled' });
    expect(res.body.error.message).to.match(/became disabled and did not take "ada"/);
  });
});
