// A key's webhook as the command line sets it (bin/keys.ts): its URL, checked as a create's is,
// and its signing secret, made here and answered once for the command to show.
import { ApiError } from '../../contract/errors.js';
import type { AddressGuard } from '../../network/address.js';
import type { ApiKeyRecord, KeyWebhook, Store } from '../store/index.js';
import { newWebhookSecret, sealSecret } from './secret.js';
import { webhookUrlRefusal } from './target.js';

/** What to change: `url` when given (null clears it); a new secret with `rotate`, or when the key has none. */
export interface KeyWebhookChange {
  url?: string | null;
  rotate: boolean;
}

/**
 * Sets the key's webhook: the URL refused (ApiError 400 saying why) when it is not https, carries
 * credentials, is too long or points at an address the guard refuses. Answers the stored webhook
 * and, when one was made, the new secret in clear, which nothing keeps.
 */
export async function setKeyWebhook(
  deps: { store: Store; guard: AddressGuard; sealingKey: Buffer; now: number },
  key: ApiKeyRecord,
  change: KeyWebhookChange,
): Promise<{ webhook: KeyWebhook; secret: string | null }> {
  if (typeof change.url === 'string') {
    const refusal = await webhookUrlRefusal(change.url, deps.guard);
    if (refusal) throw new ApiError(400, 'invalid_request', `the webhook URL is refused: ${refusal}`);
  }
  const made = change.rotate || !(await deps.store.keyWebhook(key.id)) ? newWebhookSecret() : null;
  const sealedSecret = made === null ? undefined : sealSecret(deps.sealingKey, { accountId: key.accountId, keyId: key.id }, made);
  const webhook = await deps.store.setKeyWebhook({ keyId: key.id, url: change.url, sealedSecret, now: deps.now });
  return { webhook, secret: made };
}
