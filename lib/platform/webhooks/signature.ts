// How a delivery is signed, as Stripe signs: `Tabwright-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp is signed with the body, so a receiver
// that refuses old timestamps refuses replays; it is the attempt's own, so a retry is signed anew.
// client/webhooks.ts verifies the same way for receivers (it stands alone, so it has its own copy).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature. */
export const SIGNATURE_HEADER = 'Tabwright-Signature';

/** The hex HMAC-SHA256 of `<t>.<body>` under `secret`. */
const mac = (secret: string, t: number, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The signature header's value for `body` sent at `nowMs`. */
export function signatureHeader(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/** Whether `header` signs `body` under `secret` with a timestamp within `toleranceS` of `nowMs`. */
export function verifySignature(secret: string, header: string, body: string, nowMs: number, toleranceS = 300): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isSafeInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  return parts.some(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
