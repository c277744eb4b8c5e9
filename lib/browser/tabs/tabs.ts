// A session's tabs: each its own page, deadline and observer, with ids t1, t2, ... never reused in
// the session, its opener, and which one is active (the one steps act on, the act observes, the
// live view shows). A page a tab opens (a target=_blank link, window.open, a popup) becomes a tab;
// so does one a CDP client opens. A session whose pages open nothing pays for none of this on the
// act path: with one tab and no window announced, every call here answers without a round trip.
import type { BrowserContext, CDPSession, Page } from 'playwright';
import { StepError } from '../../contract/errors.js';
import type { PageState, TabChange, TabEntry } from '../../contract/response/page.js';
import type { JournalSink } from '../../platform/journal/events.js';
import { redactUrl } from '../../platform/journal/redact.js';
import { withCap } from '../../platform/time.js';
import type { TabControl, TabView } from '../act/act.js';
import { PageDeadline, READ_LIMIT_MS } from '../deadline.js';
import { PageObserver } from '../observe/observer.js';
import { RefLedger, TabRefs } from '../observe/refs.js';
import type { StabilityTracker } from '../observe/stability.js';
import { inPage } from '../program.js';
import { Arrivals } from './arrivals.js';

/** How long a window a page announced (Page.windowOpen) gets to arrive as a page before an act goes on without it. */
export const ARRIVAL_CAP_MS = 5_000;
/** How long a window that is closing itself gets to be gone before the act observes it anyway. */
const CLOSE_CAP_MS = 2_000;
/** How long page.tabs waits for a background tab's title. */
const TITLE_CAP_MS = 1_000;

/** Why a tab closed, as the journal says it. */
type CloseReason = 'page' | 'step' | 'crashed' | 'unresponsive';

/** One tab of the session. */
interface Tab extends TabView {
  id: string;
  opener: string | null;
  /** Set before we close it ourselves, so its close is journaled for what it was. */
  closing?: CloseReason;
}

/** What the tabs of a session are made with. */
export interface TabsOptions {
  context: BrowserContext;
  tracker: StabilityTracker;
  /** Prepares a page of the session once (identity, blocked types), answering the CDP session it opened on it. */
  prepare(page: Page): Promise<CDPSession>;
  /** Tabs open at once (TABWRIGHT_MAX_TABS). */
  max: number;
}

/** The tabs of one session (see the file's head). */
export class SessionTabs implements TabControl {
  private readonly tabs = new Map<string, Tab>();
  private readonly adopted = new WeakMap<Page, Promise<Tab | null>>();
  /** Tabs that closed themselves (or a CDP client closed): a step failing under its page did what it was asked. */
  private readonly selfClosed = new Set<string>();
  private readonly ledger = new RefLedger();
  private readonly arrivals = new Arrivals();
  private readonly failureListeners = new Set<(failure: StepError) => void>();
  private lost: StepError | null = null;
  private issued = 0;
  private activeId = 't1';
  /** The tab the latest observation showed, and why the active one changed since. */
  private shown = 't1';
  private reason: TabChange['reason'] = 'switched';
  private acting = false;
  private ended = false;
  /** The tab last brought to the front. */
  private front = 't1';
  /** Set while a tab step opens a page: the context's page event is then ours, not a page's. */
  private openingOwn = false;
  /** Where the session's tabs are journaled, once it has a journal. */
  journal?: JournalSink;
  private readonly tabListeners: Array<(page: Page) => void> = [];

  private constructor(private readonly options: TabsOptions) {}

  /** The tabs of a session whose first page is `first`, prepared with `session`; pages its context opens later become tabs. */
  static async start(first: Page, session: CDPSession, options: TabsOptions): Promise<SessionTabs> {
    const tabs = new SessionTabs(options);
    const tab = tabs.register(first, session, null);
    tabs.adopted.set(first, Promise.resolve(tab));
    // Page.windowOpen says a tab is coming before the action that opened it has answered.
    await session.send('Page.enable');
    options.context.on('page', (page) => void tabs.adopt(page));
    return tabs;
  }

  get active(): Tab {
    return this.tabs.get(this.activeId)!;
  }

  get size(): number {
    return this.tabs.size;
  }

  /** The first tab (the page the session opened with) while it is open, else the active one. */
  get first(): TabView {
    return this.tabs.get('t1') ?? this.active;
  }

  /** Calls `listener` with each page that becomes a tab after the first (its journal events, its AI binding). */
  onTab(listener: (page: Page) => void): void {
    this.tabListeners.push(listener);
  }

  /** The session is ending: its tabs close with its context, which is no tab's story to journal (the journal ends first). */
  end(): void {
    this.ended = true;
  }

  /** Calls `listener` once if the page of the active (or only) tab is lost; a background tab's loss closes that tab only. */
  onFailure(listener: (failure: StepError) => void): void {
    if (this.lost) listener(this.lost);
    else this.failureListeners.add(listener);
  }

  beginAct(): void {
    this.acting = true;
  }

  switchTo(id: string): void {
    this.activate(this.get(id).id, 'switched');
  }

  async open(): Promise<string> {
    this.refuseOverBound();
    this.openingOwn = true;
    let page: Page;
    try {
      page = await this.options.context.newPage();
    } finally {
      this.openingOwn = false;
    }
    const tab = await this.adopt(page, null);
    if (!tab) throw new StepError('action_failed', 'The new tab closed before it could be used');
    this.activate(tab.id, 'opened');
    return tab.id;
  }

  async close(id: string): Promise<void> {
    const tab = this.get(id);
    if (this.tabs.size === 1) {
      throw new StepError('invalid_request', `${id} is the session's only tab and cannot be closed; end the session with a close step (or DELETE /v1/sessions/{id}) instead`, { tab: id });
    }
    tab.closing = 'step';
    await tab.page.close({ runBeforeUnload: false }).catch(() => undefined);
    this.closed(tab);
  }

  async settle(): Promise<void> {
    if (!this.arrivals.idle) await this.arrivals.settled(ARRIVAL_CAP_MS);
    if (this.front === this.activeId) return;
    // A tab in the background is hidden: it paints no frames and counts as not shown (never
    // stable), and the live view would show nothing. The active one is brought to the front.
    this.front = this.activeId;
    await this.active.page.bringToFront().catch(() => undefined);
  }

  async closedItself(id: string): Promise<boolean> {
    if (this.selfClosed.has(id)) return true;
    const tab = this.tabs.get(id);
    if (!tab || this.tabs.size === 1) return false;
    const closing = tab.page.isClosed() || (await withCap(inPage(tab.page, 'closing').catch(() => tab.page.isClosed()), READ_LIMIT_MS)) === true;
    if (!closing) return false;
    // window.close() answers at once; the browser closes the page a moment later.
    if (!tab.page.isClosed()) await withCap(tab.page.waitForEvent('close', { timeout: CLOSE_CAP_MS }).catch(() => undefined), CLOSE_CAP_MS);
    this.closed(tab);
    return this.selfClosed.has(id);
  }

  async annotate<S extends PageState | null>(observation: S): Promise<S> {
    this.acting = false;
    const change: TabChange | null = this.shown === this.activeId ? null : { from: this.shown, to: this.activeId, reason: this.reason };
    if (observation === null) return observation;
    this.shown = this.activeId;
    if (this.tabs.size === 1 && !change) return observation;
    const changes = observation.changes && change ? { ...observation.changes, tab: change } : observation.changes;
    const tabs = this.tabs.size > 1 ? await this.list(observation) : undefined;
    return { ...observation, ...(changes === undefined ? {} : { changes }), ...(tabs ? { tabs } : {}) };
  }

  /** Every open tab, in the order they opened; the active one's url and title from its observation. */
  private list(observation: PageState): Promise<TabEntry[]> {
    return Promise.all(
      [...this.tabs.values()].map(async (tab) => {
        const active = tab.id === this.activeId;
        // A background tab's title is one read of it; one that does not answer (busy, closing) has none.
        const title = active ? observation.title : ((await withCap(tab.page.title().catch(() => ''), TITLE_CAP_MS)) ?? '');
        return { tab: tab.id, url: active ? observation.url : tab.page.url(), title, active, opener: tab.opener };
      }),
    );
  }

  private get(id: string): Tab {
    const tab = this.tabs.get(id);
    if (tab) return tab;
    const open = [...this.tabs.keys()].join(', ');
    throw new StepError('invalid_request', `There is no open tab ${id}; the open tabs are ${open}`, { tab: id, tabs: [...this.tabs.keys()] });
  }

  private refuseOverBound(): void {
    if (this.tabs.size + this.arrivals.inFlight >= this.options.max) {
      throw new StepError('action_failed', `The session has ${this.options.max} tabs open, its bound (TABWRIGHT_MAX_TABS); close one first`, { max: this.options.max });
    }
  }

  private activate(id: string, reason: TabChange['reason']): void {
    if (id === this.activeId) return;
    this.activeId = id;
    this.reason = reason;
  }

  /** Makes `page` a tab once, whoever asks first (the context's page event or a tab step); null when it was refused or closed first. */
  private adopt(page: Page, opener?: null): Promise<Tab | null> {
    let done = this.adopted.get(page);
    if (done) return done;
    const own = opener === null || this.openingOwn;
    const over = this.tabs.size + this.arrivals.inFlight >= this.options.max;
    done = this.arrivals.track(over ? this.refuse(page) : this.add(page, own));
    this.adopted.set(page, done);
    return done;
  }

  /** Who opened `page`: its opener's tab, else (a noopener link) the tab that announced a window first; null for our own or a CDP client's. */
  private async openerOf(page: Page, own: boolean): Promise<string | null> {
    if (own) return null;
    const openerPage = await page.opener().catch(() => null);
    const known = openerPage ? [...this.tabs.values()].find((tab) => tab.page === openerPage)?.id : undefined;
    return this.arrivals.arrived(known);
  }

  private async refuse(page: Page): Promise<null> {
    const opener = await this.openerOf(page, false);
    if (!this.ended) this.journal?.record({ type: 'tab.refused', url: redactUrl(page.url()), opener, max: this.options.max });
    await page.close({ runBeforeUnload: false }).catch(() => undefined);
    this.options.tracker.forget(page);
    return null;
  }

  private async add(page: Page, own: boolean): Promise<Tab | null> {
    const opener = await this.openerOf(page, own);
    const session = await this.options.prepare(page).catch(() => null);
    await session?.send('Page.enable').catch(() => undefined);
    if (!session || page.isClosed() || this.ended) return null;
    const tab = this.register(page, session, opener);
    this.journal?.record({ type: 'tab.opened', tab: tab.id, url: redactUrl(page.url()), opener });
    for (const listener of this.tabListeners) listener(page);
    // What the active tab opens while an act runs is what the act goes on with.
    if (this.acting && opener !== null && opener === this.activeId) this.activate(tab.id, 'opened');
    return tab;
  }

  private register(page: Page, session: CDPSession, opener: string | null): Tab {
    const id = `t${++this.issued}`;
    const deadline = PageDeadline.attach(page, session);
    const tab: Tab = { id, page, deadline, observer: new PageObserver(page, this.options.tracker, new TabRefs(this.ledger, id)), opener };
    this.tabs.set(id, tab);
    session.on('Page.windowOpen', () => this.arrivals.announce(id));
    page.on('close', () => this.closed(tab));
    deadline.onFailure((failure) => this.failed(tab, failure));
    return tab;
  }

  /** A tab's page closed: the tab goes (the session's last page stays its page, as before tabs), the active one gives way to its opener, else the latest. */
  private closed(tab: Tab): void {
    if (this.ended || this.tabs.get(tab.id) !== tab || this.tabs.size === 1) return;
    this.tabs.delete(tab.id);
    this.options.tracker.forget(tab.page);
    const reason = tab.closing ?? 'page';
    if (reason === 'page') this.selfClosed.add(tab.id);
    this.journal?.record({ type: 'tab.closed', tab: tab.id, reason });
    if (tab.id !== this.activeId) return;
    const next = (tab.opener !== null ? this.tabs.get(tab.opener) : undefined) ?? [...this.tabs.values()].at(-1)!;
    this.activate(next.id, 'closed');
  }

  /** The active (or only) tab's loss ends the session; a background tab's closes it alone. */
  private failed(tab: Tab, failure: StepError): void {
    if (this.ended) return;
    if (tab.id === this.activeId || this.tabs.size === 1) {
      this.lost ??= failure;
      for (const listener of this.failureListeners) listener(failure);
      this.failureListeners.clear();
      return;
    }
    tab.closing = failure.code === 'page_crashed' ? 'crashed' : 'unresponsive';
    void tab.page.close({ runBeforeUnload: false }).catch(() => undefined);
    this.closed(tab);
  }
}
