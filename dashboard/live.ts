// The live view: screencast frames from GET /live, and a person's mouse and keys sent to POST
// /input while they hold the page (Take over / Hand back).
import { ApiFailure, type Api } from './api.js';
import { h } from './dom.js';
import { InputSender, keyInput, mouseButton, scalePoint, type InputEvent } from './input.js';

/** The state path of a session a person holds. */
export const HUMAN_STATE = 'active.human';

/** The live panel of one session. */
export class LivePanel {
  readonly element: HTMLElement;
  private readonly image = h('img', { alt: 'Live view of the page', draggable: 'false' });
  private readonly screen = h(
    'div',
    { class: 'screen', tabindex: 0, role: 'application', 'aria-label': 'Live view of the page; while you hold the page, keys typed here go to it (Shift+Escape leaves)' },
    this.image,
  );
  private readonly status = h('p', { class: 'live-status', role: 'status', text: 'Not connected.' });
  private readonly takeButton = h('button', { type: 'button', text: 'Take over' });
  private readonly handButton = h('button', { type: 'button', text: 'Hand back' });
  private viewport = { width: 0, height: 0 };
  private state = '';
  private readonly input: InputSender;
  private watching: AbortController | null = null;

  constructor(
    private readonly api: Api,
    private readonly sessionId: string,
  ) {
    this.input = new InputSender((events) => this.post(events));
    this.takeButton.addEventListener('click', () => void this.takeOver());
    this.handButton.addEventListener('click', () => void this.handBack());
    this.listen();
    this.element = h(
      'div',
      { class: 'live' },
      h('div', { class: 'buttons' }, this.takeButton, this.handButton),
      this.status,
      this.screen,
    );
    this.showState('');
  }

  /** Connects to the frames; the server streams only while someone watches. */
  watch(): void {
    if (this.watching) return;
    const watching = (this.watching = new AbortController());
    this.status.textContent = 'Connecting…';
    this.api
      .follow(`/v1/sessions/${this.sessionId}/live`, watching.signal, (message) => this.message(message.event, message.data), () => this.state === 'ended')
      .then(() => {
        if (!watching.signal.aborted) this.showState('ended');
      })
      .catch((error: unknown) => {
        if (watching.signal.aborted) return;
        this.status.textContent = error instanceof ApiFailure ? `No live view: ${error.message}` : 'No live view.';
      });
  }

  /** Disconnects (the page is left, or the session ended). */
  stop(): void {
    this.watching?.abort();
    this.watching = null;
  }

  /** Marks the session as ended: nothing more to watch or take. */
  ended(): void {
    this.stop();
    this.showState('ended');
  }

  private message(event: string, data: string): void {
    const body = JSON.parse(data) as { data?: string; width?: number; height?: number; state?: string };
    if (event === 'frame' && body.data) {
      this.image.src = `data:image/jpeg;base64,${body.data}`;
      this.viewport = { width: body.width ?? this.image.naturalWidth, height: body.height ?? this.image.naturalHeight };
      this.screen.classList.add('streaming');
    } else if (event === 'state' && body.state) {
      this.showState(body.state);
    }
  }

  /** Shows the session in `state` (a dotted path, or `ended`), as the live stream or the journal report it. */
  showState(state: string): void {
    this.state = state;
    const human = state === HUMAN_STATE;
    const active = state !== 'ended' && (state === '' || state.startsWith('active'));
    this.screen.classList.toggle('held', human);
    this.takeButton.disabled = !active || human;
    this.handButton.disabled = !human;
    if (state === 'ended') this.status.textContent = 'The session has ended.';
    else if (state) this.status.textContent = human ? 'You hold the page: mouse and keys on the view go to it.' : `Watching (${state}).`;
  }

  private async takeOver(): Promise<void> {
    this.takeButton.disabled = true;
    this.status.textContent = 'Taking over (after the act under way, if any)…';
    try {
      const answer = await this.api.post<{ state: string }>(`/v1/sessions/${this.sessionId}/takeover`, {});
      this.showState(answer.state === 'human' ? HUMAN_STATE : this.state);
      this.screen.focus();
    } catch (error) {
      this.fail(error);
    }
  }

  private async handBack(): Promise<void> {
    this.handButton.disabled = true;
    await this.input.idle();
    try {
      const answer = await this.api.post<{ state: string }>(`/v1/sessions/${this.sessionId}/handback`, {});
      this.showState(`active.${answer.state}`);
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.status.textContent = error instanceof ApiFailure ? error.message : 'The request failed.';
    this.showState(this.state);
  }

  private async post(events: InputEvent[]): Promise<void> {
    try {
      await this.api.post(`/v1/sessions/${this.sessionId}/input`, { events });
    } catch (error) {
      this.status.textContent = error instanceof ApiFailure ? error.message : 'Input could not be sent.';
    }
  }

  /** Mouse and keys on the view go to the page only while this person holds it. */
  private listen(): void {
    const point = (event: MouseEvent) => {
      const box = this.image.getBoundingClientRect();
      return scalePoint(event.clientX - box.left, event.clientY - box.top, box, this.viewport);
    };
    const holding = () => this.state === HUMAN_STATE && this.viewport.width > 0;
    this.image.addEventListener('mousedown', (event) => {
      this.screen.focus();
      if (!holding()) return;
      event.preventDefault();
      this.input.send({ type: 'mouse', action: 'down', ...point(event), button: mouseButton(event.button) });
    });
    this.image.addEventListener('mouseup', (event) => {
      if (holding()) this.input.send({ type: 'mouse', action: 'up', ...point(event), button: mouseButton(event.button) });
    });
    this.image.addEventListener('mousemove', (event) => {
      if (holding()) this.input.send({ type: 'mouse', action: 'move', ...point(event) });
    });
    this.image.addEventListener('contextmenu', (event) => holding() && event.preventDefault());
    this.image.addEventListener(
      'wheel',
      (event) => {
        if (!holding()) return;
        event.preventDefault();
        this.input.send({ type: 'mouse', action: 'wheel', ...point(event), delta_x: Math.round(event.deltaX), delta_y: Math.round(event.deltaY) });
      },
      { passive: false },
    );
    this.screen.addEventListener('keydown', (event) => {
      if (!holding()) return;
      // A way out for keyboard users, since Tab and Escape go to the page.
      if (event.key === 'Escape' && event.shiftKey) return this.handButton.focus();
      const input = keyInput(event);
      if (!input) return;
      event.preventDefault();
      this.input.send(input);
    });
  }
}

/** A placeholder when there is nothing live to show. */
export function noLiveView(text: string): HTMLElement {
  return h('div', { class: 'live' }, h('p', { class: 'note', text }));
}
