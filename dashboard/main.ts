// The dashboard's entry point (bundled to /dashboard/app.js): hash routes, signed in or not.
//   #/sessions          the key's sessions
//   #/sessions/ses_...  one session
import { Api } from './api.js';
import { fill } from './dom.js';
import { forgetKey, storedKey } from './key.js';
import { SessionPage } from './session-page.js';
import { SessionsPage } from './sessions-page.js';
import { SignInPage } from './signin-page.js';

interface Page {
  readonly element: HTMLElement;
  dispose(): void;
}

let current: Page | null = null;

function route(): void {
  current?.dispose();
  const main = document.getElementById('main')!;
  const key = storedKey();
  const signOut = document.getElementById('signout')!;
  signOut.hidden = key === null;
  if (key === null) {
    current = new SignInPage(() => {
      if (location.hash === '' || location.hash === '#/signin') location.hash = '#/sessions';
      route();
    });
  } else {
    const api = new Api(key);
    const match = /^#\/sessions\/(ses_[A-Za-z0-9_-]+)$/.exec(location.hash);
    current = match?.[1] ? new SessionPage(api, match[1]) : new SessionsPage(api);
    document.title = match?.[1] ? `${match[1]} · tabwright` : 'Sessions · tabwright';
  }
  fill(main, current.element);
}

function start(): void {
  document.getElementById('signout')!.addEventListener('click', () => {
    forgetKey();
    location.hash = '';
    route();
  });
  window.addEventListener('hashchange', () => {
    route();
    // Move the keyboard to the new page, as a page load would.
    document.getElementById('main')?.focus();
  });
  route();
}

start();
