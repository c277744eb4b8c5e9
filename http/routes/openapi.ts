import { headersOf } from '../openapi/responses.js';
import { openApiJson } from '../openapi/document.js';
import { defineRoute } from '../route.js';

/** GET /v1/openapi.json: the API document, without a key (it holds nothing about any account). */
export const openApiRoute = defineRoute({
  method: 'get',
  path: '/v1/openapi.json',
  access: 'open',
  operation: ({ set }) => ({
    operationId: 'getOpenApi',
    summary: 'This document',
    security: [],
    responses: { 200: { description: 'The OpenAPI 3.1 document of this API.', headers: headersOf(set, {}), content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } } } },
  }),
  handler: (_deps, { routes }) => {
    // Built on the first request, once: the routes do not change while the app runs.
    let document: string | undefined;
    return (ctx) => {
      ctx.type = 'application/json';
      ctx.body = document ??= openApiJson(routes);
    };
  },
});
