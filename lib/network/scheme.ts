/**
 * Whether `url` may be opened as a top-level document. Only absolute http and https URLs are:
 * file:, chrome:, view-source:, devtools:, javascript:, data: (and every other scheme) are
 * refused with `blocked_scheme`, the reason a failed navigation already reports (lib/browser/act/navigation).
 */
export function checkTopLevelUrl(url: string): { ok: true } | { ok: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? { ok: true } : { ok: false, reason: 'blocked_scheme' };
}
