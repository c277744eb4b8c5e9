// In the page: the document as the AI provider reads it to find a selector for an `ai >>` field
// (lib/browser/ai/resolve.ts): one line per element worth naming, indented by depth.
import { squash } from './strings.js';

/** Never worth a line. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'svg', 'HEAD', 'META', 'LINK', 'IFRAME', 'PATH']);
/** The attributes an outline line names, when present. */
const ATTRIBUTES = ['href', 'src', 'name', 'type', 'itemprop', 'role', 'aria-label'];

/** An element's own text (not its children's), squashed and cut. */
function ownText(el: Element): string {
  let text = '';
  for (const node of Array.from(el.childNodes)) if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
  return squash(text).slice(0, 60);
}

/** A compact outline of the document (`tag#id.class[attr="…"] "text"` a line) within `budget` characters. */
export function outline(doc: Document, budget: number): string {
  const lines: string[] = [];
  let used = 0;
  const walk = (el: Element, depth: number): void => {
    if (used >= budget || SKIPPED.has(el.tagName)) return;
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : '';
    const classes = Array.from(el.classList).slice(0, 3).map((c) => `.${c}`).join('');
    const attrs = ATTRIBUTES.filter((a) => el.hasAttribute(a))
      .map((a) => `[${a}="${(el.getAttribute(a) ?? '').slice(0, 40)}"]`)
      .join('');
    const text = ownText(el);
    const line = `${'  '.repeat(Math.min(depth, 20))}${tag}${id}${classes}${attrs}${text ? ` "${text}"` : ''}`;
    lines.push(line);
    used += line.length + 1;
    for (const child of Array.from(el.children)) walk(child, depth + 1);
  };
  if (doc.body) walk(doc.body, 0);
  return lines.join('\n').slice(0, budget);
}
