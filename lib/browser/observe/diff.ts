import type { InteractiveElement, PageChanges } from '../../contract/response/page.js';

/** The most text `content_delta` carries; a whole new page is summarised, not repeated. */
export const MAX_DELTA = 2_000;

/** What one observation leaves for the next diff. */
export interface Snapshot {
  content: string;
  elements: InteractiveElement[];
}

/**
 * The change between two observations: content lines added (`+ `) and removed (`- `), in page
 * order and bounded, and elements by ref (an element that stays keeps its ref, so a ref only in
 * one of the two observations was added or removed).
 */
export function diff(before: Snapshot, after: Snapshot): PageChanges {
  const changed = before.content !== after.content;
  const beforeRefs = new Set(before.elements.map((element) => element.ref));
  const afterRefs = new Set(after.elements.map((element) => element.ref));
  return {
    content_changed: changed,
    content_delta: changed ? lineDelta(before.content, after.content) : null,
    elements_added: after.elements.filter((element) => !beforeRefs.has(element.ref)),
    elements_removed: before.elements
      .filter((element) => !afterRefs.has(element.ref))
      .map(({ ref, tag, role, label }) => ({ ref, tag, role, label })),
  };
}

/** Lines present in one text and not the other, counted as multisets so repeated lines are honest. */
function lineDelta(before: string, after: string): string {
  const count = (text: string): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const line of text.split('\n')) if (line.trim()) counts.set(line, (counts.get(line) ?? 0) + 1);
    return counts;
  };
  const old = count(before);
  const now = count(after);
  const pick = (lines: string[], other: Map<string, number>, sign: string): string[] => {
    const left = new Map(other);
    const out: string[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      const n = left.get(line) ?? 0;
      if (n > 0) left.set(line, n - 1);
      else out.push(`${sign} ${line}`);
    }
    return out;
  };
  const lines = [...pick(after.split('\n'), old, '+'), ...pick(before.split('\n'), now, '-')];
  let delta = '';
  for (const line of lines) {
    if (delta.length + line.length + 1 > MAX_DELTA) return `${delta}… (${lines.length} changed lines in all)`;
    delta += (delta ? '\n' : '') + line;
  }
  return delta;
}
