import { decode } from '../../lib/contract/codec/index.js';
import { httpErrors } from '../../lib/contract/errors.js';
import type { JournalEvent } from '../../lib/platform/journal/events.js';
import { eventPageCodec, JOURNAL_RETENTION_MS, MAX_JOURNAL_EVENTS } from '../../lib/contract/response/events.js';
import { eventIdString, eventsQueryCodec } from '../../lib/contract/request/events.js';
import { headersOf, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';
import { openEventStream, wantsEventStream } from '../sse.js';
import type { AppContext, AppDeps } from '../state.js';

/** How many events the stream reads from the store at a time while replaying. */
const REPLAY_PAGE = 1_000;

type Read = (after: number, limit: number) => Promise<JournalEvent[]>;

/**
 * GET /v1/sessions/:id/events: the session's journal, for any session of the key whose journal is
 * kept (active, or ended less than JOURNAL_RETENTION_MS ago). JSON pages by `after`; with
 * `Accept: text/event-stream`, a stream that replays after Last-Event-ID (or `after`), then follows
 * live and closes after `ended`.
 */
export const eventsRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/events',
  access: 'key',
  query: eventsQueryCodec,
  operation: ({ set, errors }) => ({
    operationId: 'sessionEvents',
    summary: 'Read a session\'s event journal',
    description:
      'What happened to the session, in order: machine transitions, acts, steps (secrets redacted), navigations, page and console errors, blockers, CAPTCHAs, refused access, usage and `ended` (always last). ' +
      `Readable while the session is active and for ${JOURNAL_RETENTION_MS / 3_600_000} h after it ended, however it ended; the newest ${MAX_JOURNAL_EVENTS.toLocaleString('en')} events are kept. ` +
      'With Accept: text/event-stream the answer is a Server-Sent Events stream: each event as `id: <id>`, `event: <type>`, `data: <the event as JSON>`, ' +
      'replayed after Last-Event-ID (or after, or from the start), then live, with a `: heartbeat` comment every 15 s; it closes after `ended` ' +
      '(at once after the replay when the session has already ended). Read it with fetch() and a stream reader: EventSource cannot send Authorization.',
    parameters: [
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description: 'For the stream: the id of the last event received; the replay starts after it (over after).',
        schema: { type: 'integer', minimum: 0 },
      },
    ],
    responses: {
      200: {
        description: 'A page of events (JSON), or the stream (text/event-stream).',
        headers: headersOf(set, { required: [...RATE] }),
        content: {
          'application/json': { schema: set.schemaOf(eventPageCodec) },
          'text/event-stream': { schema: { type: 'string', description: 'Server-Sent Events: id, event (the type) and data (the JournalEvent as JSON) per event; `: heartbeat` comments.' } },
        },
      },
      ...errors([400, 401, 404, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx, { query }) => {
    const id = ctx.params.id ?? '';
    const row = await deps.store.getSession(id);
    const gone = row?.endedAt != null && deps.clock.now() - row.endedAt > JOURNAL_RETENTION_MS;
    if (!row || row.keyId !== ctx.state.key.id || gone) throw httpErrors.sessionNotFound(`Session ${id} does not exist or its journal is no longer kept`);
    const live = deps.registry.journalOf(id, row.keyId);
    const read: Read = live ? (after, limit) => live.read(after, limit) : (after, limit) => deps.store.readEvents(id, after, limit);

    if (wantsEventStream(ctx)) return stream(ctx, read, live, lastEventId(ctx) ?? query.after ?? 0);
    const events = await read(query.after ?? 0, query.limit);
    const last = events.at(-1);
    // Nothing follows the end: a cursor past `ended` would only ever read an empty page.
    ctx.body = { events, next_cursor: last && last.type !== 'ended' ? String(last.id) : null };
  },
});

/** The Last-Event-ID header a reconnecting client sends, as a number (400 when it is not one). */
function lastEventId(ctx: AppContext): number | undefined {
  const header = ctx.get('Last-Event-ID');
  if (header === '') return undefined;
  return decode(eventIdString, header, 'Last-Event-ID');
}

/** Replays the journal after `after`, then follows it live; closes after `ended`, or at once after the replay when nothing is live. */
async function stream(ctx: AppContext, read: Read, live: ReturnType<AppDeps['registry']['journalOf']>, after: number): Promise<void> {
  const out = openEventStream(ctx);
  let last = after;
  const deliver = (event: JournalEvent): void => {
    if (event.id <= last || out.isClosed) return;
    out.send({ id: event.id, event: event.type, data: JSON.stringify(event) });
    last = event.id;
    if (event.type === 'ended') out.close();
  };
  // Subscribed before the replay, so nothing recorded in between is missed. What arrives while the
  // replay awaits the store is held and delivered after it, in order; deliver skips what the replay sent.
  let held: JournalEvent[] | null = [];
  const unsubscribe = live?.subscribe((event) => (held ? held.push(event) : deliver(event))) ?? (() => {});
  void out.closed.then(unsubscribe);
  try {
    for (;;) {
      const page = await read(last, REPLAY_PAGE);
      page.forEach(deliver);
      if (page.length < REPLAY_PAGE || out.isClosed) break;
    }
  } finally {
    const arrived = held;
    held = null;
    arrived.forEach(deliver);
  }
  if (!live || live.ended) out.close();
}
