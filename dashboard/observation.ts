// The latest observation: the page as the session's last act answered it (whoever ran the act),
// its markdown rendered and its elements listed. The journal records steps, not pages, so the
// panel reads GET /v1/sessions/{id}/observation when the page opens and after each act.
import { ApiFailure, type Api } from './api.js';
import { h, fill } from './dom.js';
import { renderMarkdown } from './markdown.js';
import { clockTime } from './format.js';
import type { Envelope, LatestObservation, Observation, PageTab } from './types.js';

/** The session's tabs (present while it has more than one): the active one marked, each with who opened it. */
function tabList(tabs: readonly PageTab[]): HTMLElement {
  return h(
    'ol',
    { class: 'tabs', 'aria-label': 'Tabs' },
    ...tabs.map((tab) =>
      h(
        'li',
        { class: tab.active ? 'tab active' : 'tab', 'aria-current': tab.active ? 'page' : 'false' },
        h('strong', { text: tab.tab }),
        ' ',
        h('span', { text: tab.title || '(no title)' }),
        ' ',
        h('span', { class: 'url', text: tab.url }),
        tab.opener ? h('span', { class: 'note', text: ` opened by ${tab.opener}` }) : null,
      ),
    ),
  );
}

/** The observation panel of one session. */
export class ObservationPanel {
  readonly element: HTMLElement;
  private readonly button = h('button', { type: 'button', text: 'Observe now' });
  private readonly body = h('div', { class: 'observation-body' }, h('p', { class: 'note', text: 'No observation yet: "Observe now" runs an act with one observe step.' }));
  /** Counts reads and "Observe now" answers: only the latest may show. */
  private reads = 0;
  private loading = false;
  private again = false;

  constructor(
    private readonly api: Api,
    private readonly sessionId: string,
  ) {
    this.button.addEventListener('click', () => void this.observe());
    this.element = h('div', { class: 'observation' }, h('div', { class: 'buttons' }, this.button), this.body);
  }

  /** Shows the page as the session's last act answered it, if any act has read it yet. */
  load(): void {
    // Acts finishing in quick succession (or a replayed journal) make one read at a time, then one more.
    if (this.loading) {
      this.again = true;
      return;
    }
    const read = ++this.reads;
    this.loading = true;
    void this.api
      .get<LatestObservation>(`/v1/sessions/${this.sessionId}/observation`)
      .then((latest) => {
        if (read === this.reads && latest.page) this.show(latest.page, latest.act_id, latest.observed_at);
      })
      // An ended session keeps no observation: the panel keeps what it showed.
      .catch(() => undefined)
      .finally(() => {
        this.loading = false;
        if (this.again) {
          this.again = false;
          this.load();
        }
      });
  }

  /** Disables the button once the session can no longer act. */
  ended(): void {
    this.button.disabled = true;
  }

  private async observe(): Promise<void> {
    this.button.disabled = true;
    this.button.textContent = 'Observing…';
    try {
      // Prefer: wait=0 answers 409 at once while a person holds the page, instead of queueing behind them.
      const envelope = await this.api.post<Envelope>(`/v1/sessions/${this.sessionId}/act`, { steps: [{ observe: {} }] }, { Prefer: 'wait=0' });
      this.reads++;
      if (envelope.page) this.show(envelope.page, null, new Date().toISOString());
      else fill(this.body, h('p', { class: 'error', text: envelope.error ? `${envelope.error.code}: ${envelope.error.message}` : 'The act returned no page.' }));
    } catch (error) {
      fill(this.body, h('p', { class: 'error', role: 'alert', text: error instanceof ApiFailure ? error.message : 'The act failed.' }));
    } finally {
      this.button.disabled = false;
      this.button.textContent = 'Observe now';
    }
  }

  /** Shows `page`: title, address, markdown and elements, and which act answered it when. */
  show(page: Observation, actId: string | null, at: string | null): void {
    const markdown = h('div', { class: 'markdown' });
    // renderMarkdown escapes any HTML the page's text holds, so this is the page's words only.
    markdown.innerHTML = renderMarkdown(page.markdown?.content ?? '');
    const elements = page.interactive_elements ?? [];
    fill(
      this.body,
      h('p', { class: 'page-head' }, h('strong', { text: page.title || '(no title)' }), ' ', h('span', { class: 'url', text: page.url })),
      at ? h('p', { class: 'note', text: `As ${actId ? `act ${actId}` : 'this observation'} answered it at ${clockTime(at)}.` }) : null,
      page.stable === false ? h('p', { class: 'note', text: 'The page was still loading (stable: false).' }) : null,
      page.tabs ? tabList(page.tabs) : null,
      markdown,
      h('h3', { text: `Elements (${elements.length})` }),
      elements.length
        ? h(
            'table',
            { class: 'elements' },
            h('thead', {}, h('tr', {}, h('th', { text: 'ref' }), h('th', { text: 'role' }), h('th', { text: 'name' }), h('th', { text: 'value' }))),
            h('tbody', {}, ...elements.map((e) => h('tr', {}, h('td', { text: e.ref }), h('td', { text: e.role }), h('td', { text: e.label }), h('td', { text: e.value ?? '' })))),
          )
        : h('p', { class: 'note', text: 'No interactive elements.' }),
    );
  }
}
