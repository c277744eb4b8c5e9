import { ApiError, httpErrors } from '../lib/contract/errors.js';
import { noResult, type ActResult, type Envelope } from '../lib/contract/response/envelope.js';
import type { ActReply, Outcome } from '../machines/session.js';
import type { ActAnswer, Session } from '../actors/session.js';
import { cdpUrl } from './cdp.js';
import type { AppContext } from './state.js';

/** The session envelope (contract 2.1): the session's and the request's ids and its CDP address, then the act's result (or, for a bare create, none), then the session's downloads so far. */
export function envelope(ctx: AppContext, session: Session, result: ActResult | null): Envelope {
  const ids = { session_id: session.spec.id, expires_at: new Date(session.expiresAt).toISOString(), request_id: ctx.state.requestId, cdp_url: cdpUrl(ctx, session) };
  return { ...ids, ...(result ?? noResult()), downloads: session.downloads() };
}

/** Why a request found its session gone, as the HTTP error the contract names. */
export function endedError(session: Session, outcome: Outcome): ApiError {
  const id = session.spec.id;
  switch (outcome.status) {
    case 'expired':
      return httpErrors.sessionNotFound(`Session ${id} expired: its timeout of ${session.spec.timeoutSeconds} s elapsed`);
    case 'closed':
      return httpErrors.sessionNotFound(`Session ${id} was closed${outcome.message ? `: ${outcome.message}` : ''}`);
    case 'failed':
      if (outcome.code === 'engine_failure') {
        return httpErrors.engineUnavailable(2, `Session ${id} ended: ${outcome.message ?? 'the browser engine failed'}`);
      }
      if (outcome.code === undefined || outcome.code === 'internal_error') {
        return new ApiError(500, 'internal_error', `Session ${id} failed: ${outcome.message ?? ''}`, undefined, {}, session.fault);
      }
      // Ended by its page or its site (page_crashed, access_denied, ...): gone, like any failed session.
      return httpErrors.sessionNotFound(`Session ${id} failed (${outcome.code}): ${outcome.message ?? ''}`);
  }
}

/** The act's answer, or the error for a session that ended before answering. */
export function answerOf(session: Session, reply: ActReply): ActAnswer {
  if (reply.kind === 'ended') throw endedError(session, reply.outcome);
  return reply.result as ActAnswer;
}

/** `Server-Timing` for an act: total, stability waits and page walks, in ms (for clients and benchmarks). */
export function serverTiming(answer: ActAnswer | null): string | undefined {
  const t = answer?.timings;
  if (!t) return undefined;
  return `act;dur=${t.total.toFixed(1)}, stable;dur=${t.stable.toFixed(1)}, observe;dur=${t.observe.toFixed(1)}`;
}
