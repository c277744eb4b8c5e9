// In the page: every field of an extract step resolved in one pass (lib/browser/extract plans the
// fields and asks this once per step).
import { squash } from '../strings.js';
import type { FieldQuery, FieldValues, Reader } from './types.js';

/** The most columns a table cell may span; a span past it counts as this. */
const MAX_COLSPAN = 1_000;

/** A field that could not be read: its path and why. */
class FieldFailure extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Sets `key` as an own data property, so a field named __proto__ stays a field. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const textOf = (el: Element): string => squash(el instanceof HTMLElement ? el.innerText : (el.textContent ?? ''));

function queryAll(root: ParentNode, selector: string, path: string): Element[] {
  // querySelectorAll never returns its root; `:scope` alone names the parent match itself.
  if (selector.trim() === ':scope' && root instanceof Element) return [root];
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch (error) {
    throw new FieldFailure(path, `invalid CSS selector "${selector}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `value` as an absolute URL against the document's base; as it is when it is no URL. */
function absolute(doc: Document, value: string): string {
  try {
    return new URL(value, doc.baseURI).href;
  } catch {
    return value;
  }
}

/** A table's cells as a grid of texts, spans expanded (values repeat across a span). */
function cellGrid(rows: HTMLTableRowElement[]): string[][] {
  const grid: string[][] = [];
  rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of Array.from(row.cells)) {
      while (grid[r][c] !== undefined) c++;
      const colspan = Math.max(1, Math.min(cell.colSpan || 1, MAX_COLSPAN));
      const rowspan = Math.max(1, Math.min(cell.rowSpan || 1, rows.length - r));
      const text = textOf(cell);
      for (let dr = 0; dr < rowspan; dr++) {
        grid[r + dr] ??= [];
        for (let dc = 0; dc < colspan; dc++) grid[r + dr]![c + dc] = text;
      }
      c += colspan;
    }
  });
  return grid;
}

/**
 * The name of each column: the texts of the header rows (each distinct text once, "Price USD"),
 * or column_N; a header spanning columns, or a repeated name, numbers its later columns (Price, Price_2).
 */
function columnNames(grid: string[][], headRows: number): string[] {
  const width = Math.max(0, ...grid.map((cells) => cells.length));
  const names: string[] = [];
  const taken = new Set<string>();
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (let r = 0; r < headRows; r++) {
      const part = grid[r]?.[c] ?? '';
      if (part && !parts.includes(part)) parts.push(part);
    }
    let name = parts.join(' ') || `column_${c + 1}`;
    if (taken.has(name)) {
      let n = 2;
      while (taken.has(`${name}_${n}`)) n++;
      name = `${name}_${n}`;
    }
    taken.add(name);
    names.push(name);
  }
  return names;
}

/** Rows of a table keyed by its header cells, spans expanded into a grid. */
function tableRows(table: HTMLTableElement): Array<Record<string, string>> {
  const rows = Array.from(table.rows);
  const grid = cellGrid(rows);
  if (rows.length === 0) return [];
  const head = table.tHead && table.tHead.rows.length > 0 ? table.tHead.rows.length : 1;
  const names = columnNames(grid, head);
  const out: Array<Record<string, string>> = [];
  for (let r = head; r < grid.length; r++) {
    const cells = grid[r] ?? [];
    if (cells.length === 0) continue;
    const entry: Record<string, string> = {};
    names.forEach((name, c) => put(entry, name, cells[c] ?? ''));
    out.push(entry);
  }
  return out;
}

function read(el: Element, reader: Reader, path: string): unknown {
  switch (reader.kind) {
    case 'text':
      return textOf(el);
    case 'html':
      return el instanceof HTMLTableElement ? tableRows(el) : el.outerHTML;
    case 'json': {
      const text = el.textContent ?? '';
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new FieldFailure(path, `the match is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    case 'attribute': {
      const value = el.getAttribute(reader.name);
      if (value === null) return null;
      const name = reader.name.toLowerCase();
      return name === 'href' || name === 'src' ? absolute(el.ownerDocument, value) : value;
    }
  }
}

function resolve(root: ParentNode, query: FieldQuery): unknown {
  if (query.kind === 'one') {
    const first = queryAll(root, query.selector, query.path)[0];
    return first === undefined ? null : read(first, query.reader, query.path);
  }
  if (query.kind === 'all') {
    const { selector, reader, path } = query;
    return queryAll(root, selector, path).map((el) => read(el, reader, path));
  }
  let parents = queryAll(root, query.parent, query.path);
  if (query.limit !== null) parents = parents.slice(0, query.limit);
  return parents.map((parent) => {
    const entry: Record<string, unknown> = {};
    for (const [name, field] of query.fields) put(entry, name, resolve(parent, field));
    return entry;
  });
}

/** Every field in the document, by name; or the first field that failed, with why. */
export function extract(doc: Document, fields: Array<[string, FieldQuery]>): FieldValues {
  try {
    const values: Record<string, unknown> = {};
    for (const [name, query] of fields) put(values, name, resolve(doc, query));
    return { ok: true, values };
  } catch (error) {
    if (error instanceof FieldFailure) return { ok: false, path: error.path, message: error.message };
    throw error;
  }
}
