import { expect } from 'chai';
import { startFakeService, type Service } from '../support/service.js';

/** Reads a body supertest leaves unparsed (an SVG) as text. */
const asText = (res: unknown, done: (error: Error | null, body: unknown) => void): void => {
  // superagent hands the parser Node's response stream, though it types it as its own Response.
  const stream = res as NodeJS.ReadableStream;
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  stream.on('end', () => done(null, text));
};

describe('GET /dashboard', () => {
  let service: Service;
  beforeEach(() => (service = startFakeService()));
  afterEach(() => service.stop());

  it('serves the page without a key, under a CSP that allows no inline script and nothing from elsewhere', async () => {
    const res = await service.http.get('/dashboard');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/html/);
    expect(res.headers['content-security-policy']).to.equal("default-src 'self'; img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes ?? '')?.[1])).to.deep.equal(['/dashboard/app.js']);
    expect(scripts.every(([, , body]) => body === '')).to.equal(true);
    expect(res.text).to.include('href="/dashboard/app.css"');
    expect(res.text).not.to.match(/https?:\/\//);
  });

  it('serves the bundled script and stylesheet, with nothing to load from a CDN', async () => {
    const script = await service.http.get('/dashboard/app.js');
    expect(script.status).to.equal(200);
    expect(script.headers['content-type']).to.match(/^text\/javascript/);
    expect(script.text).to.include('/v1/sessions');
    expect(script.text).not.to.match(/\bimport\s*\(|\bimport\s+[\w{*]/);
    const style = await service.http.get('/dashboard/app.css');
    expect(style.status).to.equal(200);
    expect(style.headers['content-type']).to.match(/^text\/css/);
    expect(style.text).to.include('.current');
  });

  it("serves the session machine's state chart as SVG, each state and edge a group the page can mark", async () => {
    const res = await service.http.get('/dashboard/chart.svg').buffer(true).parse(asText);
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^image\/svg\+xml/);
    const svg = res.body as string;
    for (const state of ['active.idle', 'active.running']) expect(svg).to.match(new RegExp(`<g class="state[^"]*" data-state="${state.replace('.', '\\.')}"`));
    expect(svg).to.match(/<g class="edge[^"]*" data-from="active\.idle" data-to="active\.running" data-event="act"/);
    const again = await service.http.get('/dashboard/chart.svg').buffer(true).parse(asText);
    expect(again.body).to.equal(svg);
  });

  it('answers any other file as the unknown route, 404 not_found, still under the CSP', async () => {
    for (const path of ['/dashboard/index.html', '/dashboard/main.js', '/dashboard/%2e%2e%2fpackage.json', '/dashboard/constructor']) {
      const res = await service.http.get(path);
      expect(res.status, path).to.equal(404);
      expect(res.body.error.code, path).to.equal('not_found');
      expect(res.headers['content-security-policy'], path).to.include("default-src 'self'");
    }
  });
});
