import type { Page } from 'playwright';
import { AiResolveError, resolveAiSelector, RESOLVE_LIMIT_MS } from '../ai/index.js';
import { WALK_LIMIT_MS } from '../deadline.js';
import { StepError } from '../../contract/errors.js';
import { evaluateExpression, ExpressionError } from './js.js';
import type { FieldQuery, Reader } from '../injected/extract/types.js';
import { inPage } from '../program.js';
import { parseSelector, type SelectorForm } from './parse.js';

export { parseSelector, printSelector, type Extractor, type ParseResult, type SelectorForm, type SelectorSyntaxError } from './parse.js';

/** How long a `js >>` expression may run, in ms. */
export const JS_TIMEOUT_MS = 10_000;

/**
 * The longest extracting `fields` may take: one pass over the page, each `js >>` expression's
 * time limit and each `ai >>` resolution. A field that does not parse costs nothing: it fails at once.
 */
export function extractionLimitMs(fields: Record<string, SelectorForm>, jsTimeoutMs = JS_TIMEOUT_MS): number {
  let total = WALK_LIMIT_MS;
  for (const form of Object.values(fields)) {
    if (form.kind === 'each') continue;
    const parsed = parseSelector(form.selector);
    if (!parsed.ok) continue;
    if (parsed.extractor.kind === 'js') total += jsTimeoutMs + JS_SLACK_MS;
    if (parsed.extractor.kind === 'ai') total += RESOLVE_LIMIT_MS;
  }
  return total;
}

/** Opening the CDP session an expression runs through, and the node side's timer past Chromium's own. */
const JS_SLACK_MS = 1_000;

/** Options of one extraction. */
export interface ExtractOptions {
  /** Re-resolve `ai >>` selectors even when cached. */
  refreshSelectors: boolean;
  jsTimeoutMs?: number;
  signal?: AbortSignal;
}

// A top-level field after parsing: page-side fields, `js >>`, and `ai >>` awaiting a selector.
type Compiled = { kind: 'page'; query: FieldQuery } | { kind: 'js'; expression: string } | { kind: 'ai'; description: string; all: boolean };

/**
 * Extracts every field from the page: `ai >>` descriptions are resolved to selectors first, then
 * all selector fields are read in one in-page pass, then `js >>` expressions run in order.
 * Returns the values by field name, in the order given; any failure is `extract_failed` naming the field.
 */
export async function extractFields(page: Page, fields: Record<string, SelectorForm>, options: ExtractOptions): Promise<Record<string, unknown>> {
  const compiled = Object.entries(fields).map(([name, form]) => [name, compile(form, name, true)] as const);

  const pagePlans: Array<[string, FieldQuery]> = [];
  for (const [name, field] of compiled) {
    if (field.kind === 'page') pagePlans.push([name, field.query]);
    if (field.kind !== 'ai') continue;
    let selector: string;
    try {
      selector = await resolveAiSelector(page, field.description, { refresh: options.refreshSelectors, signal: options.signal });
    } catch (error) {
      if (error instanceof AiResolveError) throw failed(name, error.message);
      throw error;
    }
    pagePlans.push([name, { kind: field.all ? 'all' : 'one', path: name, selector, reader: { kind: 'text' } }]);
  }

  const values = new Map<string, unknown>();
  if (pagePlans.length > 0) {
    let answer;
    try {
      answer = await inPage(page, 'extract', pagePlans);
    } catch (error) {
      // The page went away under the evaluation (navigation, crash): nothing could be read.
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
      throw failed(pagePlans[0]![0], `the page could not be read: ${message}`);
    }
    if (!answer.ok) throw failed(answer.path, answer.message);
    for (const [name, value] of Object.entries(answer.values)) values.set(name, value);
  }

  for (const [name, field] of compiled) {
    if (field.kind !== 'js') continue;
    try {
      values.set(name, await evaluateExpression(page, field.expression, options.jsTimeoutMs ?? JS_TIMEOUT_MS));
    } catch (error) {
      if (error instanceof ExpressionError) throw failed(name, error.message);
      throw error;
    }
  }
  return Object.fromEntries(compiled.map(([name]) => [name, values.get(name) ?? null]));
}

/** Parses a field's selector strings into what the page evaluates; syntax errors fail the field. */
function compile(form: SelectorForm, path: string, topLevel: boolean): Compiled {
  if (form.kind === 'each') {
    const parent = parseSelector(form.parent);
    if (!parent.ok) throw failed(path, `_parent: ${parent.error.message}`);
    if (parent.extractor.kind !== 'css' || parent.extractor.reader.kind !== 'html') {
      throw failed(path, '_parent must be a plain CSS selector, without ">>"');
    }
    const fields = Object.entries(form.fields).map(([name, field]): [string, FieldQuery] => {
      const inner = compile(field, `${path}[].${name}`, false);
      if (inner.kind !== 'page') throw failed(`${path}[].${name}`, 'js >> and ai >> can only be used as top-level fields');
      return [name, inner.query];
    });
    return { kind: 'page', query: { kind: 'each', path, parent: parent.extractor.selector, limit: form.limit ?? null, fields } };
  }
  const parsed = parseSelector(form.selector);
  if (!parsed.ok) throw failed(path, parsed.error.message);
  const { extractor } = parsed;
  if (extractor.kind === 'js') {
    if (form.kind === 'all' || !topLevel) throw failed(path, 'js >> gives one value: use it as a plain top-level field, not in [ ]');
    return { kind: 'js', expression: extractor.expression };
  }
  if (extractor.kind === 'ai') {
    if (!topLevel) throw failed(path, 'ai >> can only be used as a top-level field');
    return { kind: 'ai', description: extractor.description, all: form.kind === 'all' };
  }
  const reader: Reader = extractor.reader;
  return { kind: 'page', query: { kind: form.kind, path, selector: extractor.selector, reader } as FieldQuery };
}

function failed(field: string, message: string): StepError {
  return new StepError('extract_failed', `Could not extract "${field}": ${message}`, { field });
}
