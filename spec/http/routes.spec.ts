import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildDocument } from '../../http/openapi/document.js';
import type { Route } from '../../http/route.js';
import { routes } from '../../http/routes/index.js';

// This file runs as dist/spec/http/routes.spec.js; the compiled routes are in dist/http/routes.
const ROUTES = fileURLToPath(new URL('../../http/routes/', import.meta.url));
const isRoute = (value: unknown): value is Route => typeof value === 'object' && value !== null && 'handler' in value && 'path' in value && 'method' in value;

describe('the route table (http/routes/index.ts)', () => {
  it('lists every route its folder declares, once', async () => {
    const declared: Route[] = [];
    for (const file of readdirSync(ROUTES).filter((name) => name.endsWith('.js') && name !== 'index.js')) {
      const module = (await import(`${ROUTES}${file}`)) as Record<string, unknown>;
      declared.push(...Object.values(module).filter(isRoute));
    }
    expect(declared.length).to.be.above(15);
    expect(new Set(routes).size).to.equal(routes.length);
    expect(declared.filter((route) => !routes.includes(route)).map((route) => `${route.method} ${route.path}`)).to.deep.equal([]);
  });

  it('gives every method and path one route, and the API document every route that has an operation', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).to.equal(keys.length);
    const doc = buildDocument(routes) as { paths: Record<string, Record<string, unknown>> };
    for (const route of routes) {
      if (route.operation) expect(doc.paths[route.path]?.[route.method], `${route.method} ${route.path}`).to.be.an('object');
      if (!route.operation && !route.operations) expect(doc.paths[route.path], route.path).to.equal(undefined);
    }
  });

  it('puts the body and the query each route decodes into its operation', () => {
    const doc = buildDocument(routes) as { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: Array<{ in: string }> }>> };
    for (const route of routes.filter((r) => r.operation && r.method !== 'all')) {
      const operation = doc.paths[route.path]![route.method]!;
      expect(operation.requestBody !== undefined, `${route.path} body`).to.equal(route.body !== undefined);
      expect((operation.parameters ?? []).some((p) => p.in === 'query'), `${route.path} query`).to.equal(route.query !== undefined);
    }
  });
});
