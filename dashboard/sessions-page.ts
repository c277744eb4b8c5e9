// The key's sessions, newest first, polled every 2 s: status, start, duration and credits so far.
import { ApiFailure, type Api } from './api.js';
import { h, fill } from './dom.js';
import { count, dateTime, duration } from './format.js';
import type { EventPage, SessionInfo, SessionItem, SessionList } from './types.js';

const POLL_MS = 2000;
const PAGE = 25;

/** What a row shows beyond the list item; kept for ended sessions, which no longer change. */
interface Details {
  seconds: number | null;
  credits: number | null;
  final: boolean;
}

/** The sessions list page; `dispose` stops polling. */
export class SessionsPage {
  readonly element: HTMLElement;
  private readonly body = h('tbody');
  private readonly note = h('p', { class: 'note', role: 'status' });
  private readonly more = h('button', { type: 'button', text: 'Older sessions', hidden: true });
  private readonly stop = new AbortController();
  private readonly details = new Map<string, Details>();
  private pages = 1;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly api: Api) {
    this.more.addEventListener('click', () => {
      this.pages++;
      void this.poll();
    });
    this.element = h(
      'div',
      { class: 'sessions-page' },
      h('h1', { text: 'Sessions' }),
      this.note,
      h(
        'table',
        { class: 'sessions' },
        h('caption', { class: 'visually-hidden', text: 'Sessions of this key, newest first' }),
        h('thead', {}, h('tr', {}, ...['Session', 'Status', 'Started', 'Duration', 'Credits'].map((title) => h('th', { scope: 'col', class: title === 'Credits' ? 'number' : null, text: title })))),
        this.body,
      ),
      this.more,
    );
    void this.poll();
  }

  dispose(): void {
    this.stop.abort();
    clearTimeout(this.timer);
  }

  private async poll(): Promise<void> {
    clearTimeout(this.timer);
    try {
      const sessions: SessionItem[] = [];
      let cursor: string | null = null;
      let hasMore = false;
      for (let page = 0; page < this.pages; page++) {
        const query: string = `limit=${PAGE}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`;
        const list: SessionList = await this.api.get<SessionList>(`/v1/sessions?${query}`, this.stop.signal);
        sessions.push(...list.sessions);
        cursor = list.next_cursor;
        hasMore = list.has_more;
        if (!hasMore || !cursor) break;
      }
      await Promise.all(sessions.map((session) => this.detail(session)));
      this.render(sessions);
      this.more.hidden = !hasMore;
      this.note.textContent = sessions.length ? '' : 'No sessions yet. Create one with POST /v1/sessions.';
    } catch (error) {
      if (this.stop.signal.aborted) return;
      this.note.textContent = error instanceof ApiFailure ? error.message : 'The sessions could not be read.';
    }
    if (!this.stop.signal.aborted) this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }

  /** Duration and credits: GET for active and failed sessions, the journal's usage for closed ones. */
  private async detail(session: SessionItem): Promise<void> {
    if (this.details.get(session.session_id)?.final) return;
    try {
      const info = await this.api.get<SessionInfo>(`/v1/sessions/${session.session_id}`, this.stop.signal);
      const seconds = info.duration_seconds ?? (Date.now() - Date.parse(info.started_at)) / 1000;
      this.details.set(session.session_id, { seconds, credits: info.usage.credits, final: info.status !== 'active' });
    } catch (error) {
      if (!(error instanceof ApiFailure && error.code === 'session_not_found')) return;
      this.details.set(session.session_id, await this.fromJournal(session));
    }
  }

  /** A closed session's duration and credits from its journal (kept 24 h); unknown after that. */
  private async fromJournal(session: SessionItem): Promise<Details> {
    const unknown = { seconds: null, credits: null, final: true };
    try {
      let after = '';
      for (let pages = 0; pages < 10; pages++) {
        const page = await this.api.get<EventPage>(`/v1/sessions/${session.session_id}/events?limit=1000${after}`, this.stop.signal);
        const usage = page.events.find((event) => event.type === 'usage');
        const ended = page.events.find((event) => event.type === 'ended');
        if (ended || usage) {
          return {
            seconds: ended ? (Date.parse(ended.at) - Date.parse(session.started_at)) / 1000 : Number(usage?.seconds),
            credits: usage ? Number(usage.credits) : null,
            final: true,
          };
        }
        if (!page.next_cursor || page.events.length === 0) return unknown;
        after = `&after=${encodeURIComponent(page.next_cursor)}`;
      }
    } catch {
      // No journal (pruned, or a server without one): the row says so.
    }
    return unknown;
  }

  private render(sessions: SessionItem[]): void {
    const focused = document.activeElement instanceof HTMLAnchorElement ? document.activeElement.getAttribute('href') : null;
    fill(
      this.body,
      ...sessions.map((session) => {
        const detail = this.details.get(session.session_id);
        const live = session.status === 'active' && detail?.seconds !== null && detail?.seconds !== undefined;
        return h(
          'tr',
          { 'data-session': session.session_id },
          h('td', {}, h('a', { href: `#/sessions/${session.session_id}`, text: session.session_id })),
          h('td', {}, h('span', { class: `status ${session.status}`, text: session.status })),
          h('td', { text: dateTime(session.started_at) }),
          h('td', { text: live ? duration((Date.now() - Date.parse(session.started_at)) / 1000) : detail?.seconds != null ? duration(detail.seconds) : '—' }),
          h('td', { class: 'number', text: detail?.credits != null ? count(detail.credits) : '—' }),
        );
      }),
    );
    // Rows are rebuilt on each poll; keep the keyboard where it was.
    if (focused) this.body.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(focused)}"]`)?.focus();
  }
}
