// A session's webhook deliveries (GET /v1/sessions/{id}/webhooks): each event with its state and
// every attempt (time, status or error, duration, the start of the answer). Looked at again every
// few seconds while the session runs or an event is still pending, since its end is delivered after it.
import { ApiFailure, type Api } from './api.js';
import { fill, h } from './dom.js';
import { clockTime, dateTime, millis } from './format.js';

const POLL_MS = 3000;

interface Attempt {
  n: number;
  at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  excerpt: string | null;
}

interface Delivery {
  id: string;
  type: string;
  url: string;
  created_at: string;
  state: 'pending' | 'delivered' | 'failed';
  next_attempt_at: string | null;
  attempts: Attempt[];
}

const outcome = (a: Attempt): string => (a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? 'no answer'));

/** The panel; `start` begins looking, `stop` ends it. */
export class WebhookPanel {
  readonly element = h('div', { class: 'webhooks' }, h('p', { class: 'note', text: 'Loading…' }));
  private timer: ReturnType<typeof setTimeout> | undefined;
  private active = true;
  private stopped = false;

  constructor(
    private readonly api: Api,
    private readonly id: string,
  ) {}

  start(): void {
    void this.look();
  }

  /** The session ended: keep looking only while events are pending. */
  ended(): void {
    this.active = false;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async look(): Promise<void> {
    let pending = false;
    try {
      const { deliveries } = await this.api.get<{ deliveries: Delivery[] }>(`/v1/sessions/${this.id}/webhooks`);
      pending = deliveries.some((d) => d.state === 'pending');
      this.render(deliveries);
    } catch (error) {
      const missing = error instanceof ApiFailure && error.status === 404;
      fill(this.element, h('p', { class: 'note', text: missing ? 'This server keeps no webhook deliveries for the session.' : 'The webhook deliveries could not be read.' }));
      if (missing) return;
    }
    if (!this.stopped && (this.active || pending)) this.timer = setTimeout(() => void this.look(), POLL_MS);
  }

  private render(deliveries: Delivery[]): void {
    if (deliveries.length === 0) {
      fill(this.element, h('p', { class: 'note', text: 'No webhook events: the session names no webhook_url and its key has no webhook URL, or nothing has happened yet.' }));
      return;
    }
    fill(
      this.element,
      h(
        'ol',
        { class: 'deliveries' },
        ...deliveries.map((d) =>
          h(
            'li',
            { class: `delivery ${d.state}` },
            h('p', {}, h('strong', { text: d.type }), ' ', h('span', { class: `status ${d.state}`, text: d.state }), ` ${dateTime(d.created_at)} → ${d.url}`),
            d.next_attempt_at ? h('p', { class: 'note', text: `next attempt at ${dateTime(d.next_attempt_at)}` }) : null,
            h(
              'ul',
              { class: 'attempts' },
              ...d.attempts.map((a) =>
                h('li', { class: a.status_code !== null && a.status_code < 300 ? 'ok' : 'failed', text: `#${a.n} ${clockTime(a.at)} ${outcome(a)} in ${millis(a.duration_ms)}${a.excerpt ? `: ${a.excerpt}` : ''}` }),
              ),
            ),
          ),
        ),
      ),
    );
  }
}
