import { expect } from 'chai';
import Koa from 'koa';
import supertest from 'supertest';
import { validate } from '@readme/openapi-parser';
import { buildDocument } from '../../http/openapi/document.js';
import { routes } from '../../http/routes/index.js';
import { apiErrorCodes, stepErrorCodes } from '../../lib/contract/errors.js';
import { stepNames } from '../../lib/api/steps.js';
import { documentedAgent } from '../support/openapi.js';
import { startFakeService, type Service } from '../support/service.js';

describe('GET /v1/openapi.json', () => {
  let service: Service;
  before(() => {
    service = startFakeService();
  });
  after(() => service.stop());

  it('serves the document without a key', async () => {
    const res = await service.http.get('/v1/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/json');
    expect(res.body).to.deep.equal(buildDocument(routes));
  });

  it('is a valid OpenAPI 3.1 document by @readme/openapi-parser', async () => {
    const result = await validate(structuredClone(buildDocument(routes)) as never);
    expect(result.valid, JSON.stringify(result)).to.equal(true);
    expect(result.specification).to.equal('OpenAPI');
  });

  it('documents every route, every error code and every step', () => {
    const text = JSON.stringify(buildDocument(routes));
    const doc = buildDocument(routes) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).filter((k) => k !== 'parameters').map((m) => `${m.toUpperCase()} ${path}`))).to.have.members([
      'POST /v1/sessions', 'GET /v1/sessions', 'GET /v1/sessions/{id}', 'DELETE /v1/sessions/{id}', 'POST /v1/sessions/{id}/act', 'POST /v1/sessions/{id}/fork', 'GET /v1/sessions/{id}/events',
      'GET /v1/sessions/{id}/trace', 'GET /v1/sessions/{id}/webhooks', 'GET /v1/sessions/{id}/downloads', 'GET /v1/sessions/{id}/downloads/{download_id}',
      'GET /v1/sessions/{id}/observation',
      'GET /v1/sessions/{id}/live', 'POST /v1/sessions/{id}/takeover', 'POST /v1/sessions/{id}/handback', 'POST /v1/sessions/{id}/input',
      'GET /v1/sessions/{id}/cdp', 'GET /v1/sessions/{id}/cdp/json/version',
      'GET /v1/profiles', 'GET /v1/profiles/{name}', 'DELETE /v1/profiles/{name}',
      'GET /v1/openapi.json', 'GET /health', 'GET /metrics', 'POST /mcp', 'GET /mcp', 'DELETE /mcp',
    ]);
    for (const code of [...apiErrorCodes, ...stepErrorCodes]) expect(text, code).to.include(`"${code}"`);
    for (const name of stepNames) expect(text, name).to.include(`"required":["${name}"]`);
  });
});

describe('the response check of the HTTP and integration specs', () => {
  let service: Service;
  beforeEach(() => {
    service = startFakeService();
  });
  afterEach(() => service.stop());

  it('fails the test that received a body unlike the document (through startService)', async () => {
    const auth = { Authorization: `Bearer ${service.key()}` };
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    // A stored row whose error code is a number: GET answers it as it is, and the document wants a string or null.
    const real = service.store.getSession.bind(service.store);
    service.store.getSession = async (sessionId) => {
      const row = await real(sessionId);
      return row && { ...row, errorCode: 42 as never };
    };
    const error = await service.http.get(`/v1/sessions/${id}`).set(auth).then(() => undefined, (e: unknown) => e);
    expect(String(error)).to.match(/answered 200 unlike the API document/).and.match(/body\/error_code must be string/);
  });

  const answering = (handler: Koa.Middleware) => {
    const app = new Koa();
    app.use(async (ctx, next) => {
      ctx.set('X-Request-Id', 'req_test');
      await next();
    });
    app.use(handler);
    return documentedAgent(supertest(app.callback()));
  };
  const failure = (test: PromiseLike<unknown>) => Promise.resolve(test).then(() => 'no failure', (e: unknown) => String(e));

  it('catches a status the route does not document', async () => {
    const http = answering((ctx) => {
      ctx.status = 418;
      ctx.body = { error: { code: 'internal_error', message: 'teapot' } };
    });
    expect(await failure(http.get('/v1/sessions'))).to.include('status 418 is not documented for get /v1/sessions');
  });

  it('catches a missing required header and a header the answer should not carry', async () => {
    const http = answering((ctx) => {
      ctx.set('Retry-After', '3');
      ctx.body = { sessions: [], has_more: false, next_cursor: null };
    });
    const message = await failure(http.get('/v1/sessions'));
    expect(message).to.include('no x-ratelimit-limit header').and.include('a retry-after header, which the document does not list for 200');
  });

  it('catches a field the document does not have, and an unknown route answering anything but 404 not_found', async () => {
    const http = answering((ctx) => {
      ctx.body = ctx.path === '/health' ? { status: 'ok', sessions: 0, uptime: 5 } : { fine: true };
    });
    expect(await failure(http.get('/health'))).to.include('must NOT have additional properties');
    expect(await failure(http.get('/v1/elsewhere'))).to.include('is not in the document, yet it answered 200');
  });

  it('lets a documented answer through', async () => {
    const http = answering((ctx) => {
      ctx.body = { status: 'ok', engine: 'up', sessions: 2, memory: { available_mb: 2048, min_free_mb: 256, low: false } };
    });
    expect((await http.get('/health')).status).to.equal(200);
  });
});
