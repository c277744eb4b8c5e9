// One session: its chart, timeline, latest observation, downloads, live view, usage, trace and
// webhooks, kept live from the journal's event stream (read with fetch, since EventSource cannot
// send the key).
import { ApiFailure, type Api } from './api.js';
import { ChartPanel } from './chart.js';
import { DownloadsPanel } from './downloads.js';
import { h, fill } from './dom.js';
import { bytes, count, dateTime, deviceLine, duration } from './format.js';
import { LivePanel } from './live.js';
import { ObservationPanel } from './observation.js';
import { Timeline } from './timeline.js';
import { Lineage } from './lineage.js';
import { WebhookPanel } from './webhooks.js';
import type { JournalEvent, SessionInfo, Usage } from './types.js';

const POLL_MS = 2000;

/** A string field of a journal event, or null. */
const field = (event: JournalEvent | null, name: string): string | null => (typeof event?.[name] === 'string' ? event[name] : null);

const section = (title: string, id: string, ...children: Array<Node | null>) =>
  h('section', { class: `panel panel-${id}`, 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title`, text: title }), ...children);

/** The session page; `dispose` stops its streams and polling. */
export class SessionPage {
  readonly element: HTMLElement;
  private readonly stop = new AbortController();
  private readonly chart = new ChartPanel();
  private readonly timeline = new Timeline();
  private readonly lineage = new Lineage();
  private readonly observation: ObservationPanel;
  private readonly webhooks: WebhookPanel;
  private readonly downloads: DownloadsPanel;
  private readonly live: LivePanel;
  private readonly summary = h('dl', { class: 'summary' });
  private readonly journalNote = h('p', { class: 'note', role: 'status' });
  private readonly trace = h('div', { class: 'trace' }, h('p', { class: 'note', text: 'Available once the session has ended, if it was created with trace: true.' }));
  private info: SessionInfo | null = null;
  /** GET no longer shows the session: it was closed or expired. */
  private gone = false;
  private endEvent: JournalEvent | null = null;
  private usageEvent: Usage | null = null;
  /** The journal's `device` event, when the session emulates one. */
  private deviceEvent: JournalEvent | null = null;
  private poller: ReturnType<typeof setInterval> | undefined;
  private traceUrl: string | null = null;
  private finished = false;

  constructor(
    private readonly api: Api,
    private readonly id: string,
  ) {
    this.observation = new ObservationPanel(api, id);
    this.live = new LivePanel(api, id);
    this.webhooks = new WebhookPanel(api, id);
    this.downloads = new DownloadsPanel(api, id, this.stop.signal);
    this.element = h(
      'div',
      { class: 'session-page' },
      h('p', { class: 'crumbs' }, h('a', { href: '#/sessions', text: '← Sessions' })),
      h('h1', { text: `Session ${id}` }),
      section('State chart', 'chart', this.chart.element),
      h(
        'div',
        { class: 'columns' },
        h('div', { class: 'column' }, section('Live view', 'live', this.live.element)),
        h(
          'div',
          { class: 'column' },
          section('Session and usage', 'usage', this.summary, this.trace),
          section('Profile and forks', 'lineage', this.lineage.element),
          section('Timeline', 'timeline', this.journalNote, this.timeline.element),
          section('Latest observation', 'observation', this.observation.element),
          section('Webhooks', 'webhooks', this.webhooks.element),
          section('Downloads', 'downloads', this.downloads.element),
        ),
      ),
    );
    void this.refresh().then(() => {
      if (this.ended) return;
      this.observation.load();
      this.live.watch();
      this.poller = setInterval(() => void this.refresh(), POLL_MS);
    });
    void this.followJournal();
    this.webhooks.start();
    void this.downloads.refresh();
  }

  private get ended(): boolean {
    return this.endEvent !== null || this.gone || (this.info !== null && this.info.status !== 'active');
  }

  dispose(): void {
    this.stop.abort();
    clearInterval(this.poller);
    this.live.stop();
    this.webhooks.stop();
    if (this.traceUrl) URL.revokeObjectURL(this.traceUrl);
  }

  private async refresh(): Promise<void> {
    try {
      this.info = await this.api.get<SessionInfo>(`/v1/sessions/${this.id}`, this.stop.signal);
    } catch (error) {
      // A closed session is gone from GET; its journal still tells how it ended.
      if (!(error instanceof ApiFailure && error.code === 'session_not_found')) return;
      this.info = null;
      this.gone = true;
    }
    this.showSummary();
    if (this.ended) this.finish();
  }

  private async followJournal(): Promise<void> {
    try {
      await this.api.follow(`/v1/sessions/${this.id}/events`, this.stop.signal, (message) => this.onEvent(JSON.parse(message.data) as JournalEvent), () => this.endEvent !== null);
    } catch (error) {
      if (this.stop.signal.aborted) return;
      this.journalNote.textContent =
        error instanceof ApiFailure && error.code === 'not_found' ? 'This server keeps no event journal.' : `The journal could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private onEvent(event: JournalEvent): void {
    if (event.type === 'transition') {
      this.chart.show(typeof event.from === 'string' ? event.from : null, String(event.to), String(event.event));
      if (!this.ended) this.live.showState(String(event.to));
    }
    if (event.type === 'usage') this.usageEvent = event as unknown as Usage;
    if (event.type === 'act.finished' && !this.ended) this.observation.load();
    if (event.type === 'device') {
      this.deviceEvent = event;
      this.showSummary();
    }
    this.timeline.add(event);
    if (event.type === 'download.completed' || event.type === 'download.cut') void this.downloads.refresh();
    this.lineage.add(event);
    if (event.type === 'ended') {
      this.endEvent = event;
      this.showSummary();
      this.finish();
    }
  }

  /** Once the session is over: no more polling or live view, and the trace if it has one. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.poller);
    this.live.ended();
    this.observation.ended();
    this.webhooks.ended();
    void this.fetchTrace();
  }

  private showSummary(): void {
    const info = this.info;
    // Once the journal says how it ended, that wins over the last poll, which may predate the end.
    const status = field(this.endEvent, 'status') ?? info?.status ?? (this.gone ? 'closed' : 'unknown');
    const usage = this.usageEvent ?? info?.usage;
    const started = info?.started_at;
    const endedAt = info?.ended_at ?? this.endEvent?.at ?? null;
    const seconds = info?.duration_seconds ?? (started ? ((endedAt ? Date.parse(endedAt) : Date.now()) - Date.parse(started)) / 1000 : usage?.seconds);
    const error = info?.error_code ?? field(this.endEvent, 'error_code');
    const rows: Array<[string, string]> = [
      ['status', status],
      ...(started ? [['started', dateTime(started)] as [string, string]] : []),
      ...(endedAt ? [['ended', dateTime(endedAt)] as [string, string]] : info ? [['expires', dateTime(info.expires_at)] as [string, string]] : []),
      ...(seconds !== undefined ? [['duration', duration(seconds)] as [string, string]] : []),
      ...(this.deviceEvent ? [['device', deviceLine(this.deviceEvent)] as [string, string]] : []),
      ...(error ? [['error', `${error}: ${info?.error_message ?? field(this.endEvent, 'error_message') ?? ''}`] as [string, string]] : []),
      ...(usage
        ? ([
            ['credits', count(usage.credits)],
            ['billed seconds', count(usage.seconds)],
            ['proxy bytes', typeof usage.bytes === 'number' ? bytes(usage.bytes) : `${bytes(usage.bytes.datacenter)} datacenter, ${bytes(usage.bytes.residential)} residential`],
            ['AI tokens', count(usage.ai_tokens)],
            ['CAPTCHA solves', count(usage.captcha_solves)],
          ] as Array<[string, string]>)
        : []),
    ];
    fill(this.summary, ...rows.flatMap(([term, value]) => [h('dt', { text: term }), h('dd', { class: term === 'status' ? `status ${value}` : '', text: value })]));
  }

  private async fetchTrace(): Promise<void> {
    try {
      const response = await this.api.request(`/v1/sessions/${this.id}/trace`, { signal: this.stop.signal });
      const blob = await response.blob();
      this.traceUrl = URL.createObjectURL(blob);
      fill(
        this.trace,
        h('a', { class: 'download', href: this.traceUrl, download: `${this.id}-trace.zip`, text: `Download the trace (${bytes(blob.size)})` }),
        h('p', { class: 'note', text: 'Open it with npx playwright show-trace.' }),
      );
    } catch (error) {
      if (this.stop.signal.aborted) return;
      fill(this.trace, h('p', { class: 'note', text: error instanceof ApiFailure && error.status === 404 ? 'No trace: the session was not created with trace: true, or it was pruned.' : 'The trace could not be fetched.' }));
    }
  }
}
