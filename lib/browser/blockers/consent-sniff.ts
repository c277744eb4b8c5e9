// What a document must show before autoconsent is worth starting in it, derived once per process
// from the rules the init script carries. Every rule detects a CMP by a sequence of steps that
// must all pass, so one step a rule cannot pass without is enough to sniff for: an element
// (exists / visible), or any of the alternatives of an `any` step. The few steps that are code
// (eval snippets) are translated here into what they test (a page global); the package's code
// rules (its dynamic CMPs) and its heuristic pass are listed by hand. A rule this module cannot
// account for stops the derivation with an error naming it, so a package update that adds one
// fails the tests (spec/lib/browser/blockers/consent-sniff.spec.ts) instead of going unsniffed.
import { decodeRules, type AutoConsentCMPRule, type AutoConsentRuleStep } from '@duckduckgo/autoconsent';
import type { SniffTargets, SpecialCheck } from '../injected/blockers/types.js';
import { shippedRules } from './consent-rules.js';

/** What the in-page sniff (lib/browser/injected/blockers/sniff.ts) looks for: any one of them is a hit. */
export interface SniffSigns {
  /**
   * CSS selectors, one complex selector each, those naming an id first. The browser answers a
   * lone selector naming an id from its id map, and any other lone selector by one cheap walk;
   * a list of them it matches against every element in turn, several times slower.
   */
  css: string[];
  /** XPath expressions (autoconsent's `xpath/` selectors). */
  xpath: string[];
  /** Window properties a CMP's script defines (the translated eval snippets and code rules). */
  globals: string[];
  /** Checks no selector expresses, coded in the sniff: Sourcepoint's frame URLs, Admiral's notice, the heuristic pass's popups. */
  special: SpecialCheck[];
}

type Condition = { css: string } | { xpath: string } | { global: string } | { special: SpecialCheck };

/**
 * The eval snippets a detect step may run, as the page global each tests (the package's
 * lib/eval-snippets.ts): only those a rule needs because it has no element step to sniff for.
 */
export const EVAL_GLOBALS: Readonly<Record<string, string>> = {
  EVAL_GDPR_LEGAL_COOKIE_DETECT_CMP: 'GDPR_LC',
};

/** The package's code rules (lib/cmps/all.ts), by name, with what their detectCmp() looks at. */
export const DYNAMIC_CMPS: Readonly<Record<string, readonly Condition[]>> = {
  'TrustArc-top': [{ css: '#truste-show-consent,#truste-consent-track' }],
  Cybotcookiebot: [{ global: 'Cookiebot' }],
  'Sourcepoint-frame': [{ special: 'sourcepoint-frame-url' }],
  'consentmanager.net': [{ global: '__cmp' }, { css: '#cmpbox' }],
  Evidon: [{ css: '#_evidon_banner' }],
  Onetrust: [{ css: '#onetrust-banner-sdk' }, { css: '#onetrust-pc-sdk' }],
  Klaro: [{ css: '.klaro > .cookie-modal' }, { css: '.klaro > .cookie-notice' }],
  Uniconsent: [{ css: '.unic .unic-box,.unic .unic-bar,.unic .unic-modal' }],
  Conversant: [{ css: '.cmp-root .cmp-receptacle' }],
  'tiktok.com': [{ css: 'tiktok-cookie-banner' }],
  'tumblr-com': [{ css: '#cmp-app-container' }],
  Admiral: [{ css: 'div > div[class*=Card] > div[class*=Frame] > div[class*=Pills] > button[class*=Pills__StyledPill]' }, { special: 'admiral-notice' }],
};

/** Selector prefixes autoconsent never matches (its querySingleReplySelector returns nothing for them). */
const NEVER_MATCHED = ['aria/', 'text/', 'pierce/'];

/**
 * A selector with the brackets and quotes it leaves open closed, as a browser closes them at
 * the end of a selector (some rules rely on that): in a list joined with others they would
 * swallow the selectors after them.
 */
export function closedSelector(selector: string): string {
  const open: string[] = [];
  let quote = '';
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === '\\') i++;
    else if (quote) quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '[') open.push(']');
    else if (char === '(') open.push(')');
    else if ((char === ']' || char === ')') && open.at(-1) === char) open.pop();
  }
  return selector + quote + open.reverse().join('');
}

/** A selector list's complex selectors (split at its top-level commas). */
export function complexSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i]!;
    if (char === '\\') i++;
    else if (quote) quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter((part) => part !== '');
}

/** The condition an element step stands for: the host part of a piercing array selector; null for a selector that never matches. */
function elementCondition(selector: unknown): Condition | null | undefined {
  const first: unknown = Array.isArray(selector) ? selector[0] : selector;
  if (typeof first !== 'string' || first === '') return undefined;
  if (NEVER_MATCHED.some((prefix) => first.startsWith(prefix))) return null;
  if (!first.startsWith('xpath/')) return { css: closedSelector(first) };
  const xpath = first.slice('xpath/'.length);
  // An element by id then a path of child elements reads as CSS, which the browser answers from
  // its id map; it evaluates XPath by walking the whole document.
  const byId = /^\/\/\*\[@id=(?:"([\w-]+)"|'([\w-]+)')\]((?:\/[a-zA-Z][\w-]*)*)$/.exec(xpath);
  if (!byId) return { xpath };
  const steps = byId[3]!.split('/').slice(1);
  return { css: [`#${byId[1] ?? byId[2]}`, ...steps].join(' > ') };
}

/**
 * What one step cannot pass without, as alternatives (any one may hold); null for a step that
 * can never pass; undefined for a step that does not tell (negated, optional, or unknown).
 */
function stepConditions(step: AutoConsentRuleStep): Condition[] | null | undefined {
  const fields = step as Record<string, unknown>;
  // A negated step, an optional one and a visibility check for `none` pass without the element.
  if (fields.negated === true || fields.optional === true || fields.check === 'none') return undefined;
  if ('exists' in fields || 'visible' in fields) {
    const condition = elementCondition(fields.exists ?? fields.visible);
    return condition === null ? null : condition && [condition];
  }
  if (typeof fields.eval === 'string') {
    const global = EVAL_GLOBALS[fields.eval];
    return global ? [{ global }] : undefined;
  }
  if (Array.isArray(fields.any)) {
    const alternatives = (fields.any as AutoConsentRuleStep[]).map(stepConditions);
    if (alternatives.some((conditions) => conditions === undefined)) return undefined;
    const possible = alternatives.filter((conditions): conditions is Condition[] => conditions !== null);
    return possible.length === 0 ? null : possible.flat();
  }
  return undefined;
}

/** What a rule's detection cannot succeed without; null when it never can; undefined when no step tells. */
export function ruleConditions(rule: AutoConsentCMPRule): Condition[] | null | undefined {
  let best: Condition[] | null | undefined;
  for (const step of rule.detectCmp ?? []) {
    const conditions = stepConditions(step);
    if (conditions === null) return null;
    // The step with the fewest alternatives is the cheapest to sniff for.
    if (conditions && (!best || conditions.length < best.length)) best = conditions;
  }
  return best;
}

let signs: SniffSigns | undefined;

/** The sniff's signs for the shipped generic and frame rules, the code rules and the heuristic pass. */
export function sniffSigns(): SniffSigns {
  if (signs) return signs;
  const conditions: Condition[] = [{ special: 'heuristic-popup' }, ...Object.values(DYNAMIC_CMPS).flat()];
  for (const rule of decodeRules(shippedRules().base)) {
    const needed = ruleConditions(rule);
    if (needed === undefined) throw new Error(`autoconsent: the consent sniff cannot tell when rule "${rule.name}" detects its CMP`);
    if (needed) conditions.push(...needed);
  }
  const unique = (values: string[]): string[] => [...new Set(values)];
  const css = unique(conditions.flatMap((c) => ('css' in c ? complexSelectors(c.css) : [])));
  const namesId = (selector: string): boolean => /#[\w-]/.test(selector.replace(/\[[^\]]*\]/g, ''));
  signs = {
    css: [...css.filter(namesId), ...css.filter((selector) => !namesId(selector))],
    xpath: unique(conditions.flatMap((c) => ('xpath' in c ? [c.xpath] : []))),
    globals: unique(conditions.flatMap((c) => ('global' in c ? [c.global] : []))),
    special: unique(conditions.flatMap((c) => ('special' in c ? [c.special] : []))) as SpecialCheck[],
  };
  return signs;
}

/**
 * The signs as the page's sniff takes it: its selectors sorted by how the page looks each up, done
 * once here rather than by three regular expressions per selector in every document. A lone id,
 * class or tag needs no selector parsed (the browser keeps only 256 parsed ones per document).
 */
export function sniffTargets(): SniffTargets {
  const { css, ...rest } = sniffSigns();
  const targets: SniffTargets = { ...rest, ids: [], classes: [], tags: [], selectors: [] };
  for (const selector of css) {
    if (/^#[\w-]+$/.test(selector)) targets.ids.push(selector.slice(1));
    else if (/^\.[\w-]+$/.test(selector)) targets.classes.push(selector.slice(1));
    else if (/^[a-z][\w-]*$/.test(selector)) targets.tags.push(selector);
    else targets.selectors.push(selector);
  }
  return targets;
}
