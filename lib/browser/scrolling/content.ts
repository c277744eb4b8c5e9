// What scroll_collect reads at each position: the page's content, without an observation.
import type { Act } from '../act/act.js';
import { bounded, WALK_LIMIT_MS } from '../deadline.js';
import type { WalkOptions } from '../injected/walk/types.js';
import { inPage } from '../program.js';

/**
 * The page's main content as markdown, whole (no length cut), without making an observation: the
 * latest observation's refs stay current. The walk still numbers new elements, so the session's
 * ref counter moves past what it handed out (an element keeps its number while it stays).
 */
export async function readContent(act: Act): Promise<string> {
  const options: WalkOptions = {
    mode: 'main',
    format: 'markdown',
    includeLinks: false,
    includeMap: false,
    maxTextLength: Number.MAX_SAFE_INTEGER,
    nextRef: act.observer.nextRefNumber,
  };
  const read = await bounded(act.page, WALK_LIMIT_MS, () => inPage(act.page, 'content', options));
  act.observer.reserve(read.nextRef);
  return read.content;
}

