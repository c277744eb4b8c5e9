// The pages bench/fork.ts drives, served by local TestSites: a tall page that signs a visitor in
// (cookie, localStorage, sessionStorage, IndexedDB) for the fork, and a page that fills its origin's
// localStorage and IndexedDB with a given number of characters for the profiles.
import { html, type Route } from '../spec/support/site.js';

const paragraphs = Array.from(
  { length: 60 },
  (_, i) => `<h2>Section ${i + 1}</h2><p>Paragraph ${i + 1} of a long page: enough text that the page scrolls well past the first screen, as an article or a feed does.</p>`,
).join('');

/** Sets a cookie, localStorage, sessionStorage and a few IndexedDB records, then says "Stored"; about 8,000 px tall. */
export const signedInPage: Route = {
  body: html(
    'Fork bench',
    `<h1>Signed in as ada</h1><p id="state">Storing</p>${paragraphs}
<script>
document.cookie = 'bench_user=ada; path=/; max-age=3600';
localStorage.setItem('prefs', JSON.stringify({ theme: 'dark', recent: Array.from({ length: 50 }, (_, i) => 'item-' + i) }));
localStorage.setItem('cart', JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ sku: 'sku-' + i, qty: 1 + (i % 3) }))));
sessionStorage.setItem('wizard', 'step-2');
const open = indexedDB.open('bench', 1);
open.onupgradeneeded = () => open.result.createObjectStore('items', { keyPath: 'id' });
open.onsuccess = () => {
  const tx = open.result.transaction('items', 'readwrite');
  for (let id = 0; id < 20; id++) tx.objectStore('items').put({ id, title: 'Item ' + id, body: 'x'.repeat(200) });
  tx.oncomplete = () => { document.getElementById('state').textContent = 'Stored'; };
};
</script>`,
  ),
};

/**
 * `/fill?ls=N&idb=M`: replaces its origin's localStorage with N characters and its IndexedDB with
 * M, in values of 50,000 random base64 characters (what gzip barely shrinks: the sealed size is
 * near the plaintext's, the worst case at rest), sets a cookie, then says "Filled" (or "Failed" and why).
 */
export const fillPage: Route = {
  body: html(
    'Fill',
    `<p id="state">Filling</p>
<script>
const params = new URLSearchParams(location.search);
const CHUNK = 50000;
const say = (text) => { document.getElementById('state').textContent = text; };
function random(chars) {
  const bytes = new Uint8Array(Math.ceil((chars * 3) / 4));
  for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return btoa(text).slice(0, chars);
}
const values = (total) => Array.from({ length: Math.ceil(total / CHUNK) }, (_, i) => random(Math.min(CHUNK, total - i * CHUNK)));
try {
  document.cookie = 'profile_user=ada; path=/; max-age=86400';
  localStorage.clear();
  values(Number(params.get('ls'))).forEach((value, i) => localStorage.setItem('key-' + i, value));
  const open = indexedDB.open('profile', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('records', { keyPath: 'id' });
  open.onerror = () => say('Failed: ' + open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('records', 'readwrite');
    tx.objectStore('records').clear();
    values(Number(params.get('idb'))).forEach((body, id) => tx.objectStore('records').put({ id, body }));
    tx.oncomplete = () => say('Filled');
    tx.onerror = () => say('Failed: ' + tx.error);
  };
} catch (error) {
  say('Failed: ' + error);
}
</script>`,
  ),
};
