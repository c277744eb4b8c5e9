// The cross-origin iframes of a page: which they are, and their walks, each through its own frame.
import type { ElementHandle, Frame, Page } from 'playwright';
import { bounded, WALK_LIMIT_MS } from '../deadline.js';
import type { WalkOptions, WalkResult } from '../injected/walk/types.js';
import { inPage } from '../program.js';

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/** The web frames directly under the page's top document from another origin: what its walker cannot read. */
export function foreignFrames(page: Page): Frame[] {
  const top = originOf(page.url());
  return page
    .mainFrame()
    .childFrames()
    .filter((frame) => {
      const origin = originOf(frame.url());
      return origin !== null && origin !== top;
    });
}

/** What walking the foreign frames adds to the top document's walk. */
export interface FramedWalk {
  walk: WalkResult;
  /** The frame of each ref that lives in a cross-origin iframe. */
  refFrames: Map<string, Frame>;
}

/**
 * The cross-origin iframes of one page, walked through their own frames. A frame's iframe
 * element stays the same for the frame's whole life (taking an iframe out of the document ends
 * its frame), so the element handles that tell frames apart are looked up once per frame and
 * kept until the frame goes or the top document changes.
 */
export class ForeignFrames {
  private readonly owners = new Map<Frame, ElementHandle>();

  constructor(private readonly page: Page) {
    page.on('framedetached', (frame) => this.forget(frame));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.clear();
    });
  }

  /**
   * Adds the elements and forms of the shown cross-origin iframes the top walk found (it cannot
   * read them) at their places; their refs continue the page's numbering. Frames directly under
   * the top document only; a frame that goes away meanwhile is left out. Every frame is walked at
   * once without handing out numbers; those with elements new to them are walked again, one after
   * another, to number those.
   */
  async add(walk: WalkResult, options: WalkOptions): Promise<FramedWalk> {
    const refFrames = new Map<string, Frame>();
    if (walk.frames.length === 0) return { walk, refFrames };
    const slots = await this.slots();
    if (slots.size === 0) return { walk, refFrames };
    const ordered = [...slots].sort(([a], [b]) => a - b);
    const base: WalkOptions = { ...options, scope: undefined, includeMap: false, elementsOnly: true };
    const walkFrame = (frame: Frame, extra: Partial<WalkOptions>): Promise<WalkResult | null> =>
      bounded(frame, WALK_LIMIT_MS, () => inPage(frame, 'walk', { ...base, ...extra })).catch(() => null);
    const first = await Promise.all(ordered.map(([, frame]) => walkFrame(frame, { knownOnly: true, nextRef: walk.nextRef })));
    let nextRef = walk.nextRef;
    const elements = [...walk.elements];
    const forms = [...walk.forms];
    let added = 0;
    for (const [i, [slot, frame]] of ordered.entries()) {
      let framed = first[i] ?? null;
      if (framed?.unnumbered) framed = await walkFrame(frame, { nextRef });
      if (!framed || framed.unnumbered) continue;
      nextRef = Math.max(nextRef, framed.nextRef);
      // The frame numbers its forms from f1 as the page does: they continue the page's.
      const formRefs = new Map(framed.forms.map((form, j) => [form.ref, `f${forms.length + j + 1}`]));
      forms.push(...framed.forms.map((form) => ({ ...form, ref: formRefs.get(form.ref) ?? form.ref })));
      const own = framed.elements.map((element) => (element.form ? { ...element, form: formRefs.get(element.form) ?? element.form } : element));
      elements.splice((walk.frames[slot] ?? walk.elements.length) + added, 0, ...own);
      added += own.length;
      for (const element of own) refFrames.set(element.ref, frame);
    }
    return { walk: { ...walk, elements, forms, nextRef }, refFrames };
  }

  /** Which frame fills which of the last top walk's slots. */
  private async slots(): Promise<Map<number, Frame>> {
    // A kept handle whose document is gone fails the question: then every frame is looked up again, once.
    for (let attempt = 0; attempt < 2; attempt++) {
      const candidates = foreignFrames(this.page);
      if (candidates.length === 0) return new Map();
      await Promise.all(
        candidates.filter((frame) => !this.owners.has(frame)).map(async (frame) => {
          const owner = await frame.frameElement().catch(() => null);
          if (owner) this.owners.set(frame, owner);
        }),
      );
      const found = candidates.flatMap((frame) => {
        const owner = this.owners.get(frame);
        return owner ? [{ frame, owner }] : [];
      });
      const numbers = await inPage(this.page, 'foreignSlots', found.map(({ owner }) => owner)).catch(() => null);
      if (numbers === null) {
        this.clear();
        continue;
      }
      const slots = new Map<number, Frame>();
      found.forEach(({ frame }, i) => {
        const slot = numbers[i] ?? -1;
        if (slot >= 0) slots.set(slot, frame);
      });
      return slots;
    }
    return new Map();
  }

  private forget(frame: Frame): void {
    const owner = this.owners.get(frame);
    this.owners.delete(frame);
    void owner?.dispose().catch(() => undefined);
  }

  private clear(): void {
    for (const frame of [...this.owners.keys()]) this.forget(frame);
  }
}
