// A local site with a sign-in that leaves state in every place a browser keeps it: an httpOnly
// cookie the server reads, localStorage, sessionStorage and IndexedDB the page reads. Profile
// and fork tests sign in once and check each place in a later session.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, type Route } from './site.js';

const STORE = `
  const open = () => new Promise((resolve, reject) => {
    const request = indexedDB.open('app', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('kv');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });`;

/** Sets the cookie (httpOnly, as a real sign-in does) and the page's storage, then says "Stored". */
const login = (req: IncomingMessage, res: ServerResponse): void => {
  const user = new URL(req.url ?? '/', 'http://x').searchParams.get('user') ?? 'ada';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': `sid=${user}; HttpOnly; Path=/; SameSite=Lax; Max-Age=86400` });
  res.end(
    html(
      'Login',
      `<h1>Signing in</h1><p id="out"></p><script>${STORE}
      localStorage.setItem('user', ${JSON.stringify(user)});
      sessionStorage.setItem('tab', 'tab-of-' + ${JSON.stringify(user)});
      open().then((db) => { const tx = db.transaction('kv', 'readwrite'); tx.objectStore('kv').put('dark', 'theme');
        tx.oncomplete = () => { document.getElementById('out').textContent = 'Stored'; }; });
      </script>`,
    ),
  );
};

/** Says who the cookie signs in, and what the page finds in its storage; tall, to be scrolled. */
const account = (req: IncomingMessage, res: ServerResponse): void => {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    html(
      'Account',
      `<h1>${sid ? `Signed in as ${sid}` : 'Signed out'}</h1><p id="state">reading</p><div style="height:6000px"></div><p>End of account</p><script>${STORE}
      open().then((db) => new Promise((resolve) => { const get = db.transaction('kv').objectStore('kv').get('theme'); get.onsuccess = () => resolve(get.result); get.onerror = () => resolve(null); }))
        .catch(() => null)
        .then((theme) => { document.getElementById('state').textContent = 'local=' + localStorage.getItem('user') + ' session=' + sessionStorage.getItem('tab') + ' idb=' + theme; });
      </script>`,
    ),
  );
};

/** The routes of the sign-in site: /login?user=…, /account. */
export const signInRoutes: Record<string, Route> = { '/login': login, '/account': account };

/**
 * What /account shows for a session signed in as `user` with all its storage; `tab` false for a
 * session in a new tab (a profile's), whose sessionStorage starts empty.
 */
export const signedIn = (user = 'ada', tab = true): string[] => [`Signed in as ${user}`, `local=${user} session=${tab ? `tab-of-${user}` : 'null'} idb=dark`];
