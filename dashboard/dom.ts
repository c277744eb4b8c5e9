// Building DOM by hand, without a framework: one helper so every view reads as a tree.

/** Attributes and listeners of an element made by `h`; `class` and `text` are shorthands. */
export type Props = Record<string, string | number | boolean | null | undefined | EventListener>;
/** What may stand among an element's children. */
export type Child = Node | string | null | undefined | false;

/** Makes `<tag>` with attributes (`on*` values are listeners) and children; text never parses as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (name === 'text') element.textContent = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
  return element;
}

/** Replaces every child of `parent`. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
}
