/** Where a ref's element lives: the element and the chain of same-origin iframe elements around it, outermost first. */
export interface Resolved {
  element: Element;
  frames: Element[];
}

const REF = /^e(\d+)$/;

/** The iframe element holding `doc`, when the parent is reachable. */
function frameOf(doc: Document): Element | null {
  try {
    return doc.defaultView?.frameElement ?? null;
  } catch {
    return null;
  }
}

/** Sweep dead entries once the number map grows past this. */
const SWEEP_AT = 5_000;

/**
 * The page's element numbering: an element keeps its number for as long as it exists, new ones
 * get the next unused number, and numbers are never reused. Held by the top window's script so
 * that one namespace covers every frame and shadow root.
 */
export class RefStore {
  private readonly numbers = new WeakMap<Element, number>();
  private readonly elements = new Map<number, WeakRef<Element>>();
  private sweepAt = SWEEP_AT;
  /** The next number this store would hand out. */
  next = 1;

  /** True when every one of `elements` has its number already. */
  allKnown(elements: readonly Element[]): boolean {
    return elements.every((el) => this.numbers.has(el));
  }

  /** Numbers `elements` in order: known ones keep theirs, new ones count up from max(`from`, next). Returns the numbers. */
  assign(elements: readonly Element[], from: number): number[] {
    let next = Math.max(this.next, Number.isFinite(from) && from > 0 ? Math.floor(from) : 1);
    const assigned = elements.map((el) => {
      let n = this.numbers.get(el);
      if (n === undefined) {
        n = next++;
        this.numbers.set(el, n);
        this.elements.set(n, new WeakRef(el));
      }
      return n;
    });
    this.next = next;
    if (this.elements.size > this.sweepAt) this.sweep();
    return assigned;
  }

  private sweep(): void {
    for (const [n, ref] of this.elements) {
      const el = ref.deref();
      if (!el || !el.isConnected) this.elements.delete(n);
    }
    this.sweepAt = Math.max(SWEEP_AT, this.elements.size * 2);
  }

  /** The element of a ref like `e5` and its frame chain (outermost first), if it is still on the page of `top`. */
  resolve(ref: string, top: Document): Resolved | null {
    const match = REF.exec(ref.trim());
    if (!match) return null;
    const element = this.elements.get(Number(match[1]))?.deref();
    if (!element || !element.isConnected) return null;
    const frames: Element[] = [];
    let doc = element.ownerDocument;
    while (doc !== top) {
      const frame = frameOf(doc);
      if (!frame || !frame.isConnected) return null;
      frames.unshift(frame);
      doc = frame.ownerDocument;
    }
    return { element, frames };
  }
}
