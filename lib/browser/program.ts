// The injected program (lib/browser/injected) as node sees it: the scripts scripts/bundles.mjs
// built from it, and the one typed way to call its API in a document, on an element, or for an
// element. Calls on a page's top document go to Chromium as one Runtime.evaluate over the CDP
// session the page's deadline already holds, not through page.evaluate: measured on this machine,
// a page.evaluate costs about 1.15 ms of CPU across node, the browser and the renderer, and the
// same call as Runtime.evaluate 0.85 ms (Playwright's evaluate adds its own argument and result
// encoding, a helper script it installs in every document first, 13.6 KB, and more protocol
// traffic). Frames, element handles and arguments holding handles go through Playwright, which
// knows their execution contexts.
import { readFileSync } from 'node:fs';
import type { ElementHandle, Frame, JSHandle, Page } from 'playwright';
import { callProgram, type Call } from './injected/bridge.js';
import { PROGRAM_KEY } from './injected/names.js';
import type { Answer, DataAnswering, ElementAnswering, ElementCalls, NodeSide, PageCalls } from './injected/protocol.js';
import { deadlineOf } from './deadline.js';

const bundles = new Map<string, string>();

/** A bundle scripts/bundles.mjs wrote next to this file's compiled output, read once. */
function bundle(name: string): string {
  let text = bundles.get(name);
  if (text === undefined) bundles.set(name, (text = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')));
  return text;
}

/** The whole program: what a document needs before node can call it (a second run does nothing). */
export const programScript = (): string => bundle('program.bundle.js');

/** The click-listener hooks every document of every frame starts with (context.addInitScript), before the page's own scripts. */
export const hooksScript = (): string => bundle('hooks.bundle.js');

/** The mutation clock every document of every frame starts with (context.addInitScript), for the stability check. */
export const clockScript = (): string => bundle('clock.bundle.js');

/** The blockers' start of every document (the input watch and the consent starter), given what the starter needs as `start`. */
export const blockersBootScript = (start: unknown): string =>
  `(() => {\n${bundle('blockers.bundle.js')}\n__tabwrightBlockers.boot(${JSON.stringify(start)});\n})()`;

/** The consent kit (autoconsent), evaluated only in a document whose sniff found signs of a banner. */
export const consentKitSource = (): string => bundle('consent.bundle.js');

let topProgram: string | undefined;

/**
 * The program as an init script for every document of a page's top frame, so a call finds it
 * there. Chromium compiles an init script once per renderer and reuses the code for every later
 * document, where an evaluate of the bundle would compile it again in each (some 5 ms of the
 * renderer's CPU). Frames skip it before doing anything: a frame gets the program when a call
 * first needs it there.
 */
export function topProgramScript(): string {
  if (topProgram === undefined) {
    const strict = '"use strict";';
    const body = programScript().trim();
    topProgram = `(function () { ${strict} if (window !== window.top) return; ${body.startsWith(strict) ? body.slice(strict.length) : body} })();`;
  }
  return topProgram;
}

/** Where a call runs: a page's top document, a frame's, or the document of an element node holds. */
type Where = Page | Frame;

const isPage = (where: Where): where is Page => 'mainFrame' in where;
const holdsHandle = (value: unknown): boolean => (Array.isArray(value) ? value.some(holdsHandle) : typeof value === 'object' && value !== null && 'asElement' in value);

/** Runs `call` in the document of `where` once (a Runtime.evaluate when it can, else Playwright's evaluate). */
async function send(where: Where, call: Call): Promise<unknown> {
  const session = isPage(where) && !holdsHandle(call[2]) ? deadlineOf(where)?.session : undefined;
  if (!session) return where.evaluate(callProgram, call);
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    expression: `(${callProgram.toString()})(${JSON.stringify(call)})`,
    returnByValue: true,
    awaitPromise: true,
    // As page.evaluate does: a click a pass makes (closing a popup) counts as the user's.
    userGesture: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value;
}

/** Installs the program in the document of `where`, if it has none yet. */
async function installIn(where: Where): Promise<void> {
  const session = isPage(where) ? deadlineOf(where)?.session : undefined;
  if (!session) {
    await where.evaluate(programScript());
    return;
  }
  const { exceptionDetails } = await session.send('Runtime.evaluate', { expression: programScript() });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
}

/**
 * Runs `attempt` and, while it finds no program in the document (one its init script missed, a
 * frame's), installs the program and runs it again; a document that went away in between (a
 * navigation) may need it once more, then it fails.
 */
async function withProgram<T>(install: () => Promise<void>, attempt: () => Promise<{ missing: true } | { value: T }>): Promise<T> {
  for (let installs = 0; ; installs++) {
    const outcome = await attempt();
    if ('value' in outcome) return outcome.value;
    if (installs === 2) throw new Error('the page program could not be installed');
    await install();
  }
}

/** Installs the program in the document `element` lives in. */
async function installFor(element: ElementHandle): Promise<void> {
  const frame = await element.ownerFrame();
  if (!frame) throw new Error('the element is no longer in a document');
  await frame.evaluate(programScript());
}

/**
 * Calls `method` of the program in the document of `where` (a page's top document, or a frame's)
 * and answers its value. Arguments and answer travel as JSON (a number that is not finite arrives
 * as null), element handles among the arguments as the elements they hold. An exception in the
 * page, or a document that went away under the call, rejects with the page's message. Unbounded:
 * the caller holds it to its limit (lib/browser/deadline.ts bounded).
 */
export function inPage<M extends DataAnswering<PageCalls>>(where: Where, method: M, ...args: NodeSide<Parameters<PageCalls[M]>, ElementHandle>): Promise<Answer<PageCalls[M]>> {
  const call: Call = [PROGRAM_KEY, method, args, 'data'];
  return withProgram<Answer<PageCalls[M]>>(() => installIn(where), async () => {
    const boxed = (await send(where, call)) as [unknown] | null;
    return boxed === null ? { missing: true } : { value: boxed[0] as Answer<PageCalls[M]> };
  });
}

/** Calls `method` of the program's `element` part on `element`, in its document; see inPage. */
export function onElement<M extends DataAnswering<ElementCalls>>(element: ElementHandle, method: M, ...args: NodeSide<Parameters<ElementCalls[M]>, ElementHandle>): Promise<Answer<ElementCalls[M]>> {
  const call: Call = [PROGRAM_KEY, method, args, 'data'];
  return withProgram<Answer<ElementCalls[M]>>(() => installFor(element), async () => {
    const boxed = (await element.evaluate(callProgram, call)) as [unknown] | null;
    return boxed === null ? { missing: true } : { value: boxed[0] as Answer<ElementCalls[M]> };
  });
}

/** A handle to the element a page call finds in the document of `where` (null when it finds none); dispose it after use. */
export function elementIn<M extends ElementAnswering<PageCalls>>(where: Where, method: M, ...args: NodeSide<Parameters<PageCalls[M]>, ElementHandle>): Promise<ElementHandle | null> {
  const call: Call = [PROGRAM_KEY, method, args, 'element'];
  return withProgram(() => installIn(where), async () => asElement(await where.evaluateHandle(callProgram, call)));
}

/** A handle to the element an element call finds from `element` (null when it finds none); dispose it after use. */
export function elementFrom<M extends ElementAnswering<ElementCalls>>(element: ElementHandle, method: M, ...args: NodeSide<Parameters<ElementCalls[M]>, ElementHandle>): Promise<ElementHandle | null> {
  const call: Call = [PROGRAM_KEY, method, args, 'element'];
  return withProgram(() => installFor(element), async () => asElement(await element.evaluateHandle(callProgram, call)));
}

/** The element a handle holds, null for a null answer, or `missing` for undefined (the document had no program). */
async function asElement(handle: JSHandle): Promise<{ missing: true } | { value: ElementHandle | null }> {
  const element = handle.asElement();
  if (element) return { value: element };
  const value = (await handle.jsonValue()) as unknown;
  void handle.dispose().catch(() => undefined);
  return value === undefined ? { missing: true } : { value: null };
}
