/**
 * A compact outline of the page for the AI provider: one line per element worth naming
 * (`tag#id.class "text"`), indented by depth, within `budget` characters. Runs in the page.
 */
export function pageOutline(budget: number): string {
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'svg', 'HEAD', 'META', 'LINK', 'IFRAME', 'PATH']);
  const lines: string[] = [];
  let used = 0;
  const own = (el: Element): string => {
    let text = '';
    for (const node of Array.from(el.childNodes)) if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    return text.replace(/\s+/g, ' ').trim().slice(0, 60);
  };
  const walk = (el: Element, depth: number): void => {
    if (used >= budget || skip.has(el.tagName)) return;
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : '';
    const classes = Array.from(el.classList).slice(0, 3).map((c) => `.${c}`).join('');
    const attrs = ['href', 'src', 'name', 'type', 'itemprop', 'role', 'aria-label']
      .filter((a) => el.hasAttribute(a))
      .map((a) => `[${a}="${(el.getAttribute(a) ?? '').slice(0, 40)}"]`)
      .join('');
    const text = own(el);
    const line = `${'  '.repeat(Math.min(depth, 20))}${tag}${id}${classes}${attrs}${text ? ` "${text}"` : ''}`;
    lines.push(line);
    used += line.length + 1;
    for (const child of Array.from(el.children)) walk(child, depth + 1);
  };
  if (document.body) walk(document.body, 0);
  return lines.join('\n').slice(0, budget);
}
