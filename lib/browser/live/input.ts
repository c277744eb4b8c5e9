import type { Page } from 'playwright';
import type { InputEvent } from '../../contract/request/input.js';

/**
 * Applies a person's input to the page in order, as Playwright's mouse and keyboard send it (so
 * the page sees trusted events); text is inserted like an IME would, one input event per text.
 * Resolves with how many events were applied; a failing event rejects, the earlier ones stay applied.
 */
export async function applyInput(page: Page, events: readonly InputEvent[]): Promise<number> {
  let applied = 0;
  for (const event of events) {
    await applyOne(page, event);
    applied++;
  }
  return applied;
}

async function applyOne(page: Page, event: InputEvent): Promise<void> {
  if (event.type === 'text') return page.keyboard.insertText(event.text);
  if (event.type === 'key') {
    if (event.action === 'down') return page.keyboard.down(event.key);
    if (event.action === 'up') return page.keyboard.up(event.key);
    return page.keyboard.press(event.key);
  }
  const { mouse } = page;
  const button = event.button ?? 'left';
  switch (event.action) {
    case 'move':
      return mouse.move(event.x, event.y);
    case 'click':
      return mouse.click(event.x, event.y, { button });
    case 'wheel':
      await mouse.move(event.x, event.y);
      return mouse.wheel(event.delta_x ?? 0, event.delta_y ?? 0);
    case 'down':
      await mouse.move(event.x, event.y);
      return mouse.down({ button });
    case 'up':
      await mouse.move(event.x, event.y);
      return mouse.up({ button });
  }
}
