// autoconsent's compact rules (797 rules, 250 KB of JSON), split once per process so that a
// document parses only what it can use. Every main frame needs the 200 generic rules; frames need
// the 28 frame rules; the other 571 rules each name the one site they are for (a URL pattern),
// and a document needs them only on that site. The init script carries the first two groups and
// the patterns of the third (with the texts a URL must hold to match each, so that a document
// compiles few of them); a document whose URL matches a pattern asks the node side for its
// rules (rulesFor), the rare case, through the binding autoconsent already talks over.
import { filterCompactRules, type CompactCMPRuleset, type IndexedCMPRuleset } from '@duckduckgo/autoconsent';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the init script carries: the rules every document may need, and the site patterns of the rest. */
export interface ShippedRules {
  /** The generic and frame rules with the strings they use, as an indexed ruleset the page narrows itself. */
  base: IndexedCMPRuleset;
  /** The URL patterns of the site rules a main frame may run, not in `base`: a match means asking rulesFor. */
  sitePatterns: string[];
  /**
   * For each pattern, text of which any URL it matches contains one (requiredTexts): a document
   * tests only the patterns whose text its URL holds, instead of compiling 571 regexes.
   */
  siteTexts: string[][];
}

/** Characters that end a run of literal text in a regular expression. */
const SPECIAL = new Set(['.', '^', '$', '(', ')', '[', ']', '{', '}', '|', '*', '+', '?']);
/** Escapes that stand for their character. */
const LITERAL_ESCAPES = new Set(['.', '/', '-', '\\', '^', '$', '(', ')', '[', ']', '{', '}', '|', '*', '+', '?', ':', '=', '!', '&', '#', '%', '_', '~']);

/**
 * For each top-level alternative of a (flagless) regular expression, the longest run of literal
 * text it requires outside any group, class or optional part ('' when it has none): whatever the
 * expression matches contains one of them.
 */
export function requiredTexts(pattern: string): string[] {
  const texts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (char === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) {
      texts.push(requiredText(pattern.slice(start, i)));
      start = i + 1;
    }
  }
  texts.push(requiredText(pattern.slice(start)));
  return texts;
}

/** The longest run of literal text an expression without top-level alternatives requires outside any group, class or optional part. */
function requiredText(pattern: string): string {
  let best = '';
  let run = '';
  let depth = 0;
  const end = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    let literal: string | undefined;
    if (char === '\\') {
      const next = pattern[++i] ?? '';
      if (depth === 0 && LITERAL_ESCAPES.has(next)) literal = next;
    } else if (char === '[') {
      // Skip the class, whose `]` may come escaped.
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && !SPECIAL.has(char)) literal = char;
    if (literal === undefined) {
      end();
      continue;
    }
    // A quantifier after the character makes it optional or repeated: only a `+` keeps it, and ends the run.
    const after = pattern[i + 1];
    if (after === '?' || after === '*' || after === '{') end();
    else if (after === '+') {
      run += literal;
      end();
    } else run += literal;
  }
  end();
  return best;
}

/** A rule's URL pattern and run context (main and frame flags), its fourth and fifth fields. */
const PATTERN = 3;
const RUN_CONTEXT = 4;
/** Run context of a rule for frames only, which a main frame never runs (the package's shouldRunRuleInContext). */
const FRAME_ONLY = 1;

let loaded: { full: IndexedCMPRuleset; shipped: ShippedRules } | undefined;

function load(): { full: IndexedCMPRuleset; shipped: ShippedRules } {
  if (loaded) return loaded;
  const path = fileURLToPath(import.meta.resolve('@duckduckgo/autoconsent/rules/compact-rules.json'));
  const full = JSON.parse(readFileSync(path, 'utf8')) as IndexedCMPRuleset;
  const { index } = full;
  // Generic rules come first, then the frame rules (which overlap the generic end and the site start), then the rest.
  const baseEnd = Math.max(index.genericRuleRange[1], index.frameRuleRange[1]);
  const stringEnd = Math.max(index.genericStringEnd, index.frameStringEnd);
  const base: IndexedCMPRuleset = {
    v: full.v,
    s: full.s.slice(0, stringEnd),
    r: full.r.slice(0, baseEnd),
    index: { ...index, specificRuleRange: [index.specificRuleRange[0], Math.min(index.specificRuleRange[1], baseEnd)] },
  };
  const sitePatterns = full.r
    .slice(Math.max(baseEnd, index.specificRuleRange[0]), index.specificRuleRange[1])
    .filter((rule) => rule[RUN_CONTEXT] !== FRAME_ONLY)
    .map((rule) => rule[PATTERN]);
  if (sitePatterns.some((pattern) => pattern === '')) throw new Error('autoconsent: a site rule without a URL pattern');
  loaded = { full, shipped: { base, sitePatterns, siteTexts: sitePatterns.map(requiredTexts) } };
  return loaded;
}

/** The rules the init script carries. */
export function shippedRules(): ShippedRules {
  return load().shipped;
}

/** Every rule a document at `url` may run, narrowed by the package as its own content script would be. */
export function rulesFor(url: string, mainFrame: boolean): CompactCMPRuleset {
  return filterCompactRules(load().full, { url, mainFrame });
}
