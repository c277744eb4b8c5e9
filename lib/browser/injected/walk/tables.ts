import type { Out } from './out.js';
import { isElement, roleAttr } from './tree.js';

/** What the table renderer needs from the markdown renderer. */
export interface CellRenderer {
  /** False when the element is not shown. */
  shown(el: Element): boolean;
  /** The children to walk. */
  children(node: Node): ArrayLike<Node>;
  /** An element's content as one line of markdown. */
  inline(el: Element): string;
}

const count = (value: string | null, max: number): number => {
  const n = value ? parseInt(value, 10) : 1;
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : 1;
};

/** Rows and columns as Readability counts them. */
function size(table: Element): { rows: number; columns: number } {
  let rows = 0;
  let columns = 0;
  for (const tr of Array.from(table.getElementsByTagName('tr'))) {
    rows += count(tr.getAttribute('rowspan'), 1000);
    let inRow = 0;
    for (const td of Array.from(tr.getElementsByTagName('td'))) inRow += count(td.getAttribute('colspan'), 1000);
    columns = Math.max(columns, inRow);
  }
  return { rows, columns };
}

/**
 * A data table (rendered as a GFM table) rather than a layout one (rendered as blocks): the same
 * signals Readability and Firefox use.
 */
export function isDataTable(table: Element): boolean {
  const role = roleAttr(table);
  if (role === 'presentation' || role === 'none') return false;
  if (table.getAttribute('datatable') === '0') return false;
  // A table that holds tables lays out a page, whatever else it has.
  if (table.getElementsByTagName('table').length) return false;
  if (table.getAttribute('summary')) return true;
  const caption = table.getElementsByTagName('caption')[0];
  if (caption && caption.childNodes.length) return true;
  if (['col', 'colgroup', 'tfoot', 'thead', 'th'].some((tag) => table.getElementsByTagName(tag).length > 0)) return true;
  const { rows, columns } = size(table);
  if (rows <= 1 || columns <= 1) return false;
  if (rows >= 10 || columns > 4) return true;
  return rows * columns > 10;
}

/** The shown child elements of `node` with one of `tags`. */
function childrenTagged(r: CellRenderer, node: Node, tags: Set<string>): Element[] {
  const found: Element[] = [];
  const children = r.children(node);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (isElement(child) && tags.has(child.localName) && r.shown(child)) found.push(child);
  }
  return found;
}

const SECTIONS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'caption']);
const CELLS = new Set(['td', 'th']);
const ROWS = new Set(['tr']);

/**
 * A data table as GFM lines: header row from the thead (else the first row), `|` escaped, cells
 * on one line, colspans repeated in the header and left blank below, rowspans filled blank.
 * Returns the caption (if any) and the table lines.
 */
export function tableLines(r: CellRenderer, table: Element): { caption: string; lines: string[] } {
  let caption = '';
  const head: Element[] = [];
  const body: Element[] = [];
  for (const section of childrenTagged(r, table, SECTIONS)) {
    const tag = section.localName;
    if (tag === 'caption') caption = r.inline(section);
    else if (tag === 'tr') body.push(section);
    else if (tag === 'thead') head.push(...childrenTagged(r, section, ROWS));
    else body.push(...childrenTagged(r, section, ROWS));
  }
  const rows = [...head, ...body];
  if (rows.length === 0) return { caption, lines: [] };
  const pending: number[] = [];
  const grid = rows.map((row) => {
    const cells: string[] = [];
    let col = 0;
    const fillSpanned = (): void => {
      while ((pending[col] ?? 0) > 0) {
        pending[col]!--;
        cells[col++] = '';
      }
    };
    for (const cell of childrenTagged(r, row, CELLS)) {
      fillSpanned();
      const text = r.inline(cell).replace(/\|/g, '\\|');
      const colspan = count(cell.getAttribute('colspan'), 50);
      const rowspan = count(cell.getAttribute('rowspan'), 500);
      for (let k = 0; k < colspan; k++) {
        cells[col + k] = k === 0 ? text : '';
        if (rowspan > 1) pending[col + k] = rowspan - 1;
      }
      col += colspan;
    }
    for (; col < pending.length; col++) {
      if ((pending[col] ?? 0) > 0) {
        pending[col]!--;
        cells[col] = '';
      }
    }
    return cells;
  });
  const width = Math.max(...grid.map((cells) => cells.length));
  if (width === 0) return { caption, lines: [] };
  const line = (cells: string[]): string => {
    const padded = Array.from({ length: width }, (_, i) => cells[i] ?? '');
    return `| ${padded.join(' | ')} |`;
  };
  // Empty rows (spacers) say nothing; the header row stays whatever it holds.
  const lines = grid.filter((cells, i) => i === 0 || cells.some((cell) => cell)).map(line);
  lines.splice(1, 0, `|${' --- |'.repeat(width)}`);
  return { caption, lines };
}

/** A key cell longer than this is prose, not a name. */
const KEY_MAX = 80;
/** A value cell longer than this lays out a page rather than stating a value. */
const VALUE_MAX = 500;

/**
 * A small two-column table without header cells (a product's specifications, a contact card):
 * its rows as `key: value` lines, or null when it is not one (a row without exactly two cells,
 * fewer than two rows, a nested table, a key or value too long to be one).
 */
export function keyValueLines(r: CellRenderer, table: Element): string[] | null {
  if (table.getElementsByTagName('table').length) return null;
  const rows: Element[] = [];
  for (const section of childrenTagged(r, table, SECTIONS)) {
    if (section.localName === 'tr') rows.push(section);
    else if (section.localName !== 'caption') rows.push(...childrenTagged(r, section, ROWS));
  }
  if (rows.length < 2) return null;
  const lines: string[] = [];
  for (const row of rows) {
    const cells = childrenTagged(r, row, CELLS);
    if (cells.length !== 2) return null;
    const key = r.inline(cells[0]!);
    const value = r.inline(cells[1]!);
    if (key.length > KEY_MAX || value.length > VALUE_MAX) return null;
    if (key || value) lines.push(key && value ? `${key.replace(/:$/, '')}: ${value}` : key || value);
  }
  return lines.length >= 2 ? lines : null;
}

/**
 * Writes `table` to `out`: a data table as GFM lines (under its caption), a small two-column one
 * as `key: value` lines. False for a layout table, which the caller renders as blocks.
 */
export function writeTable(out: Out, r: CellRenderer, table: Element): boolean {
  if (isDataTable(table)) {
    const { caption, lines } = tableLines(r, table);
    out.block();
    if (caption) {
      out.text(caption);
      out.block();
    }
    if (lines.length) out.verbatim(lines);
    out.block();
    return true;
  }
  const pairs = keyValueLines(r, table);
  if (!pairs) return false;
  out.block();
  for (const line of pairs) {
    out.text(line);
    out.lineBreak();
  }
  out.block();
  return true;
}
