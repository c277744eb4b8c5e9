/**
 * The contract's HTTP error codes (interface.md 7.1 and decisions.md), as the API document lists
 * them, and issue 14's: session_busy (a person holds the page) and not_taken_over (input without a takeover);
 * issue 17's wrong_node (a request for a session reached a node that does not run it), issue 30's
 * too_many_connections (a session's CDP connections are at their bound), issue 31's profile codes
 * (profile_not_found; profile_in_use: a persisting session holds it; profile_unreadable: its saved
 * state does not decrypt with this node's key), issue 32's download codes (download_not_found; download_incomplete:
 * still arriving, or cut).
 */
export const apiErrorCodes = [
  'invalid_request',
  'unauthorized',
  'insufficient_credits',
  'session_not_found',
  'trace_not_found',
  'download_not_found',
  'download_incomplete',
  'profile_not_found',
  'not_found',
  'idempotency_conflict',
  'session_busy',
  'not_taken_over',
  'too_many_connections',
  'profile_in_use',
  'profile_unreadable',
  'wrong_node',
  'payload_too_large',
  'rate_limited',
  'quota_exceeded',
  'engine_unavailable',
  'internal_error',
] as const;

/** An HTTP error code. */
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/**
 * The contract's step error codes (interface.md 7.2), as the API document lists them, and the
 * two this implementation adds for a page that is gone: page_unresponsive (its script never
 * yielded and could not be stopped) and page_crashed (its renderer died).
 */
export const stepErrorCodes = [
  'element_not_found',
  'navigation_failed',
  'captcha_detected',
  'captcha_unsolvable',
  'access_denied',
  'action_failed',
  'extract_failed',
  'invalid_request',
  'page_unresponsive',
  'page_crashed',
] as const;

/** A step error code. */
export type StepErrorCode = (typeof stepErrorCodes)[number];

/** What an agent should do after each step error: the contract's recovery guidance (interface 7.3), as docs/api.md's table says it. */
export const stepErrorAdvice: Readonly<Record<StepErrorCode, string>> = {
  element_not_found: 'observe again, or target by text or label; context lists up to 5 candidates',
  navigation_failed: 'check the URL has its scheme; retry with a longer wait_timeout',
  captcha_detected: 'screenshot it; try another proxy or page',
  captcha_unsolvable: "do not retry the same target; the session failed, read its error_message",
  access_denied: 'try another region, proxy or page; the session failed',
  action_failed: 'observe, wait for the page, try again',
  extract_failed: 'fix the selector of context.field',
  invalid_request: 'fix the step',
  page_unresponsive: 'do not retry the same page; the session failed, read its error_message',
  page_crashed: 'do not retry the same page; create a new session',
};

/**
 * An error that ends an HTTP request. One middleware renders it as `{error: {code, message, context}}`;
 * `expose` is false for 500 so nothing internal leaks. A 503 is exposed: it is raised on purpose
 * (the engine is restarting, the server is shutting down) and its message tells the client what
 * is going on and when to retry. A 500 may carry the fault behind it as `cause`, which the
 * middleware logs.
 */
export class ApiError extends Error {
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly context?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.expose = status < 500 || status === 503;
  }
}

/** Step errors that end the session as failed. */
const FATAL_STEP_ERRORS: ReadonlySet<StepErrorCode> = new Set(['access_denied', 'captcha_unsolvable', 'page_unresponsive', 'page_crashed']);

/** An error that stops a step sequence; it becomes the envelope's `error`, not an HTTP failure. */
export class StepError extends Error {
  constructor(
    readonly code: StepErrorCode,
    message: string,
    readonly context: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'StepError';
  }

  /** access_denied and captcha_unsolvable end the session as failed (interface.md part 3), and so does a page that is gone. */
  get fatal(): boolean {
    return FATAL_STEP_ERRORS.has(this.code);
  }
}

/** Shorthand for the most common HTTP errors, so call sites read as the contract does. */
export const httpErrors = {
  invalid: (message: string, context?: Record<string, unknown>) => new ApiError(400, 'invalid_request', message, context),
  sessionNotFound: (message = 'Session not found') => new ApiError(404, 'session_not_found', message),
  sessionBusy: (message: string) => new ApiError(409, 'session_busy', message),
  /** 421 wrong_node: session `id` runs on `node`, not on `here`. */
  wrongNode: (id: string, node: string, here: string) =>
    new ApiError(421, 'wrong_node', `Session ${id} runs on node ${node}, not on this node (${here}); send its requests to ${node} (nginx with deploy/nginx.conf routes them by the id)`, { node, this_node: here }),
  /** 409 too_many_connections: a session's CDP connections are at their bound. */
  tooManyConnections: (message: string) => new ApiError(409, 'too_many_connections', message),
  /** 404 profile_not_found: the account has no profile `name`. */
  profileNotFound: (name: string) => new ApiError(404, 'profile_not_found', `Profile ${name} does not exist for this account`),
  /** 409 profile_in_use: session `holder` holds profile `name` for writing; context.session_id names it. */
  profileInUse: (name: string, holder: string) =>
    new ApiError(409, 'profile_in_use', `Profile ${name} is held for writing by session ${holder}: wait until it ends, or start this session with persist: false`, { session_id: holder }),
  /**
   * 409 profile_unreadable: profile `name`'s saved state does not decrypt (or parse) with this
   * node's key; `why` says what failed. Never answered as an empty profile.
   */
  profileUnreadable: (name: string, why: string) =>
    new ApiError(
      409,
      'profile_unreadable',
      `Profile ${name} cannot be read: ${why}. The key changed (TABWRIGHT_PROFILE_KEY, or the data folder's profile.key) or the stored row was altered; restore the key, or DELETE /v1/profiles/${name} and start afresh`,
    ),
  notTakenOver: (message = 'The session is not taken over: POST /v1/sessions/{id}/takeover first') => new ApiError(409, 'not_taken_over', message),
  /** 503 engine_unavailable: `what` is going on, in a sentence; the message adds when to retry, as Retry-After does. */
  engineUnavailable: (retryAfterSeconds: number, what: string) =>
    new ApiError(503, 'engine_unavailable', `${what}; retry after ${retryAfterSeconds} s`, undefined, { 'Retry-After': String(retryAfterSeconds) }),
};
