// In the page: the look an observation's stability wait takes, which reads the document's quiet
// and walks it in the same call once it is quiet (a stable page costs one round trip).
import { quietNow } from './document.js';
import type { WalkLook, WalkOptions, WalkResult } from './walk/types.js';

/**
 * The document's quiet and one walk by `walk`. With `walkIfQuietFor`, the walk is only done when
 * the document has loaded, shows its root and has been quiet that long: a look during a stability
 * wait, which walks at once when the page is ready and costs a few reads when not. A root still
 * hidden (an anti-flicker snippet that has not let go) is shown for the walk alone, through a
 * constructed style sheet that no mutation observer sees: its text is there, only not painted yet.
 */
export function look(win: Window, walk: (options: WalkOptions) => WalkResult, options: WalkOptions, walkIfQuietFor: number | null): WalkLook {
  const dom = quietNow(win);
  if (walkIfQuietFor !== null && (!dom.loaded || dom.hidden || dom.quietFor < walkIfQuietFor)) return { walk: null, dom };
  if (!dom.hidden) return { walk: walk(options), dom };
  const doc = win.document;
  const sheets = [...doc.adoptedStyleSheets];
  try {
    const reveal = new CSSStyleSheet();
    // An id in :is() outweighs the snippets' class selectors (`html.async-hide`).
    reveal.replaceSync(':root:is(:root, #\\#), body:is(body, #\\#) { opacity: 1 !important; visibility: visible !important; }');
    doc.adoptedStyleSheets = [...sheets, reveal];
  } catch {
    // A page that broke the API is walked as it is.
  }
  try {
    return { walk: walk(options), dom };
  } finally {
    doc.adoptedStyleSheets = sheets;
  }
}
