import type * as t from 'io-ts';
import {
  anyJson, arrayOf, described, intAtLeast, matching, named, nullable, oneOf, recordOf, string, strictObject, dateTime,
} from '../codec/index.js';
import { stepErrorCodes } from '../errors.js';
import { STEP_TYPES } from '../step-types.js';
import { downloadListCodec } from './download.js';
import { mediaItemCodec } from './media.js';
import { pageStateCodec } from './page.js';

/** A session id as answers carry it: `ses_`, the node that runs it and `_`, and 24 characters. */
export const sessionId = described(matching('a session id', '^ses_[0-9a-z_]+$'), 'Session id, starting with ses_; then the id of the node that runs it, _, and 24 characters.');

/** A request id: `req_` and 24 characters, the X-Request-Id of the answer. */
export const requestId = matching('a request id', '^req_[0-9a-z]+$');

/** Free-form details of an error; what they hold depends on its code. */
export const errorContext = recordOf(anyJson, { name: 'an object' });

/** A step error (contract 2.6): the envelope's `error`. */
export const stepErrorCodec = named(
  strictObject({
    step: described(intAtLeast(0), 'Zero-based position of the failed step (0 with action goto when a create\'s url failed).'),
    action: described(oneOf(STEP_TYPES), 'Type of the step that failed.'),
    code: described(oneOf(stepErrorCodes), 'Step error code.'),
    message: described(string, 'What happened, in words.'),
    context: described(
      errorContext,
      'Details by code: element_not_found the target and up to 5 candidates {ref, label} (and tab, for a ref of another tab); navigation_failed url, reason, status; ' +
        'access_denied status, url; captcha_* kind; action_failed reason; extract_failed field; invalid_request path, expected (or tab and the open tabs, for a tab that is not open).',
    ),
  }),
  'StepError',
);

/** The session envelope (contract 2.1): the body of create and act answers. */
export const envelopeCodec = named(
  strictObject({
    session_id: sessionId,
    expires_at: described(dateTime, 'When the session expires (ISO 8601).'),
    request_id: described(requestId, 'Id of this request, the same as the X-Request-Id header.'),
    cdp_url: described(string, 'Where Playwright (chromium.connectOverCDP) or Puppeteer (puppeteer.connect browserWSEndpoint) drive this session over CDP: a WebSocket URL whose token opens this session only, while it lives. Keep it as secret as the key.'),
    completed: described(intAtLeast(0), 'Steps that ran successfully.'),
    page: described(nullable(pageStateCodec), 'The page after the steps; null for a bare create (no url, no steps) or a page that could not be read.'),
    media: described(arrayOf(mediaItemCodec, { name: 'media items' }), 'Screenshots and PDFs, in step order; empty when none.'),
    extraction: described(
      nullable(errorContext),
      'Extracted values by extract field name and execute_js result_key; null when neither step ran.',
    ),
    blockers_dismissed: described(arrayOf(oneOf(['cookie_consent', 'popup']), { name: 'kinds' }), 'Kinds of blockers dismissed automatically, each once.'),
    error: described(nullable(stepErrorCodec), 'Null on success; otherwise the step that failed (the steps after it did not run).'),
    downloads: downloadListCodec,
  }),
  'Envelope',
);

/** The session envelope as a value (contract 2.1). */
export type Envelope = t.TypeOf<typeof envelopeCodec>;

/** The envelope's act part, which running an act makes: all but the session's and the request's ids and the session's downloads. */
export type ActResult = Omit<Envelope, 'session_id' | 'expires_at' | 'request_id' | 'cdp_url' | 'downloads'>;

/** The act part of an envelope for which no step ran (a bare create): nothing done, nothing found. */
export function noResult(): ActResult {
  return { completed: 0, page: null, media: [], extraction: null, blockers_dismissed: [], error: null };
}

/** The step that failed, as the envelope's `error` tells it. */
export type FailedStep = NonNullable<ActResult['error']>;

/** What a fork answers: one envelope per new session, in the order they were made. */
export const forkAnswerCodec = named(
  strictObject({
    sessions: described(arrayOf(envelopeCodec, { name: 'envelopes' }), 'One envelope per new session: its ids and its page after the steps.'),
  }),
  'ForkAnswer',
);
