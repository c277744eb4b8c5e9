// Verifying a webhook delivery where it is received: the Tabwright-Signature header is
// `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (docs/api.md, Webhooks).
// Web Crypto rather than node:crypto, like the rest of the client, so it runs in any runtime.

/** Most seconds between a signature's timestamp and now that verifyWebhookSignature accepts by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** Compares in time that does not depend on where two strings of one length differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}

/**
 * Whether `header` (the Tabwright-Signature value) signs `rawBody` (the request body exactly as
 * received, before any JSON parsing) under your key's webhook secret, with a timestamp at most
 * `toleranceSeconds` from `nowMs`. Refuse the delivery when it answers false; accept each event
 * id once (a delivery whose 2xx was lost is sent again).
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string,
  rawBody: string,
  options: { toleranceSeconds?: number; nowMs?: number } = {},
): Promise<boolean> {
  const fields = header.split(',').map((part) => part.trim().split('='));
  const t = Number(fields.find(([name]) => name === 't')?.[1]);
  const now = (options.nowMs ?? Date.now()) / 1000;
  if (!Number.isSafeInteger(t) || Math.abs(now - t) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = hex(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${rawBody}`)));
  return fields.some(([name, value]) => name === 'v1' && value !== undefined && sameText(value, expected));
}
