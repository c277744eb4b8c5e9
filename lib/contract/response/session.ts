import { arrayOf, boolean, described, intAtLeast, named, nullable, oneOf, string, strictObject, dateTime } from '../codec/index.js';
import { sessionId } from './envelope.js';

const count = intAtLeast(0);

/** What a session used so far, or in all once it ended (this implementation's addition to contract 2.7). */
export const usageCodec = named(
  strictObject({
    seconds: described(count, 'Runtime in whole seconds, rounded up.'),
    bytes: described(
      strictObject({
        datacenter: described(count, 'Response bytes through datacenter proxies (and your own proxy).'),
        residential: described(count, 'Response bytes through residential proxies.'),
      }),
      'Metered response bytes by proxy kind.',
    ),
    ai_tokens: described(count, 'Tokens used resolving ai >> selectors.'),
    captcha_solves: described(count, 'CAPTCHAs solved.'),
    credits: described(count, 'Credits these amount to (interface 8.4), each term rounded up.'),
  }),
  'Usage',
);

/** Session info (contract 2.7), the answer of GET /v1/sessions/{id}. */
export const sessionInfoCodec = named(
  strictObject({
    session_id: sessionId,
    status: described(oneOf(['active', 'failed']), 'active, or failed (closed and expired sessions are not found).'),
    started_at: described(dateTime, 'When it was created (ISO 8601).'),
    ended_at: described(nullable(dateTime), 'When it ended; null while active.'),
    duration_seconds: described(nullable(count), 'Runtime in whole seconds, rounded up; null while active.'),
    expires_at: described(dateTime, 'When it expires (ISO 8601).'),
    error_code: described(nullable(string), 'Why it failed (access_denied, captcha_unsolvable, page_crashed, page_unresponsive, engine_failure, ...); null while active.'),
    error_message: described(nullable(string), 'What happened, in words; null while active.'),
    usage: described(usageCodec, 'Consumption so far, or in all once ended.'),
    cdp_url: described(nullable(string), 'Where to drive the session over CDP (as in the envelope) while it is active; null once it ended.'),
  }),
  'SessionInfo',
);

/** The answer of GET /v1/sessions (contract 4.2). */
export const sessionListCodec = named(
  strictObject({
    sessions: described(
      arrayOf(
        strictObject({
          session_id: sessionId,
          status: described(oneOf(['active', 'closed', 'failed']), 'active, closed (expired included) or failed.'),
          started_at: described(dateTime, 'When it was created (ISO 8601).'),
        }),
        { name: 'sessions' },
      ),
      'The key\'s sessions, newest first.',
    ),
    has_more: described(boolean, 'Whether another page follows.'),
    next_cursor: described(nullable(string), 'Pass as after to get the next page; null on the last page.'),
  }),
  'SessionList',
);
