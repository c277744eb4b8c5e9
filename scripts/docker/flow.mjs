// The flow test:docker runs against a server in a container, from the host, over HTTP: create a
// session on a page this process serves, act on it (fill and click), check what the page says
// then, delete the session. Plain fetch, so what it checks is the wire contract alone.
import { createServer } from 'node:http';
import { Failure, say } from './host.mjs';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tabwright in a container</title></head>
<body><main>
<h1>Greeting</h1>
<form id="greet">
  <label for="name">Your name</label> <input id="name" name="name">
  <button type="submit">Greet</button>
</form>
<p id="out">Nobody greeted yet.</p>
</main>
<script>
document.getElementById('greet').addEventListener('submit', (event) => {
  event.preventDefault();
  document.getElementById('out').textContent = 'Hello, ' + document.getElementById('name').value + '!';
});
</script>
</body></html>`;

/**
 * Serves the page on every address of this host, on a free port, so a container reaches it
 * through its gateway (podman names that host.containers.internal in the container's /etc/hosts).
 */
export async function servePage() {
  const hits = [];
  const server = createServer((request, response) => {
    hits.push(request.url);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address();
  return { port, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function call(base, key, method, path, body) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(90_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, text };
}

const expect = (ok, what, got) => {
  if (!ok) throw new Failure(`${what}; got ${typeof got === 'string' ? got.slice(0, 400) : JSON.stringify(got).slice(0, 400)}`);
};

/**
 * Runs create → act → delete against `base` with `key` on `pageUrl`, and returns the session id.
 * `node`, when given, is the NODE_ID the session's id must carry (ses_<node>_…); `whileOpen`
 * runs after the act, while the session's page is still open.
 */
export async function runFlow(base, key, pageUrl, { node, whileOpen } = {}) {
  const created = await call(base, key, 'POST', '/v1/sessions', { url: pageUrl });
  expect(created.status === 201, `POST /v1/sessions answered ${created.status}`, created.text);
  const id = created.json.session_id;
  expect(/^ses_[0-9a-z]+_[0-9a-z]+$|^ses_[0-9a-z]+$/.test(id), 'the session id has the form ses_…', id);
  expect(created.json.page?.title === 'tabwright in a container', 'the created session shows the page', created.json.page);
  say(`created ${id} on ${pageUrl}`);
  if (node !== undefined) expect(id.startsWith(`ses_${node}_`), `the session id names its node ${node}`, id);

  const acted = await call(base, key, 'POST', `/v1/sessions/${id}/act`, {
    steps: [{ fill: { label: 'Your name', value: 'container' } }, { click: { text: 'Greet' } }],
  });
  expect(acted.status === 200, `POST /v1/sessions/${id}/act answered ${acted.status}`, acted.text);
  expect(acted.json.error === null && acted.json.completed === 2, 'both steps completed', acted.json.error ?? acted.json.completed);
  expect(acted.json.page?.markdown?.content?.includes('Hello, container!'), 'the page says Hello, container! after the click', acted.json.page?.markdown);
  say(`act: fill and click done, the page says "Hello, container!"`);
  await whileOpen?.(id);

  const deleted = await call(base, key, 'DELETE', `/v1/sessions/${id}`);
  expect(deleted.status === 204, `DELETE /v1/sessions/${id} answered ${deleted.status}`, deleted.text);
  // A closed session reads as closed or, once gone from the live set, as not found (the contract allows both).
  const after = await call(base, key, 'GET', `/v1/sessions/${id}`);
  const gone = (after.status === 200 && after.json.status === 'closed') || (after.status === 404 && after.json.error?.code === 'session_not_found');
  expect(gone, 'the deleted session reads as closed or not found', after.json);
  say(`deleted ${id}; GET answers ${after.status} ${after.json.status ?? after.json.error.code}`);
  return id;
}

/** Waits until GET `url` answers 200; resolves with the milliseconds it took, fails after `limitMs`. */
export async function waitHealthy(url, limitMs, { alive = () => true } = {}) {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return Date.now() - start;
    } catch {
      // not listening yet
    }
    if (!alive()) throw new Failure(`the server stopped before ${url} answered 200`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Failure(`${url} did not answer 200 within ${limitMs / 1000} s`);
}
