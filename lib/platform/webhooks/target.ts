// Whether a URL may receive webhooks, asked when it is set (a create's webhook_url, the CLI's
// --webhook-url): its form (lib/contract/request/webhook.ts), then the address guard, the same
// one every session request passes (lib/network/address.ts, with TABWRIGHT_ALLOW_HOSTS).
import { webhookUrlProblem } from '../../contract/request/webhook.js';
import type { AddressGuard } from '../../network/address.js';

/** Why `url` may not receive webhooks, or undefined when it may. */
export async function webhookUrlRefusal(url: string, guard: AddressGuard): Promise<string | undefined> {
  const problem = webhookUrlProblem(url);
  if (problem) return problem;
  const target = new URL(url);
  const verdict = await guard.check(target.hostname.replace(/^\[|\]$/g, ''), Number(target.port || 443));
  return verdict.ok ? undefined : verdict.detail;
}
