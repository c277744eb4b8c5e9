// Embedded posts (tweets, Instagram, Bluesky, TikTok, Threads, Mastodon, Reddit, Facebook) as
// their embed codes write them: a blockquote of the post's text that the network's script would
// turn into a frame. Offline, or before that script runs, the quote is the post, and it is part
// of the article that quotes it; Readability drops it for its wrappers' names (social, embed,
// media) or its links, so the copy marks it and Readability is kept from removing it.

import { textOf } from './class-words.js';

/** The embed codes' own markup of a post. */
const EMBED_SELECTOR = [
  'blockquote.twitter-tweet',
  'blockquote.twitter-video',
  'blockquote.instagram-media',
  'blockquote.tiktok-embed',
  'blockquote.bluesky-embed',
  'blockquote.text-post-media',
  'blockquote.threads-post',
  'blockquote.mastodon-embed',
  'blockquote.reddit-embed-bq',
  'blockquote.reddit-card',
  'div.fb-post',
  'blockquote.fb-xfbml-parse-ignore',
].join(', ');

/** The attribute marking an embedded post, or a wrapper holding little but one, in the copy. */
export const EMBED_MARK = 'data-tabwright-embed';

/** A wrapper counts as the post's own when its text is at most this many times the post's. */
const WRAPPER_SLACK = 1.5;

/**
 * Marks each embedded post under `body` (a copy) and the wrappers around it that hold little
 * else, and takes the class and id off them, since Readability reads names such as social,
 * embed or media as clutter. Returns how many posts it marked.
 */
export function markEmbeds(body: Element): number {
  const posts = Array.from(body.querySelectorAll(EMBED_SELECTOR));
  for (const post of posts) {
    const own = textOf(post).length;
    for (let el: Element | null = post; el && el !== body; el = el.parentElement) {
      if (el !== post && textOf(el).length > own * WRAPPER_SLACK) break;
      el.setAttribute(EMBED_MARK, '');
      el.removeAttribute('class');
      el.removeAttribute('id');
    }
  }
  return posts.length;
}

/** True when `el` is, holds or sits inside a marked embedded post: boilerplate rules leave it alone. */
export function touchesEmbed(el: Element): boolean {
  return el.hasAttribute(EMBED_MARK) || !!el.closest(`[${EMBED_MARK}]`) || !!el.querySelector(`[${EMBED_MARK}]`);
}

/** Readability's node removers, which `keepEmbeds` wraps. */
export interface Removers {
  _removeNodes?: (this: unknown, list: ArrayLike<Element>, filter?: (node: Element, i: number, list: ArrayLike<Element>) => boolean) => void;
  _removeAndGetNext?: (this: unknown, node: Element) => Element | null;
  _getNextNode?: (this: unknown, node: Element, ignoreSelfAndKids?: boolean) => Element | null;
}

/**
 * Keeps Readability from removing a marked post or anything holding one: its conditional
 * cleaning (`_removeNodes`) skips them, and its first pass (`_removeAndGetNext`, which drops
 * unlikely candidates) walks into them instead.
 */
export function keepEmbeds(inner: Removers): void {
  const removeNodes = inner._removeNodes;
  if (typeof removeNodes === 'function') {
    inner._removeNodes = function (list, filter) {
      removeNodes.call(this, list, (node, i, all) => !touchesEmbed(node) && (!filter || filter.call(this, node, i, all)));
    };
  }
  const removeAndGetNext = inner._removeAndGetNext;
  const getNextNode = inner._getNextNode;
  if (typeof removeAndGetNext === 'function' && typeof getNextNode === 'function') {
    inner._removeAndGetNext = function (node) {
      return node.hasAttribute(EMBED_MARK) ? getNextNode.call(this, node) : removeAndGetNext.call(this, node);
    };
  }
}
