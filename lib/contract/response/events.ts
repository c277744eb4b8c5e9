import * as t from 'io-ts';
import { anyJson, arrayOf, boolean, dateTime, described, intAtLeast, named, nullable, number, oneOf, string, strictObject, withSchema, type Props } from '../codec/index.js';
import { sessionId } from './envelope.js';
import { DOWNLOAD_CUT_REASONS, downloadItemCodec } from './download.js';

/** The newest events kept per session; older ones are dropped as new ones are written. */
export const MAX_JOURNAL_EVENTS = 5_000;

/** How long a journal (and a trace) stays readable after its session ended. */
export const JOURNAL_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The longest page and console message an event keeps. */
export const MAX_MESSAGE_LENGTH = 500;

const count = intAtLeast(0);
const actId = described(string, 'The act this belongs to (an id of its own, not shown elsewhere).');
const stepError = described(
  strictObject({ code: described(string, 'The step error code.'), message: described(string, 'What happened, in words.') }),
  'Why it failed; absent when it did not.',
);

/** One event kind: `type` fixed, then its own fields after the common id and at. */
function kind<const T extends string, R extends Props, O extends Props = Record<never, never>>(type: T, description: string, required: R, optional?: O) {
  const codec = strictObject(
    {
      id: described(intAtLeast(1), 'Its number in the session\'s journal: 1, 2, 3... in order.'),
      at: described(dateTime, 'When it happened (ISO 8601).'),
      type: described(oneOf([type]), description),
      ...required,
    },
    optional ?? ({} as O),
  );
  return Object.assign(named(codec, `JournalEvent_${type.replace('.', '_')}`), { eventType: type });
}

/** Every event kind of the journal (contract 1 of issue 14), in one list the union and the docs are made from. */
export const journalEventKinds = [
  kind('transition', 'A transition of the session machine.', {
    from: described(nullable(string), 'The dotted state path before (active.idle); null for the first.'),
    to: described(string, 'The dotted state path after (active.running).'),
    event: described(string, 'The XState event type that caused it, as written (act, xstate.done.actor…, xstate.after…).'),
  }),
  kind('act.received', 'An act was queued.', { act_id: actId, steps: described(arrayOf(string, { name: 'steps' }), 'Its step names, in order.') }),
  kind('act.started', 'An act began to run.', { act_id: actId }),
  kind('act.finished', 'An act ran to its end.', {
    act_id: actId,
    ok: described(boolean, 'Every step succeeded.'),
    duration_ms: described(count, 'How long it ran, in whole ms.'),
  }, { error: stepError }),
  kind('step', 'One step ran.', {
    act_id: actId,
    index: described(count, 'Its index in the act (a create\'s url is step 0, as a goto).'),
    step: described(string, 'The step\'s name.'),
    params: described(anyJson, 'Its parameters with defaults, secrets redacted ([redacted], execute_js code cut to an excerpt).'),
    duration_ms: described(count, 'How long it ran, in whole ms.'),
    ok: described(boolean, 'Whether it succeeded.'),
  }, { error: stepError }),
  kind('navigation', 'The main frame received a document.', { url: described(string, 'Its URL (user:password@ redacted).'), status: described(count, 'Its HTTP status.') }),
  kind('page.error', 'An uncaught exception in the page.', { message: described(string, `Its message, at most ${MAX_MESSAGE_LENGTH} characters.`) }),
  kind('console.error', 'The page logged an error to its console.', { message: described(string, `The text, at most ${MAX_MESSAGE_LENGTH} characters.`) }),
  kind('blocker', 'A consent banner or popup was dismissed.', { kind: described(string, 'What kind (cookie_consent, popup, ...).'), detail: described(string, 'Where: the page URL.') }),
  kind('captcha', 'A CAPTCHA was met.', {
    kind: described(string, 'Its kind (recaptcha, hcaptcha, turnstile, interstitial, ...).'),
    vendor: described(nullable(string), 'Who makes it, when known.'),
    outcome: described(oneOf(['solved', 'unsolved', 'in_the_way', 'noted']), 'solved or unsolved by the solver, in_the_way (the step failed), or noted (on the page, not in the way).'),
    url: described(string, 'The page URL.'),
  }),
  kind('access', 'The site refused access (the step fails access_denied).', {
    url: described(string, 'The page URL.'),
    status: described(nullable(count), 'The HTTP status, when there is one.'),
    reason: described(string, 'Why, in words.'),
  }),
  kind('tab.opened', 'A tab opened: a page opened it (a link, window.open, a popup), a tab step, or a CDP client.', {
    tab: described(string, 'Its id (t2, t3, ...).'),
    url: described(string, 'The URL it opened at (user:password@ redacted).'),
    opener: described(nullable(string), 'The tab whose page opened it; null when none did.'),
  }),
  kind('tab.closed', 'A tab closed.', {
    tab: described(string, 'Its id.'),
    reason: described(oneOf(['page', 'step', 'crashed', 'unresponsive']), 'page: its page closed it (window.close) or a CDP client did; step: a tab step; crashed or unresponsive: a tab in the background failed (the active tab failing ends the session).'),
  }),
  kind('tab.refused', 'A page opened a tab past the session\'s bound on tabs (TABWRIGHT_MAX_TABS): it was closed at once.', {
    url: described(string, 'The URL it was opening (user:password@ redacted).'),
    opener: described(nullable(string), 'The tab whose page opened it.'),
    max: described(intAtLeast(1), 'The bound on open tabs.'),
  }),
  kind('takeover', 'A person took over the page.', { by: described(oneOf(['key']), 'Who: the session\'s key.') }),
  kind('handback', 'The person handed the page back.', {}),
  kind('cdp.connected', 'A CDP client connected (GET /v1/sessions/{id}/cdp).', {
    connection: described(intAtLeast(1), 'Its number among the session\'s CDP connections: 1, 2, 3... in order.'),
  }),
  kind('cdp.disconnected', 'A CDP client left, or was closed.', {
    connection: described(intAtLeast(1), 'The number its cdp.connected gave it.'),
    duration_ms: described(count, 'How long it was connected, in whole ms.'),
    code: described(count, 'The WebSocket close code (4000 closed, 4001 expired, 4002 failed, 1007 malformed message, 1009 message too large; 1000 or 1005 when the client left).'),
    reason: described(string, 'The close reason, when there is one.'),
  }),
  kind('fork.source', 'This session is a fork: its first event, naming the session it was copied from.', {
    source: described(sessionId, 'The session it was copied from.'),
  }),
  kind('device', 'The session emulates a device (the create\'s device, or its source\'s for a fork): one of its first events.', {
    name: described(string, 'The device\'s name in Playwright\'s list.'),
    width: described(count, 'The viewport\'s width in CSS pixels (the device\'s, unless the create gave one).'),
    height: described(count, 'The viewport\'s height in CSS pixels.'),
    scale: described(number, 'The device scale factor (CSS to device pixels).'),
    mobile: described(boolean, 'Whether pages are laid out as on a phone or tablet (the meta viewport is honoured).'),
    touch: described(boolean, 'Whether the session has touch: its clicks are taps.'),
  }),
  kind('forked', 'Copies of this session were made (POST /v1/sessions/{id}/fork).', {
    sessions: described(arrayOf(sessionId, { name: 'session ids' }), 'The new sessions, in order.'),
  }),
  kind('profile.loaded', 'The session started from a saved profile (its contents are never journaled).', {
    name: described(string, 'The profile.'),
    persist: described(boolean, 'Whether the session writes its state back as it ends (it holds the profile meanwhile).'),
    origins: described(count, 'Origins whose storage it holds.'),
    cookies: described(count, 'Cookies it holds.'),
  }),
  kind('profile.saved', 'The session\'s state was written back to its persisting profile as it ended.', {
    name: described(string, 'The profile.'),
    bytes: described(count, 'The size of the saved state, in bytes.'),
  }),
  kind('profile.not_saved', 'The session\'s state was not written back to its profile; the saved state stays as it was.', {
    name: described(string, 'The profile.'),
    reason: described(string, 'Why: over the size bound (with the sizes), or the state could not be read or stored.'),
  }),
  kind('download.completed', 'A file the page downloaded is kept whole (GET /v1/sessions/{id}/downloads/{download_id}).', {
    download: described(downloadItemCodec, 'The download, as the envelope lists it.'),
  }),
  kind('download.cut', 'A download was stopped and its partial file removed.', {
    download: described(downloadItemCodec, 'The download as far as it came (complete false).'),
    reason: described(
      oneOf(DOWNLOAD_CUT_REASONS),
      'Why: over the plan\'s size per file or per session, over the count per session, failed on its way (network, refused address), or the session ended before it did.',
    ),
  }),
  kind('usage', 'What the session consumed, in all (written as it ends).', {
    seconds: described(count, 'Runtime in whole seconds, rounded up.'),
    bytes: described(count, 'Metered response bytes, all proxy kinds.'),
    ai_tokens: described(count, 'Tokens used resolving ai >> selectors.'),
    captcha_solves: described(count, 'CAPTCHAs solved.'),
    credits: described(count, 'Credits these amount to.'),
  }),
  kind('ended', 'The session ended: always its last event.', {
    status: described(oneOf(['closed', 'expired', 'failed']), 'How it ended.'),
    error_code: described(nullable(string), 'Why it failed; null when it did not.'),
    error_message: described(nullable(string), 'What happened, in words; null when nothing did.'),
  }),
] as const;

type Kinds = (typeof journalEventKinds)[number];

const kindOf = (u: unknown): Kinds | undefined => journalEventKinds.find((codec) => codec.eventType === (u as { type?: unknown } | null)?.type);

/** One journal event: `{id, at, type, ...fields}` by its type. */
export const journalEventCodec = named(
  withSchema(
    new t.Type<t.TypeOf<Kinds>, t.OutputOf<Kinds>, unknown>(
      'JournalEvent',
      (u): u is t.TypeOf<Kinds> => kindOf(u)?.is(u) === true,
      // An unknown type fails as the first kind's type would: "type must be transition".
      (u, c) => (kindOf(u) ?? journalEventKinds[0]).validate(u, c) as t.Validation<t.TypeOf<Kinds>>,
      (a) => a,
    ),
    (w) => ({ oneOf: journalEventKinds.map((codec) => w.walk(codec)) }),
  ),
  'JournalEvent',
);

/** The answer of GET /v1/sessions/{id}/events. */
export const eventPageCodec = named(
  strictObject({
    events: described(arrayOf(journalEventCodec, { name: 'events' }), 'The events after `after`, oldest first.'),
    next_cursor: described(nullable(string), 'The last returned id, to pass as after; null when nothing follows yet.'),
  }),
  'EventPage',
);

/** One journal event, typed from its codec. */
export type JournalEvent = t.TypeOf<typeof journalEventCodec>;
