import type { Middleware } from 'koa';
import { ApiError } from '../lib/errors.js';
import type { AppContext, AppState } from './state.js';

/** The one place that shapes an error body: `{error: {code, message, context}}` (contract 2.12). */
export function errorBody(api: ApiError): { error: { code: string; message: string; context?: Record<string, unknown> } } {
  const message = api.expose ? api.message : 'Internal error';
  return { error: { code: api.code, message, ...(api.expose && api.context ? { context: api.context } : {}) } };
}

/** Renders what a request ended with; anything but an ApiError is an internal fault, logged and hidden. */
export function renderError(ctx: AppContext, error: unknown): void {
  const known = error instanceof ApiError ? error : undefined;
  if (!known) ctx.state.log.error({ err: error, request_id: ctx.state.requestId, path: ctx.path }, 'internal error');
  const api = known ?? new ApiError(500, 'internal_error', 'Internal error');
  ctx.status = api.status;
  for (const [name, value] of Object.entries(api.headers)) ctx.set(name, value);
  ctx.body = errorBody(api);
}

/** Catches whatever a later middleware or route throws and renders it. */
export const errorBoundary: Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    renderError(ctx, error);
  }
};
