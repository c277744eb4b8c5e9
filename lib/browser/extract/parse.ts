/**
 * One extract field, its shape decoded (the selector strings are parsed later, by ./index.ts):
 * `one` is "selector", `all` is ["selector"], `each` is [{_parent, _limit?, ...fields}].
 */
export type SelectorForm =
  | { kind: 'one'; selector: string }
  | { kind: 'all'; selector: string }
  | { kind: 'each'; parent: string; limit?: number; fields: Record<string, SelectorForm> };

import type { Reader } from '../injected/extract/types.js';

/** One parsed selector string of an extract field. */
export type Extractor =
  | { kind: 'css'; selector: string; reader: Reader }
  | { kind: 'js'; expression: string }
  | { kind: 'ai'; description: string };

/** Why a selector string could not be parsed; `kind` names the rule it broke. */
export interface SelectorSyntaxError {
  kind: 'empty_selector' | 'empty_function' | 'bad_function' | 'empty_expression' | 'empty_description' | 'unbalanced';
  message: string;
}

/** The parser's answer: an extractor, or a typed syntax error. */
export type ParseResult = { ok: true; extractor: Extractor } | { ok: false; error: SelectorSyntaxError };

// An attribute name as HTML allows it (no spaces, quotes, `>`, `/`, `=`); `text` and `json` are taken.
const ATTRIBUTE = /^[^\s"'>/=]+$/;
const PREFIX = /^(js|ai)\s*>>/i;

/**
 * Parses one field's selector string: `js >> expr`, `ai >> description`, `selector >> function` or
 * `selector` alone. The function is split off at the last `>>` outside quotes, brackets and
 * parentheses, so CSS combinators and attribute values containing `>` stay in the selector.
 */
export function parseSelector(source: string): ParseResult {
  const input = source.trim();
  const prefix = PREFIX.exec(input);
  if (prefix) {
    const rest = input.slice(prefix[0].length).trim();
    if (prefix[1]!.toLowerCase() === 'js') {
      return rest ? ok({ kind: 'js', expression: rest }) : fail('empty_expression', 'js >> needs a JavaScript expression');
    }
    return rest ? ok({ kind: 'ai', description: rest }) : fail('empty_description', 'ai >> needs a description of what to extract');
  }
  const split = lastTopLevelArrow(input);
  if (split === 'unbalanced') return fail('unbalanced', `unbalanced quotes or brackets in selector "${input}"`);
  if (split === -1) return input ? ok({ kind: 'css', selector: input, reader: { kind: 'html' } }) : fail('empty_selector', 'empty selector');
  const selector = input.slice(0, split).trim();
  const fn = input.slice(split + 2).trim();
  if (!selector) return fail('empty_selector', `no selector before ">> ${fn}"`);
  if (!fn) return fail('empty_function', `nothing after ">>" in "${input}": expected text, json or an attribute name`);
  if (!ATTRIBUTE.test(fn)) return fail('bad_function', `"${fn}" is not text, json or an attribute name`);
  const lower = fn.toLowerCase();
  const reader: Reader = lower === 'text' || lower === 'json' ? { kind: lower } : { kind: 'attribute', name: fn };
  return ok({ kind: 'css', selector, reader });
}

/** The canonical string of an extractor; `parseSelector(printSelector(x))` gives `x` back. */
export function printSelector(extractor: Extractor): string {
  switch (extractor.kind) {
    case 'js':
      return `js >> ${extractor.expression}`;
    case 'ai':
      return `ai >> ${extractor.description}`;
    case 'css': {
      const { reader } = extractor;
      if (reader.kind === 'html') return extractor.selector;
      return `${extractor.selector} >> ${reader.kind === 'attribute' ? reader.name : reader.kind}`;
    }
  }
}

/** Index of the last `>>` outside quotes, brackets and parentheses; -1 if none. */
function lastTopLevelArrow(input: string): number | 'unbalanced' {
  const closers: string[] = [];
  let quote: string | null = null;
  let found = -1;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') closers.push(']');
    else if (ch === '(') closers.push(')');
    else if (ch === ']' || ch === ')') {
      if (closers.pop() !== ch) return 'unbalanced';
    } else if (ch === '>' && input[i + 1] === '>' && closers.length === 0) {
      found = i;
      i++;
    }
  }
  return quote || closers.length > 0 ? 'unbalanced' : found;
}

function ok(extractor: Extractor): ParseResult {
  return { ok: true, extractor };
}

function fail(kind: SelectorSyntaxError['kind'], message: string): ParseResult {
  return { ok: false, error: { kind, message } };
}
