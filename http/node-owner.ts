import type { Middleware } from 'koa';
import { httpErrors } from '../lib/contract/errors.js';
import { sessionNode } from '../lib/platform/ids.js';
import type { AppDeps, AppState } from './state.js';

/** The node session `id` belongs to and this node's name, when its id puts it on another node. */
export function ownerElsewhere(deps: AppDeps, id: string): { node: string; here: string } | undefined {
  const node = sessionNode(id);
  const here = deps.registry.node;
  return node === null || here === undefined || node === here ? undefined : { node, here };
}

/**
 * For the routes that need the session's browser or its files (act, delete, live, takeover,
 * handback, input, trace): a session whose id names another node is that node's. nginx routes by
 * the id, so this answers only a misrouted request, or one whose node died and nginx fell back to
 * any node: an ended session answers as it would on its owner (404 with how it ended), an active
 * one 421 wrong_node naming the node. GET and the list read the database and work anywhere.
 */
export function ownedHere(deps: AppDeps): Middleware<AppState> {
  return async (ctx, next) => {
    const id = (ctx as unknown as { params?: Record<string, string> }).params?.id ?? '';
    const owner = ownerElsewhere(deps, id);
    if (!owner) {
      await next();
      return;
    }
    const { node, here } = owner;
    const row = await deps.store.getSession(id);
    if (!row || row.keyId !== ctx.state.key.id) throw httpErrors.sessionNotFound(`Session ${id} does not exist`);
    if (row.status === 'failed') throw httpErrors.sessionNotFound(`Session ${id} failed (${row.errorCode ?? 'unknown'}): ${row.errorMessage ?? ''}`);
    if (row.status !== 'active') throw httpErrors.sessionNotFound(`Session ${id} was closed`);
    throw httpErrors.wrongNode(id, node, here);
  };
}
