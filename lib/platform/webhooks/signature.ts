// How a delivery is signed, as Stripe signs: `Tabwright-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp is signed with the body, so a receiver
// that refuses old timestamps refuses replays; it is the attempt's own, so a retry is signed anew.
// Receivers verify with client/webhooks.ts (the client stands alone, so the check lives there).
import { createHmac } from 'node:crypto';

/** The header that carries the signature. */
export const SIGNATURE_HEADER = 'Tabwright-Signature';

/** The hex HMAC-SHA256 of `<t>.<body>` under `secret`. */
const mac = (secret: string, t: number, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The signature header's value for `body` sent at `nowMs`. */
export function signatureHeader(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}
