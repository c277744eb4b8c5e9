// A session's downloads: each with its name, type and size, and a link that fetches it with the
// key (a plain link could not send it) and saves it under its name. Refreshed when the journal
// says one completed or was cut.
import { ApiFailure, type Api } from './api.js';
import { h, fill } from './dom.js';
import { bytes } from './format.js';

/** One download as GET /v1/sessions/{id}/downloads lists it. */
interface DownloadItem {
  id: string;
  name: string;
  mime: string;
  bytes: number;
  url: string;
  complete: boolean;
}

/** The downloads panel of a session page. */
export class DownloadsPanel {
  readonly element = h('div', { class: 'downloads' }, h('p', { class: 'note', text: 'Files the session\'s pages download are listed here.' }));

  constructor(
    private readonly api: Api,
    private readonly id: string,
    private readonly signal: AbortSignal,
  ) {}

  async refresh(): Promise<void> {
    try {
      const { downloads } = await this.api.get<{ downloads: DownloadItem[] }>(`/v1/sessions/${this.id}/downloads`, this.signal);
      if (downloads.length === 0) {
        fill(this.element, h('p', { class: 'note', text: 'No downloads.' }));
        return;
      }
      fill(this.element, h('ul', { class: 'download-list' }, ...downloads.map((item) => this.row(item))));
    } catch (error) {
      if (this.signal.aborted) return;
      fill(this.element, h('p', { class: 'note', text: error instanceof ApiFailure && error.status === 404 ? 'Its downloads are no longer kept.' : 'The downloads could not be read.' }));
    }
  }

  private row(item: DownloadItem): HTMLElement {
    const detail = `${item.mime} · ${bytes(item.bytes)}${item.complete ? '' : ' · not complete (cut or still arriving)'}`;
    const name = item.complete
      ? h('a', { class: 'download', href: '#', text: item.name, onclick: (event: Event) => void this.save(event, item) })
      : h('span', { class: 'cut', text: item.name });
    return h('li', {}, name, h('span', { class: 'note', text: ` ${detail}`, title: item.url }));
  }

  private async save(event: Event, item: DownloadItem): Promise<void> {
    event.preventDefault();
    try {
      const response = await this.api.request(`/v1/sessions/${this.id}/downloads/${item.id}`, { signal: this.signal });
      const url = URL.createObjectURL(await response.blob());
      const link = h('a', { href: url, download: item.name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      if (!this.signal.aborted) (event.target as HTMLElement).title = 'It could not be fetched.';
    }
  }
}
