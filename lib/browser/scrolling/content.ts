import { withWalker } from '../observe/bundle.js';
import { PAGE_KEY, type WalkOptions, type WalkResult } from '../injected/protocol.js';
import type { StepContext } from '../act/define.js';

/** What one content read brings back: the markdown and the session's next ref number after the walk. */
interface ContentRead {
  content: string;
  nextRef: number;
}

/** Runs in the page: one walk, of which only the content crosses back (null before the walker is installed). */
function readInPage([key, options]: [string, WalkOptions]): ContentRead | null {
  const api = (globalThis as unknown as Record<symbol, { walk(o: WalkOptions): WalkResult } | undefined>)[Symbol.for(key)];
  if (!api) return null;
  const { content, nextRef } = api.walk(options);
  return { content, nextRef };
}

/**
 * The page's main content as markdown, whole (no length cut), without making an observation: the
 * latest observation's refs stay current. The walk still numbers new elements, so the session's
 * ref counter moves past what it handed out (an element keeps its number while it stays).
 */
export async function readContent(ctx: StepContext): Promise<string> {
  const options: WalkOptions = {
    mode: 'main',
    format: 'markdown',
    includeLinks: false,
    includeMap: false,
    maxTextLength: Number.MAX_SAFE_INTEGER,
    nextRef: ctx.observer.nextRefNumber,
  };
  const read = await withWalker(ctx.page, readInPage, [PAGE_KEY, options] as [string, WalkOptions]);
  ctx.observer.reserve(read.nextRef);
  return read.content;
}

