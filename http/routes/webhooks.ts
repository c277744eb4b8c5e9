import { httpErrors } from '../../lib/contract/errors.js';
import { webhookDeliveryListCodec } from '../../lib/contract/response/webhook.js';
import type { WebhookDelivery } from '../../lib/platform/store/index.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A delivery as the answer shows it. */
function deliveryBody(d: WebhookDelivery) {
  return {
    id: d.id,
    type: d.type,
    url: d.url,
    created_at: iso(d.createdAt)!,
    state: d.state,
    next_attempt_at: iso(d.nextAt),
    finished_at: iso(d.finishedAt),
    attempts: d.attempts.map((a) => ({ n: a.n, at: iso(a.at)!, duration_ms: a.durationMs, status_code: a.statusCode, error: a.error, excerpt: a.excerpt })),
  };
}

/** GET /v1/sessions/:id/webhooks: the session's webhook events and every attempt to deliver them, from the store (any node answers). */
export const webhooksRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/webhooks',
  access: 'key',
  operation: ({ set, errors }) => ({
    operationId: 'sessionWebhooks',
    summary: "List a session's webhook deliveries",
    description:
      'The events of a session created with a webhook (its own webhook_url, or its key\'s), in order, each with its state and attempts (time, status or error, duration, the start of the answer). ' +
      'Delivered and failed events are kept 7 days. See docs/api.md, Webhooks, for the body and how to verify its signature.',
    responses: {
      200: jsonResponse(set, "The session's deliveries.", webhookDeliveryListCodec, { required: [...RATE] }),
      ...errors([401, 404, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const id = ctx.params.id ?? '';
    const row = await deps.store.getSession(id);
    if (!row || row.keyId !== ctx.state.key.id) throw httpErrors.sessionNotFound(`Session ${id} does not exist`);
    ctx.body = { deliveries: (await deps.store.webhookDeliveries(id)).map(deliveryBody) };
  },
});
