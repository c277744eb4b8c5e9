import { latestObservationCodec } from '../../lib/contract/response/observation.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** GET /v1/sessions/:id/observation: the page as the last act answered it, read without acting. */
export const observationRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/observation',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'getObservation',
    summary: 'The latest observation',
    description:
      'The page as the session\'s last act that read it answered it (its page, in the session\'s page mode), without running anything: ' +
      'what the agent saw last. Kept while the session is active; null fields before any act read the page.',
    responses: {
      200: jsonResponse(set, 'The latest observation.', latestObservationCodec, { required: [...RATE] }),
      ...errors([401, 404, 421, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => (ctx) => {
    const latest = deps.registry.get(ctx.params.id ?? '', ctx.state.key.id).latestObservation;
    ctx.body = latest
      ? { act_id: latest.actId, observed_at: new Date(latest.at).toISOString(), page: latest.page }
      : { act_id: null, observed_at: null, page: null };
  },
});
