// The typed client's one error: what the contract's {error: {code, message, context}} said, with
// the status and request id, so a caller switches on `code` as the API documents it.
import type { components } from './schema.js';

type Schemas = components['schemas'];

/** Every error code the API document lists. */
export type ErrorCode = { [K in keyof Schemas]: Schemas[K] extends { error: { code: infer C } } ? C : never }[keyof Schemas];

/** An answer that was not the contract's error body (a proxy's page, a cut connection). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** An API error: the contract's code, message and context, with the HTTP status. */
export class TabwrightError extends Error {
  override readonly name = 'TabwrightError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | typeof UNEXPECTED_RESPONSE,
    message: string,
    readonly context: Record<string, unknown> = {},
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** The error an answer carries: its body when it is the contract's shape, else unexpected_response. */
export function errorOf(response: Response, body: unknown): TabwrightError {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const error = (body as { error?: { code?: unknown; message?: unknown; context?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const context = typeof error.context === 'object' && error.context !== null ? (error.context as Record<string, unknown>) : {};
    return new TabwrightError(response.status, error.code as ErrorCode, error.message, context, requestId);
  }
  return new TabwrightError(response.status, UNEXPECTED_RESPONSE, `HTTP ${response.status} without an API error body`, { status: response.status }, requestId);
}
