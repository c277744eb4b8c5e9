import { readFileSync } from 'node:fs';
import { toSvg } from '../../lib/chart/index.js';
import { ApiError } from '../../lib/contract/errors.js';
import { sessionMachine } from '../../machines/session.js';
import { defineRoute, type RouteContext } from '../route.js';

/**
 * The page may load only what this server serves: no inline script, no CDN; frames of the live
 * view are data: URLs and a trace download is a blob: URL.
 */
export const DASHBOARD_CSP = "default-src 'self'; img-src 'self' data: blob:";

/** The files scripts/bundles.mjs writes to dist/dashboard/, by the name they are served under. */
const FILES: Record<string, { file: string; type: string }> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  'app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  'app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

const read = new Map<string, string>();
/** The session machine's chart, laid out once per process (ELK takes a few hundred ms the first time). */
let chart: Promise<string> | undefined;

/** A built file, read once: this module runs as dist/http/routes/dashboard.js, the files sit in dist/dashboard/. */
function built(file: string): string {
  let text = read.get(file);
  if (text === undefined) read.set(file, (text = readFileSync(new URL(`../../dashboard/${file}`, import.meta.url), 'utf8')));
  return text;
}

/** Headers every dashboard answer carries, errors included. */
function protect(ctx: RouteContext): void {
  ctx.set('Content-Security-Policy', DASHBOARD_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-cache');
}

/**
 * GET /dashboard and GET /dashboard/:file: the dashboard's page, its assets and the session
 * machine's state chart as SVG, no key needed (the page asks for one and sends it with its API
 * calls). Outside /v1 and the API document.
 */
async function serve(ctx: RouteContext): Promise<void> {
  protect(ctx);
  const name = ctx.path === '/dashboard' ? '' : ctx.path.slice('/dashboard/'.length);
  if (name === 'chart.svg') {
    ctx.type = 'image/svg+xml; charset=utf-8';
    ctx.body = await (chart ??= toSvg(sessionMachine));
    return;
  }
  const entry = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!entry) throw new ApiError(404, 'not_found', `No such route: ${ctx.method} ${ctx.path}`);
  ctx.type = entry.type;
  ctx.body = built(entry.file);
}

/** GET /dashboard: the page. */
export const dashboardRoute = defineRoute({ method: 'get', path: '/dashboard', access: 'open', handler: () => serve });

/** GET /dashboard/:file: its script, its stylesheet and the state chart. */
export const dashboardFileRoute = defineRoute({ method: 'get', path: '/dashboard/{file}', access: 'open', handler: () => serve });
