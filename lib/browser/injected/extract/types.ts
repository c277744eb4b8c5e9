// What the extraction in the page is asked and answers, as node sees it: free of the DOM, so
// node code imports it (the page's side is ./fields.ts; lib/browser/extract parses and plans).

/** What is read from a CSS match: `text`, `json`, an attribute, or (no function) the outer HTML. */
export type Reader = { kind: 'text' } | { kind: 'json' } | { kind: 'html' } | { kind: 'attribute'; name: string };

/** One field as the in-page evaluator receives it; `path` names it in errors (`products[].price`). */
export type FieldQuery =
  | { kind: 'one'; path: string; selector: string; reader: Reader }
  | { kind: 'all'; path: string; selector: string; reader: Reader }
  | { kind: 'each'; path: string; parent: string; limit: number | null; fields: Array<[string, FieldQuery]> };

/** The evaluator's answer: the values by field name, or the first field that failed. */
export type FieldValues = { ok: true; values: Record<string, unknown> } | { ok: false; path: string; message: string };
