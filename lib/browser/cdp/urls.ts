// Which URLs a CDP client may send a page to: the web and the blank page, by an allow-list of
// schemes. Parsed by the WHATWG URL parser, which Chromium's own follows for these schemes
// (leading and trailing controls and spaces cut, tabs and newlines dropped, case folded), so a
// " FILE:/etc/passwd" or "java\tscript:" reads here as Chromium reads it.

/** Whether a page may be sent to `raw`: http(s), or about:blank. */
export function isWebUrl(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return true;
  return url.protocol === 'about:' && url.pathname === 'blank';
}
