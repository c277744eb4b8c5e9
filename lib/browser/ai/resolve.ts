import type { Page } from 'playwright';
import { inPage } from '../program.js';
import { READ_LIMIT_MS } from '../deadline.js';
import { chatCompletion, REQUEST_TIMEOUT_MS, type ChatMessage } from './provider.js';
import { aiBinding, recordAiUsage } from './session.js';

/** Why an `ai >>` description could not be turned into a selector; the message is for the caller. */
export class AiResolveError extends Error {}

/** The longest one resolution may take: a check of the cached selector, the outline, two requests each checked. */
export const RESOLVE_LIMIT_MS = 2 * REQUEST_TIMEOUT_MS + 4 * READ_LIMIT_MS;

/** Characters of page outline sent with a request. */
const OUTLINE_BUDGET = 12_000;

const SYSTEM = [
  'You write CSS selectors for web scraping.',
  'Given an outline of a page (one element per line: tag#id.class[attributes] "own text", indented by depth)',
  'and a description of what to extract, answer with exactly ONE CSS selector that matches the described element(s).',
  'Answer with the selector only: no explanation, no quotes, no code fences.',
].join(' ');

/**
 * The CSS selector for `description` on the page: the cached one while it still matches (free),
 * otherwise one asked from the provider, checked against the page, retried once with the failure.
 */
export async function resolveAiSelector(page: Page, description: string, options: { refresh: boolean; signal?: AbortSignal }): Promise<string> {
  const binding = aiBinding(page);
  const provider = binding?.provider ?? null;
  const cache = binding?.cache ?? null;
  const key = binding && cache ? { accountId: binding.accountId, domain: domainOf(page.url()), description } : null;
  if (key && cache && !options.refresh) {
    const cached = await cache.get(key);
    if (cached !== null && (await checkSelector(page, cached)) === null) return cached;
  }
  if (!provider) throw new AiResolveError('no AI provider is configured (set AI_BASE_URL, AI_API_KEY and AI_MODEL)');

  const outline = await inPage(page, 'outline', OUTLINE_BUDGET);
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Page URL: ${page.url()}\n\nPage outline:\n${outline}\n\nDescription: ${description}` },
  ];
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    let content: string;
    try {
      const reply = await chatCompletion(provider, messages, options.signal);
      recordAiUsage(page, reply.promptTokens, reply.completionTokens);
      content = reply.content;
    } catch (error) {
      throw new AiResolveError(`the AI provider failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const selector = cleanSelector(content);
    problem = selector ? ((await checkSelector(page, selector)) ?? '') : 'the answer held no selector';
    if (!problem) {
      if (key && cache) await cache.put(key, selector);
      return selector;
    }
    messages.push({ role: 'assistant', content }, { role: 'user', content: `That selector does not work: ${problem}. Answer with another CSS selector.` });
  }
  throw new AiResolveError(`the AI provider gave no selector that matches the page (${problem})`);
}

/** Null when `selector` is valid and matches something; otherwise what is wrong with it. */
function checkSelector(page: Page, selector: string): Promise<string | null> {
  return inPage(page, 'selectorProblem', selector);
}

/** The selector in a model's answer: first non-empty line, code fences and wrapping quotes removed. */
export function cleanSelector(content: string): string {
  const lines = content
    .replace(/```[a-z]*\n?/gi, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let line = lines[0] ?? '';
  if (/^(selector|css)\s*:/i.test(line)) line = line.replace(/^[^:]*:\s*/, '');
  const quoted = /^([`"'])(.*)\1$/.exec(line);
  return (quoted ? quoted[2]! : line).trim();
}

function domainOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
