// Where a session comes from and what it left: the profile it started from (and whether its state
// was saved back), the session it was forked from, and the sessions forked from it. Read from
// the journal, so it stays true after the session has ended.
import { h, fill } from './dom.js';
import { bytes } from './format.js';
import type { JournalEvent } from './types.js';

const sessionLink = (id: string) => h('a', { href: `#/sessions/${id}`, text: id });

/** The panel; `add` takes every journal event and keeps what concerns it. */
export class Lineage {
  readonly element = h('dl', { class: 'summary lineage' });
  private profile: { name: string; persist: boolean; origins: number; cookies: number } | null = null;
  private saved: { ok: boolean; text: string } | null = null;
  private parent: string | null = null;
  private readonly forks: string[] = [];

  constructor() {
    this.render();
  }

  add(event: JournalEvent): void {
    switch (event.type) {
      case 'profile.loaded':
        this.profile = { name: String(event.name), persist: event.persist === true, origins: Number(event.origins), cookies: Number(event.cookies) };
        break;
      case 'profile.saved':
        this.saved = { ok: true, text: `saved back (${bytes(Number(event.bytes))})` };
        break;
      case 'profile.not_saved':
        this.saved = { ok: false, text: `not saved: ${String(event.reason)}` };
        break;
      case 'fork.source':
        this.parent = String(event.source);
        break;
      case 'forked':
        this.forks.push(...((event.sessions as string[] | undefined) ?? []));
        break;
      default:
        return;
    }
    this.render();
  }

  private render(): void {
    const rows: Array<[string, Node | string, string?]> = [];
    const profile = this.profile;
    if (profile) {
      const held = `${profile.origins} origin${profile.origins === 1 ? '' : 's'}, ${profile.cookies} cookie${profile.cookies === 1 ? '' : 's'} loaded`;
      rows.push(['profile', `${profile.name} (${profile.persist ? 'persists' : 'read only'}; ${held})`]);
      if (this.saved) rows.push(['profile state', this.saved.text, this.saved.ok ? '' : 'failed']);
    }
    if (this.parent) rows.push(['forked from', sessionLink(this.parent)]);
    if (this.forks.length > 0) rows.push([`forks (${this.forks.length})`, h('span', { class: 'forks' }, ...this.forks.flatMap((id, index) => (index === 0 ? [sessionLink(id)] : [' ', sessionLink(id)])))]);
    if (rows.length === 0) {
      fill(this.element, h('dt', { text: 'profile' }), h('dd', { text: 'none' }), h('dt', { text: 'forks' }), h('dd', { text: 'none' }));
      return;
    }
    fill(this.element, ...rows.flatMap(([term, value, cls]) => [h('dt', { text: term }), h('dd', { class: cls ?? '' }, value)]));
  }
}
