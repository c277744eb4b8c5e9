import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright';
import { bounded, WALK_LIMIT_MS } from '../deadline.js';
import { evaluateTop } from '../evaluate.js';

const scripts = new Map<string, string>();

/** A bundle scripts/bundles.mjs wrote next to this file's compiled output, read once. */
function bundle(name: string): string {
  let text = scripts.get(name);
  if (text === undefined) scripts.set(name, (text = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')));
  return text;
}

/** What every document starts with (context.addInitScript): the click-listener hooks, a few hundred bytes. */
export const hooksScript = (): string => bundle('hooks.bundle.js');

/** The in-page walker: every top document's (topWalkerScript), a frame's on first use (a second run does nothing). */
export const pageScript = (): string => bundle('page.bundle.js');

let topWalker: string | undefined;

/**
 * The walker as an init script for every document of a page's top frame, so an observation
 * or action finds it there. Chromium compiles an init script once per renderer and reuses the
 * code for every later document, where an evaluate of the bundle compiles its 117 KB again in
 * each (some 5 ms of the renderer's CPU). Frames skip it before doing anything: a frame's walker
 * is installed when a walk first needs it, as before.
 */
export function topWalkerScript(): string {
  if (topWalker === undefined) {
    const strict = '"use strict";';
    const body = pageScript().trim();
    topWalker = `(function () { ${strict} if (window !== window.top) return; ${body.startsWith(strict) ? body.slice(strict.length) : body} })();`;
  }
  return topWalker;
}

/** Installs the walker in the current document of the page's top frame (or of `page` itself, a frame), if it has none yet. */
export async function installWalker(page: Page | Frame): Promise<void> {
  await page.evaluate(pageScript());
}

/**
 * Runs `fn(arg)` in the page's top document (or a frame), which answers null when the walker is
 * not installed there (a frame, a document its init script missed); then installs it and runs
 * `fn` once more. A document that went away in between (a navigation) may need it again: one
 * more round, then it fails.
 * All of it within WALK_LIMIT_MS, under the page's deadline.
 */
export function withWalker<A, R>(page: Page | Frame, fn: (arg: A) => R | null | Promise<R | null>, arg: A): Promise<R> {
  // Plain data in, plain data out: Playwright's handle unboxing has nothing to do here.
  const run = (): Promise<R | null> =>
    'mainFrame' in page ? evaluateTop(page, fn, arg) : page.evaluate(fn as (arg: unknown) => R | null | Promise<R | null>, arg as unknown);
  return bounded(page, WALK_LIMIT_MS, async () => {
    let result = await run();
    for (let installs = 0; result === null && installs < 2; installs++) {
      await installWalker(page);
      result = await run();
    }
    if (result === null) throw new Error('the page walker could not be installed');
    return result;
  });
}
