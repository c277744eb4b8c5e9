import type { Middleware } from 'koa';
import { ApiError } from '../lib/contract/errors.js';
import type { AppContext, AppState } from './state.js';

/** The one place that shapes an error body: `{error: {code, message, context}}` (contract 2.12). */
export function errorBody(api: ApiError): { error: { code: string; message: string; context?: Record<string, unknown> } } {
  const message = api.expose ? api.message : 'Internal error';
  return { error: { code: api.code, message, ...(api.expose && api.context ? { context: api.context } : {}) } };
}

/** The longest message or stack an internal fault puts in the log. */
const MAX_FAULT_TEXT = 4_000;
const clip = (text: string | undefined): string | undefined => (text && text.length > MAX_FAULT_TEXT ? `${text.slice(0, MAX_FAULT_TEXT)}…` : text);

/** An internal fault as the log shows it: its kind, message and stack, each clipped (a fault's message may quote a huge input). */
function fault(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: clip(String(error)) };
  return { type: error.name, message: clip(error.message), stack: clip(error.stack), ...(error.cause === undefined ? {} : { cause: fault(error.cause) }) };
}

/**
 * Renders what a request ended with. Anything but an ApiError is an internal fault, hidden; every
 * 500 is logged at error with the request id and its cause (an ApiError's own, such as the fault
 * that ended the session of an act) before the answer goes out.
 */
export function renderError(ctx: AppContext, error: unknown): void {
  const known = error instanceof ApiError ? error : undefined;
  const api = known ?? new ApiError(500, 'internal_error', 'Internal error');
  if (api.status === 500) {
    ctx.state.log.error({ err: fault(known ? (known.cause ?? known) : error), request_id: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'internal error');
  }
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
