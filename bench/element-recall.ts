// Element recall for npm run bench:observe: on each page, the controls Playwright's
// page.ariaSnapshot({mode: 'ai'}) gives a ref (buttons, links, textboxes, checkboxes, options,
// tabs, tree items, menu items, ...) that tabwright's walker also lists (include_links, so links
// count), matched by role and name (or, where the names differ, by being the same element with the
// same role); and the share of the listed elements a click can reach (the
// element itself, or something inside it, is what elementFromPoint finds at the centre of its box,
// or of the part that draws it when it has no area, once scrolled into view). Both are measured in
// a raw page of the bench's browser with the session's in-page scripts (click hooks at document
// start, the walker installed on first use): the same walker an observe act runs, without the API
// around it.
import type { Browser, Page } from 'playwright';
import { hooksScript, inPage } from '../lib/browser/program.js';
import { PROGRAM_KEY } from '../lib/browser/injected/names.js';
import type { WalkOptions, WalkResult } from '../lib/browser/injected/walk/types.js';

/** The roles Playwright's snapshot gives refs to that an agent acts on. */
const CONTROL_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option', 'tab', 'treeitem',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'switch', 'slider', 'spinbutton',
]);
/** Roles that name the same kind of control in either list. */
const SAME_ROLE: Record<string, string> = { searchbox: 'textbox', menuitemcheckbox: 'menuitem', menuitemradio: 'menuitem', switch: 'checkbox' };
const SNAPSHOT_LINE = /^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?.*\[ref=([^\]]+)\]/;
/** Misses printed per page, at most. */
const MISSES_SHOWN = 4;

interface Control {
  role: string;
  name: string;
  /** The snapshot's ref, for Playwright's aria-ref= selector. */
  ref?: string;
}

/** One page's figures. */
export interface RecallRow {
  name: string;
  /** Controls with a ref in the aria snapshot. */
  aria: number;
  /** Of those missed, how many lie inside an aria-hidden="true" subtree (listed only while no modal dialog shows). */
  ariaHidden: number;
  /** Of those, how many tabwright lists. */
  matched: number;
  /** Elements tabwright lists. */
  listed: number;
  /** Of those, how many a click at the centre of their box reaches. */
  reachable: number;
  /** Some aria controls tabwright did not list, for a look. */
  missed: string[];
}

/** Lower case, spaces squashed, a cut label's ellipsis dropped (so that it still holds as a prefix). */
const norm = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').replace(/…$/, '').trim();
const kind = (role: string): string => SAME_ROLE[role] ?? role;

/** The controls of an ai-mode aria snapshot: role and name of each line with a ref and a control role. */
export function snapshotControls(snapshot: string): Control[] {
  const controls: Control[] = [];
  for (const line of snapshot.split('\n')) {
    const match = SNAPSHOT_LINE.exec(line);
    if (!match || !CONTROL_ROLES.has(match[1]!)) continue;
    let name = match[2] ?? '';
    try {
      name = JSON.parse(`"${name}"`) as string;
    } catch {
      // Left as written.
    }
    controls.push({ role: kind(match[1]!), name: norm(name), ref: match[3]! });
  }
  return controls;
}

/**
 * How many of `wanted` find a partner in `listed`, one each: same role and same name first, then
 * a name that holds the other (labels are cut at 120 characters, names are not), then, for a
 * control without a name, any left of its role. Returns the matched count and the unmatched.
 */
export function matchControls(wanted: Control[], listed: Control[]): { matched: number; missed: Control[] } {
  const free = listed.map((control) => ({ ...control, used: false }));
  const open = wanted.map((control) => ({ ...control, done: false }));
  const passes: Array<(a: Control, b: Control) => boolean> = [
    (a, b) => a.name === b.name,
    (a, b) => a.name !== '' && b.name !== '' && (a.name.includes(b.name) || b.name.includes(a.name)),
    (a) => a.name === '',
  ];
  for (const same of passes) {
    for (const want of open) {
      if (want.done) continue;
      const partner = free.find((candidate) => !candidate.used && candidate.role === want.role && same(want, candidate));
      if (partner) {
        partner.used = true;
        want.done = true;
      }
    }
  }
  const missed = open.filter((want) => !want.done);
  return { matched: open.length - missed.length, missed };
}

/** For each control of the snapshot, whether the walk listed that very element with the same role. */
async function sameElements(page: Page, controls: Control[], elements: WalkResult['elements']): Promise<boolean[]> {
  const found: boolean[] = [];
  for (const control of controls) {
    const marked = await page
      .locator(`aria-ref=${control.ref}`)
      .evaluate((el) => el.setAttribute('data-recall-mark', ''), undefined, { timeout: 1_000 })
      .then(() => true)
      .catch(() => false);
    if (!marked) {
      found.push(false);
      continue;
    }
    const role = await page.evaluate(
      ({ key, refs }) => {
        const api = (globalThis as unknown as Record<symbol, { resolve(r: string): { element: Element } | null }>)[Symbol.for(key)]!;
        const index = refs.findIndex((ref) => api.resolve(ref)?.element.hasAttribute('data-recall-mark'));
        document.querySelector('[data-recall-mark]')?.removeAttribute('data-recall-mark');
        return index;
      },
      { key: PROGRAM_KEY, refs: elements.map((element) => element.ref) },
    );
    found.push(role >= 0 && kind(elements[role]!.role) === control.role);
  }
  return found;
}

/** Of the walk's elements, how many a click at the centre of their box would reach. */
function reachable(page: Page, refs: string[]): Promise<number> {
  return page.evaluate(
    ({ key, refs }) => {
      const api = (globalThis as unknown as Record<symbol, { resolve(r: string): { element: Element } | null }>)[Symbol.for(key)]!;
      const inside = (hit: Element | null, el: Element): boolean => {
        for (let node: Node | null = hit; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) {
          if (node === el) return true;
        }
        return false;
      };
      let count = 0;
      for (const ref of refs) {
        const el = api.resolve(ref)?.element;
        if (!el) continue;
        // An element without area of its own (a link around a floated icon) is clicked on the first
        // shown part of it that has (drawnPart in lib/browser/injected/target/click-point.ts).
        const area = (node: Element): boolean => node.getBoundingClientRect().width >= 1 && node.getBoundingClientRect().height >= 1;
        const part = area(el) ? el : (Array.from(el.getElementsByTagName('*')).slice(0, 12).find((node) => area(node) && node.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) ?? el);
        part.scrollIntoView({ block: 'center', inline: 'center' });
        const box = part.getBoundingClientRect();
        const hit = el.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        // A visually hidden checkbox is clicked through its label.
        const labels = Array.from((el as HTMLInputElement).labels ?? []);
        if (inside(hit, el) || labels.some((label) => inside(hit, label))) count++;
      }
      return count;
    },
    { key: PROGRAM_KEY, refs },
  );
}

const WALK: WalkOptions = { mode: 'main', format: 'markdown', includeLinks: true, includeMap: false, maxTextLength: 1_000_000, nextRef: 1 };

/** One page's recall and reach, in a fresh context of `browser`. */
async function measure(browser: Browser, name: string, url: string): Promise<RecallRow> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    await context.addInitScript({ content: hooksScript() });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const aria = snapshotControls(await page.ariaSnapshot({ mode: 'ai' }));
    const walk = await inPage(page, 'walk', WALK);
    const listed = walk.elements.map((element) => ({ role: kind(element.role), name: norm(element.label) }));
    const byName = matchControls(aria, listed);
    // Names can differ where tabwright names what the snapshot leaves unnamed (an icon's file
    // name, an image link): a miss whose very element tabwright lists with the same role counts.
    const listedHere = await sameElements(page, byName.missed, walk.elements);
    const missed = byName.missed.filter((_, i) => !listedHere[i]);
    const matched = byName.matched + (byName.missed.length - missed.length);
    const hidden = await Promise.all(
      missed.map((control) =>
        page
          .locator(`aria-ref=${control.ref}`)
          .evaluate((el) => el.closest('[aria-hidden="true"]') !== null, undefined, { timeout: 1_000 })
          .catch(() => false),
      ),
    );
    const shown = missed.filter((_, i) => !hidden[i]);
    return {
      name,
      aria: aria.length,
      ariaHidden: hidden.filter(Boolean).length,
      matched,
      listed: listed.length,
      reachable: await reachable(page, walk.elements.map((element) => element.ref)),
      missed: shown.slice(0, MISSES_SHOWN).map((control) => `${control.role} "${control.name.slice(0, 40)}"`),
    };
  } finally {
    await context.close();
  }
}

/** Measures every page and prints a line each and the totals (recall and reach pooled over all controls). */
export async function elementRecall(browser: Browser, pages: Array<{ name: string; url: string }>): Promise<{ recall: number; exposed: number; reach: number }> {
  console.log(`\nelement recall against page.ariaSnapshot({mode: 'ai'}) (include_links) and click reach`);
  console.log(`${'page'.padEnd(18)} aria ctrls  matched   recall  exposed  recall*   listed  reached    reach   missed, not aria-hidden (some)`);
  const rows: RecallRow[] = [];
  for (const { name, url } of pages) {
    const row = await measure(browser, name, url);
    rows.push(row);
    const recall = row.aria ? row.matched / row.aria : 1;
    const exposed = row.aria - row.ariaHidden;
    const reach = row.listed ? row.reachable / row.listed : 1;
    console.log(
      `${name.padEnd(18)}${String(row.aria).padStart(11)}${String(row.matched).padStart(9)}${pct(recall)}${String(exposed).padStart(9)}${pct(exposed ? row.matched / exposed : 1)}${String(row.listed).padStart(9)}` +
        `${String(row.reachable).padStart(9)}${pct(reach)}   ${row.missed.join(', ')}`,
    );
  }
  const total = (pick: (row: RecallRow) => number): number => rows.reduce((sum, row) => sum + pick(row), 0);
  const recall = total((row) => row.matched) / Math.max(1, total((row) => row.aria));
  const exposed = total((row) => row.matched) / Math.max(1, total((row) => row.aria - row.ariaHidden));
  const reach = total((row) => row.reachable) / Math.max(1, total((row) => row.listed));
  const mean = rows.reduce((sum, row) => sum + (row.aria ? row.matched / row.aria : 1), 0) / Math.max(1, rows.length);
  console.log(
    `element recall ${pct(recall).trim()} of ${total((row) => row.aria)} aria controls (page mean ${pct(mean).trim()}; target ≥ 97%);` +
      ` recall* ${pct(exposed).trim()} of the ${total((row) => row.aria - row.ariaHidden)} not inside aria-hidden; click reach ${pct(reach).trim()} of ${total((row) => row.listed)} listed`,
  );
  return { recall, exposed, reach };
}

const pct = (value: number): string => `${(value * 100).toFixed(1)}%`.padStart(9);
