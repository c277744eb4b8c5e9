// The session's journal as a list: acts and steps with outcome, duration and time; errors stand out.
import { h } from './dom.js';
import { bytes, clockTime, deviceLine, millis } from './format.js';
import type { EventError, JournalEvent } from './types.js';

/** Rows kept on the page; older ones leave (the journal keeps them). */
const MAX_ROWS = 1000;

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value));

/** A step's parameters in one short line. */
function params(value: unknown): string {
  const line = text(value);
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** What a row says, whether it is a failure, and its outcome column. */
export function describeEvent(event: JournalEvent): { what: string; outcome: string; failed: boolean } | null {
  const error = event.error as EventError | undefined;
  const failedOutcome = (ms: unknown) => `${error ? `${error.code}: ${error.message}` : 'failed'}${typeof ms === 'number' ? ` · ${millis(ms)}` : ''}`;
  switch (event.type) {
    case 'act.received':
      return { what: `act ${text(event.act_id)} received: ${(event.steps as string[] | undefined)?.join(', ') ?? ''}`, outcome: '', failed: false };
    case 'act.started':
      return { what: `act ${text(event.act_id)} started`, outcome: '', failed: false };
    case 'act.finished':
      return {
        what: `act ${text(event.act_id)} finished`,
        outcome: event.ok ? `ok · ${millis(Number(event.duration_ms))}` : failedOutcome(event.duration_ms),
        failed: !event.ok,
      };
    case 'step':
      return {
        // The index as the API counts it (the envelope's error.step): from 0, a create's url being step 0.
        what: `step ${text(event.index)}: ${text(event.step)} ${params(event.params)}`,
        outcome: event.ok ? `ok · ${millis(Number(event.duration_ms))}` : failedOutcome(event.duration_ms),
        failed: !event.ok,
      };
    case 'navigation':
      return { what: `navigation to ${text(event.url)}`, outcome: event.status === null || event.status === undefined ? '' : `HTTP ${text(event.status)}`, failed: Number(event.status) >= 400 };
    case 'page.error':
    case 'console.error':
      return { what: `${event.type}: ${text(event.message)}`, outcome: '', failed: true };
    case 'blocker':
      return { what: `blocker dismissed: ${text(event.kind)} ${text(event.detail)}`, outcome: '', failed: false };
    case 'captcha':
      return { what: `CAPTCHA (${[event.kind, event.vendor].filter(Boolean).map(text).join(', ')}) on ${text(event.url)}`, outcome: text(event.outcome), failed: event.outcome === 'unsolved' || event.outcome === 'in_the_way' };
    case 'access':
      return { what: `access refused at ${text(event.url)}: ${text(event.reason)}`, outcome: event.status === null || event.status === undefined ? '' : `HTTP ${text(event.status)}`, failed: true };
    case 'tab.opened':
      return { what: `tab ${text(event.tab)} opened${event.opener ? ` by ${text(event.opener)}` : ''}: ${text(event.url)}`, outcome: '', failed: false };
    case 'tab.closed':
      return { what: `tab ${text(event.tab)} closed (${text(event.reason)})`, outcome: '', failed: event.reason === 'crashed' || event.reason === 'unresponsive' };
    case 'tab.refused':
      return { what: `tab refused: ${text(event.url)}${event.opener ? ` opened by ${text(event.opener)}` : ''}`, outcome: `over ${text(event.max)} tabs`, failed: true };
    case 'takeover':
      return { what: `taken over by a person (${text(event.by)})`, outcome: '', failed: false };
    case 'handback':
      return { what: 'handed back', outcome: '', failed: false };
    case 'cdp.connected':
      return { what: `CDP client ${text(event.connection)} connected`, outcome: '', failed: false };
    case 'cdp.disconnected':
      return { what: `CDP client ${text(event.connection)} left${event.reason ? `: ${text(event.reason)}` : ''}`, outcome: `${text(event.code)} · ${millis(Number(event.duration_ms))}`, failed: false };
    case 'device':
      return { what: `emulates ${deviceLine(event)}`, outcome: '', failed: false };
    case 'fork.source':
      return { what: `forked from ${text(event.source)}`, outcome: '', failed: false };
    case 'forked':
      return { what: `forked into ${text((event.sessions as string[] | undefined)?.join(', '))}`, outcome: '', failed: false };
    case 'profile.loaded':
      return { what: `started from profile ${text(event.name)}${event.persist ? ' (persists)' : ''}: ${text(event.origins)} origins, ${text(event.cookies)} cookies`, outcome: '', failed: false };
    case 'profile.saved':
      return { what: `state saved to profile ${text(event.name)}`, outcome: bytes(Number(event.bytes)), failed: false };
    case 'profile.not_saved':
      return { what: `state not saved to profile ${text(event.name)}: ${text(event.reason)}`, outcome: '', failed: true };
    case 'download.completed': {
      const item = (event.download ?? {}) as { name?: unknown; mime?: unknown; bytes?: unknown };
      return { what: `downloaded ${text(item.name)} (${text(item.mime)})`, outcome: bytes(Number(item.bytes)), failed: false };
    }
    case 'download.cut': {
      const item = (event.download ?? {}) as { name?: unknown; bytes?: unknown };
      return { what: `download ${text(item.name)} cut: ${text(event.reason)}`, outcome: bytes(Number(item.bytes)), failed: true };
    }
    case 'usage':
      return { what: `usage: ${text(event.seconds)} s, ${text(event.credits)} credits`, outcome: '', failed: false };
    case 'ended':
      return {
        what: `session ended: ${text(event.status)}`,
        outcome: event.error_code ? `${text(event.error_code)}: ${text(event.error_message)}` : '',
        failed: event.status === 'failed',
      };
    case 'transition':
      // The chart shows transitions; the list keeps to what happened to the page.
      return null;
    default: {
      const { id: _id, at: _at, type, ...rest } = event;
      return { what: `${type} ${params(rest)}`, outcome: '', failed: false };
    }
  }
}

/** The timeline panel. */
export class Timeline {
  readonly element = h('ol', { class: 'timeline', 'aria-live': 'polite', 'aria-relevant': 'additions' });

  /** Adds `event` at the end, if it is one the list shows. */
  add(event: JournalEvent): void {
    const row = describeEvent(event);
    if (!row) return;
    const list = this.element;
    // Follows the newest row unless the reader scrolled up to read older ones.
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    this.element.append(
      h(
        'li',
        { class: row.failed ? 'event failed' : 'event', 'data-type': event.type, 'data-id': event.id },
        h('time', { datetime: event.at, text: clockTime(event.at) }),
        h('span', { class: 'what', text: row.what }),
        h('span', { class: 'outcome', text: row.outcome }),
      ),
    );
    while (this.element.childElementCount > MAX_ROWS) this.element.firstElementChild?.remove();
    if (atEnd) list.scrollTop = list.scrollHeight;
  }
}
