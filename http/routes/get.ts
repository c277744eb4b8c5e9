import { priced, type Priced } from '../../lib/platform/billing/rates.js';
import { httpErrors } from '../../lib/contract/errors.js';
import type { SessionRow, UsageInput } from '../../lib/platform/store/index.js';
import { sessionInfoCodec } from '../../lib/contract/response/session.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';
import { cdpUrl } from '../cdp.js';
import type { AppDeps } from '../state.js';
import type { Session } from '../../actors/session.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The `usage` object: consumption so far (or final, once ended) and its credits by interface.md 8.4. */
function usageBody(usage: Priced<UsageInput>) {
  return {
    seconds: usage.seconds,
    bytes: { datacenter: usage.bytesDatacenter, residential: usage.bytesResidential },
    ai_tokens: usage.aiTokens,
    captcha_solves: usage.captchaSolves,
    credits: usage.credits,
  };
}

/** An ended session's usage row; a live one's meter so far (a session still ending: its runtime). */
async function currentUsage(deps: AppDeps, row: SessionRow, live: Session | undefined): Promise<Priced<UsageInput>> {
  const stored = await deps.store.getUsage(row.id);
  if (stored) return priced(stored);
  const now = deps.clock.now();
  if (live) return live.usage(now);
  const seconds = Math.ceil(Math.max(0, Math.min(now, row.expiresAt) - row.startedAt) / 1000);
  return priced({ seconds, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 });
}

/** GET /v1/sessions/:id: active and failed sessions are readable; closed and expired ones are gone (404). */
export const getRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}',
  access: 'key',
  operation: ({ set, errors }) => ({
    operationId: 'getSession',
    summary: 'Get a session',
    description: 'An active or failed session with its usage; closed and expired sessions are not found.',
    responses: {
      200: jsonResponse(set, 'The session.', sessionInfoCodec, { required: [...RATE] }),
      ...errors([401, 404, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const id = ctx.params.id ?? '';
    const row = await deps.store.getSession(id);
    if (!row || row.keyId !== ctx.state.key.id || row.status === 'closed' || row.status === 'expired') {
      throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was closed`);
    }
    const live = deps.registry.find(row.id, row.keyId);
    ctx.body = {
      session_id: row.id,
      status: row.status,
      started_at: iso(row.startedAt),
      ended_at: iso(row.endedAt),
      duration_seconds: row.endedAt === null ? null : Math.ceil((row.endedAt - row.startedAt) / 1000),
      expires_at: iso(row.expiresAt),
      error_code: row.errorCode,
      error_message: row.errorMessage,
      usage: usageBody(await currentUsage(deps, row, live)),
      cdp_url: live ? cdpUrl(ctx, live) : null,
    };
  },
});
