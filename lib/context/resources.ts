import type { BrowserContext } from 'playwright';

/** The create field's values (contract 4.1) mapped to Playwright resource types; media is always blocked. */
const TYPES: Record<string, readonly string[]> = {
  image: ['image'],
  font: ['font'],
  stylesheet: ['stylesheet'],
  script: ['script'],
  media: ['media'],
};

/** The resource types a session refuses, from its `block_resources` (media always included). */
export function blockedTypes(blockResources: readonly string[]): Set<string> {
  return new Set(['media', ...blockResources.flatMap((name) => TYPES[name] ?? [])]);
}

/**
 * Refuses requests of the blocked types in every page and frame of the context. The page sees
 * them fail as a client block (as with an ad blocker), not as a network error.
 */
export async function blockResources(context: BrowserContext, types: ReadonlySet<string>): Promise<void> {
  await context.route('**/*', (route) =>
    types.has(route.request().resourceType()) ? route.abort('blockedbyclient') : route.fallback(),
  );
}
