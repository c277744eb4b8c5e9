import type { Response } from 'playwright';
import { StepError } from '../../../contract/errors.js';
import { BLOCKED_HEADER } from '../../../network/proxy.js';
import type { Act } from '../act.js';

/**
 * How a main-frame navigation ended, whoever started it (goto, a click, a submit, a script): the
 * document's response, or the browser's error when no document came.
 */
export type NavigationEnd = {
  /** The URL the navigation went to (goto's own; an action's navigation request, redirects followed). */
  url: string;
  /** How many destinations the guard had refused when the navigation began: one refused since explains a failure. */
  refusedBefore?: number;
} & ({ response: Response | null } | { error: { message: string; timedOut: boolean } });

/** Reasons that, behind the session proxy, may hide the real cause. */
const OPAQUE_REASONS = new Set(['proxy', 'connection_reset']);
/** What a cause the session proxy found means, for the error message. */
const CAUSES: Record<string, string> = {
  dns: 'the host name does not resolve',
  blocked_address: 'the address is not allowed',
  connection_refused: 'the server refused the connection',
  connection_reset: 'the server closed the connection',
  timeout: 'the server did not answer in time',
  unreachable: 'the server cannot be reached',
};

/** Chromium's net error names, mapped to the `reason` a caller can act on. */
function reasonOf(message: string): string {
  if (/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/.test(message)) return 'dns';
  if (/ERR_CERT|ERR_SSL/.test(message)) return 'ssl';
  if (/ERR_CONNECTION_REFUSED/.test(message)) return 'connection_refused';
  if (/ERR_CONNECTION_(RESET|CLOSED)|ERR_EMPTY_RESPONSE/.test(message)) return 'connection_reset';
  if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY/.test(message)) return 'proxy';
  if (/ERR_ABORTED/.test(message)) return 'aborted';
  if (/ERR_UNSAFE_PORT/.test(message)) return 'unsafe_port';
  if (/ERR_TIMED_OUT|Timeout/i.test(message)) return 'timeout';
  return 'error';
}

/**
 * The session proxy's answers when it could not reach the destination over plain HTTP: its own
 * 502 with X-Tabwright-Error (the guard's DNS check), or proxy-chain's 59x gateway statuses.
 */
function gatewayFailure(status: number, headers: Record<string, string>): string | undefined {
  const ours = headers['x-tabwright-error'];
  if (status === 502 && ours) return ours;
  const codes: Record<number, string> = { 590: 'proxy', 592: 'proxy', 593: 'dns', 594: 'connection_refused', 595: 'connection_reset', 596: 'connection_reset', 597: 'proxy', 599: 'proxy' };
  return codes[status];
}

/** The first line of a Playwright error, without its call log. */
export const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * The navigation_failed error (`{url, reason, status?}`) a navigation amounts to when it did not
 * bring the site's own document, else null: the guard refused the address (a failed HTTPS
 * tunnel, or the proxy's 403 with X-Tabwright-Blocked over plain HTTP, directly or by a redirect:
 * reason blocked_address; the session stays active), the proxy could not reach the site (its 502
 * or 59x answer), or the browser failed (dns, ssl, connection_refused, timeout, ...). What the
 * proxy's answer hides is asked of it. A document that did come, a 403 of the site's own
 * included, is left to the access check (after.ts).
 */
export async function readNavigation(act: Act, end: NavigationEnd): Promise<StepError | null> {
  const { url } = end;
  if ('error' in end) {
    const { network } = act;
    const refused = network ? network.blocked(url) || (end.refusedBefore !== undefined && network.blockedCount() > end.refusedBefore) : false;
    const message = end.error.message.split('\n')[0] ?? '';
    if (refused) return failed(url, 'blocked_address', CAUSES.blocked_address!);
    return explained(act, url, end.error.timedOut ? 'timeout' : reasonOf(message), message);
  }
  const { response } = end;
  if (!response) return null;
  if (response.headers()[BLOCKED_HEADER] === 'blocked_address') {
    return failed(url, 'blocked_address', `${new URL(response.url()).host} is not an allowed address`, response.status());
  }
  const gateway = gatewayFailure(response.status(), response.headers());
  return gateway ? explained(act, url, gateway, CAUSES[gateway] ?? (gateway === 'proxy' ? 'the proxy could not reach the site' : gateway.replace('_', ' '))) : null;
}

/** The failure, with the cause the session proxy finds when the browser's reason may hide it. */
async function explained(act: Act, url: string, reason: string, detail: string): Promise<StepError> {
  // Behind the session proxy an HTTPS failure reads as a failed tunnel or a closed connection, whatever happened.
  const cause = OPAQUE_REASONS.has(reason) ? await act.network?.diagnose(url).catch(() => undefined) : undefined;
  return cause ? failed(url, cause, CAUSES[cause] ?? cause) : failed(url, reason, detail);
}

const failed = (url: string, reason: string, detail: string, status?: number): StepError =>
  new StepError('navigation_failed', `Navigation to ${url} failed: ${detail}`, { url, reason, ...(status === undefined ? {} : { status }) });
