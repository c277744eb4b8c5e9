import type * as t from 'io-ts';
import type { SchemaSet } from '../../lib/contract/codec/index.js';
import { inputBodyCodec, MAX_INPUT_EVENTS } from '../../lib/contract/request/input.js';
import { handbackCodec, inputResultCodec, takeoverCodec } from '../../lib/contract/response/live.js';
import { errorResponse, headersOf, jsonResponse, RATE, type ErrorStatus, type HeaderSpec } from './responses.js';

/** What buildDocument shares with the parts of the document written elsewhere. */
export interface DocumentParts {
  set: SchemaSet;
  body: (codec: t.Mixed) => unknown;
  errors: (statuses: ErrorStatus[], extra?: Partial<Record<number, HeaderSpec>>) => Record<string, unknown>;
  idParam: unknown;
}

const BUSY = 'session_busy: a person holds the page of this session (or is about to, once the act under way answers).';
const NOT_TAKEN = 'not_taken_over: nobody holds the page: POST /v1/sessions/{id}/takeover first.';

/** The 409 of a live-view route: its codes and what they mean. */
function conflict(set: SchemaSet, name: string, codes: readonly ['session_busy' | 'not_taken_over', ...Array<'session_busy' | 'not_taken_over'>], text: string): Record<string, unknown> {
  return errorResponse(set, 409, { required: [...RATE] }, { name, codes, text });
}

/** The act's Prefer header and its 409 (issue 14: an act that asks not to wait while a person holds the page). */
export function actTakeoverParts({ set }: DocumentParts): { parameter: unknown; conflict: Record<string, unknown> } {
  return {
    parameter: {
      name: 'Prefer',
      in: 'header',
      required: false,
      description: 'wait=0: answer 409 session_busy at once instead of queueing the act while a person holds the page (RFC 7240). Without it the act waits for the handback.',
      schema: { type: 'string' },
    },
    conflict: conflict(set, 'ActBusyError', ['session_busy'], `${BUSY} Sent with Prefer: wait=0, so the act was not queued.`),
  };
}

/** The live view and takeover routes (issue 14). */
export function livePaths(parts: DocumentParts): Record<string, unknown> {
  const { set, body, errors, idParam } = parts;
  const retry: HeaderSpec = { required: ['Retry-After'] };
  return {
    '/v1/sessions/{id}/live': {
      parameters: [idParam],
      get: {
        operationId: 'liveView',
        summary: 'Watch the page live',
        description:
          'Server-Sent Events (send Accept: text/event-stream; read it with fetch, as EventSource cannot send the key). `event: state` with `{"state": "<dotted state path>"}` on connect and on every change of the session machine; ' +
          '`event: frame` with `{"data": "<base64 JPEG>", "width", "height"}` (the viewport in CSS pixels) at most 10 times a second while a viewer is connected; ' +
          'a `: heartbeat` comment every 15 s. The screencast runs only while at least one viewer is connected; the stream closes when the session ends.',
        responses: {
          200: {
            description: 'The event stream.',
            headers: headersOf(set, { required: [...RATE] }),
            content: { 'text/event-stream': { schema: { type: 'string', description: 'state and frame events, as described above.' } } },
          },
          ...errors([400, 401, 404, 421, 500]),
          ...errors([429], { 429: retry }),
        },
      },
    },
    '/v1/sessions/{id}/takeover': {
      parameters: [idParam],
      post: {
        operationId: 'takeover',
        summary: 'Take over the page',
        description:
          'A person takes the page (state active.human): acts wait in the queue until the handback; the session\'s timeout keeps running. If an act is running, the takeover happens once it has answered; ' +
          'this request answers when the person holds the page, at most 30 s later (else 409, and the takeover is withdrawn).',
        responses: {
          200: jsonResponse(set, 'The person holds the page.', takeoverCodec, { required: [...RATE] }),
          ...errors([401, 404, 421, 500]),
          ...errors([429], { 429: retry }),
          409: conflict(set, 'TakeoverBusyError', ['session_busy'], `${BUSY} Or the act under way did not answer within 30 s.`),
        },
      },
    },
    '/v1/sessions/{id}/handback': {
      parameters: [idParam],
      post: {
        operationId: 'handback',
        summary: 'Hand the page back',
        description: 'Ends the takeover (or withdraws one still waiting for the act under way): the queued acts run, in order.',
        responses: {
          200: jsonResponse(set, 'The queue resumed.', handbackCodec, { required: [...RATE] }),
          ...errors([401, 404, 421, 500]),
          ...errors([429], { 429: retry }),
          409: conflict(set, 'HandbackRefusedError', ['not_taken_over'], NOT_TAKEN),
        },
      },
    },
    '/v1/sessions/{id}/input': {
      parameters: [idParam],
      post: {
        operationId: 'input',
        summary: 'Send mouse and keyboard input',
        description: `Applies up to ${MAX_INPUT_EVENTS} events in order to the page a person holds: mouse (x, y in CSS pixels of the viewport), keys (Playwright key names) and text. Typed text is never logged.`,
        requestBody: body(inputBodyCodec),
        responses: {
          200: jsonResponse(set, 'Every event was applied.', inputResultCodec, { required: [...RATE] }),
          ...errors([400, 401, 404, 413, 421, 500]),
          ...errors([429], { 429: retry }),
          409: conflict(set, 'InputRefusedError', ['not_taken_over', 'session_busy'], `${NOT_TAKEN} session_busy: the page did not take the input within 10 s.`),
        },
      },
    },
  };
}
