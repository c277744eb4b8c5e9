import type { CDPSession } from 'playwright';

/** The create field's values (contract 4.1) as CDP resource types; media is always blocked. */
const CDP_TYPES: Record<string, string> = {
  image: 'Image',
  font: 'Font',
  stylesheet: 'Stylesheet',
  script: 'Script',
  media: 'Media',
};

/** The resource types a session refuses, from its `block_resources` (media always included). */
export function blockedTypes(blockResources: readonly string[]): Set<string> {
  return new Set(['media', ...blockResources.filter((name) => name in CDP_TYPES)]);
}

/**
 * Refuses requests of the blocked types in a page through CDP Fetch with resource-type patterns:
 * only those requests pause (and fail as a client block, as with an ad blocker); every other
 * request goes straight through, which `context.route('**')` would not allow (it stops them all
 * in Node: about 4 ms a request here). Out-of-process iframes are separate targets and not covered.
 */
export async function blockResources(session: CDPSession, types: ReadonlySet<string>): Promise<void> {
  if (types.size === 0) return;
  session.on('Fetch.requestPaused', (event) => {
    void session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  });
  await session.send('Fetch.enable', {
    patterns: [...types].map((type) => ({ urlPattern: '*', resourceType: CDP_TYPES[type] as 'Image', requestStage: 'Request' as const })),
  });
}
