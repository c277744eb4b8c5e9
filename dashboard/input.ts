// What a person does on the live view, as the events of POST /v1/sessions/{id}/input.

/** One input event of the contract: mouse, key or text. */
export type InputEvent =
  | { type: 'mouse'; action: 'move' | 'down' | 'up' | 'click' | 'wheel'; x: number; y: number; button?: 'left' | 'right' | 'middle'; delta_x?: number; delta_y?: number }
  | { type: 'key'; action: 'down' | 'up' | 'press'; key: string }
  | { type: 'text'; text: string };

/** The most events one request may carry. */
export const MAX_EVENTS = 100;

/** A point on the displayed view in the viewport's CSS pixels (the view may be drawn smaller or larger). */
export function scalePoint(x: number, y: number, shown: { width: number; height: number }, viewport: { width: number; height: number }): { x: number; y: number } {
  const clamp = (value: number, max: number) => Math.min(Math.max(0, value), max);
  return {
    x: Math.round(clamp((x * viewport.width) / Math.max(1, shown.width), viewport.width - 1)),
    y: Math.round(clamp((y * viewport.height) / Math.max(1, shown.height), viewport.height - 1)),
  };
}

/** The mouse button of a DOM `button` number. */
export const mouseButton = (button: number): 'left' | 'right' | 'middle' => (button === 2 ? 'right' : button === 1 ? 'middle' : 'left');

/** The keys of a keydown the DOM and Playwright name alike once these are renamed. */
const RENAMED: Record<string, string> = { ' ': 'Space', Esc: 'Escape', Left: 'ArrowLeft', Right: 'ArrowRight', Up: 'ArrowUp', Down: 'ArrowDown', Del: 'Delete' };
const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Dead', 'Unidentified', 'Process']);

/** A keydown as an input event: a character typed as text, anything else (with its modifiers) pressed as a key; null for a bare modifier. */
export function keyInput(key: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean; shiftKey: boolean }): InputEvent | null {
  if (MODIFIERS.has(key.key)) return null;
  const chord = key.ctrlKey || key.altKey || key.metaKey;
  if ([...key.key].length === 1 && !chord) return { type: 'text', text: key.key };
  const name = RENAMED[key.key] ?? key.key;
  const held = [key.ctrlKey && 'Control', key.altKey && 'Alt', key.metaKey && 'Meta', key.shiftKey && [...name].length > 1 && 'Shift'].filter(Boolean);
  return { type: 'key', action: 'press', key: [...held, name].join('+') };
}

/**
 * Sends input events in order, in batches of at most MAX_EVENTS, one request at a time; mouse
 * moves in a row are merged into the latest, so a moving hand costs one event per batch.
 */
export class InputSender {
  private queue: InputEvent[] = [];
  private sending: Promise<void> | null = null;

  constructor(private readonly post: (events: InputEvent[]) => Promise<void>) {}

  /** Queues `event` and starts sending if nothing is on the way. */
  send(event: InputEvent): void {
    const last = this.queue[this.queue.length - 1];
    if (event.type === 'mouse' && event.action === 'move' && last?.type === 'mouse' && last.action === 'move') this.queue[this.queue.length - 1] = event;
    else this.queue.push(event);
    this.flush();
  }

  /** Resolves once every queued event was sent (a hand back waits for the keys typed before it). */
  async idle(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private flush(): void {
    this.sending ??= this.drain().finally(() => (this.sending = null));
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_EVENTS);
      await this.post(batch).catch(() => undefined);
    }
  }
}
