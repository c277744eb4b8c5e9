import type { RouterMiddleware } from '@koa/router';
import { openApiJson } from '../openapi/document.js';
import type { AppState } from '../state.js';

/** GET /v1/openapi.json: the API document, without a key (it holds nothing about any account). */
export function openApiRoute(): RouterMiddleware<AppState> {
  return (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApiJson();
  };
}
