/**
 * True when a `Prefer` header (RFC 7240) asks for `wait=0`: answer at once rather than wait. Other
 * wait values, and other preferences, leave the default (an act waits its turn).
 */
export function prefersNoWait(header: string): boolean {
  return header
    .split(',')
    .map((preference) => preference.split(';')[0]?.trim().toLowerCase().replace(/\s+/g, '') ?? '')
    .some((preference) => preference === 'wait=0' || preference === 'wait="0"');
}
