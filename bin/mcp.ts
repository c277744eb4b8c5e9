// `tabwright mcp`: an MCP server on stdin and stdout. With TABWRIGHT_URL and TABWRIGHT_API_KEY it is
// a client of that server; without them it runs the whole service in this process (embedded) on
// a loopback port and drives it the same way, through tabwright/client, under a key of its own.
// stdout carries only the protocol; logs stay on stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Tabwright } from '../client/index.js';
import type { Config } from '../lib/platform/config/index.js';
import { log } from '../lib/platform/log.js';
import { mcpRunKey } from '../lib/platform/store/index.js';
import { packageVersion } from '../lib/platform/version.js';
import { tabwrightMcp } from '../mcp/server.js';
import { startOrExit } from './start.js';

/**
 * Serves MCP over stdio until stdin ends or `stop` aborts (SIGTERM/SIGINT), then closes the
 * connection's default session; embedded, it also ends the run's other sessions, revokes the
 * run's key and stops the service. Returns 0; a failed start throws (main prints it, exits 1).
 */
export async function mcpCommand(config: Config, stop: AbortSignal): Promise<number> {
  const version = packageVersion();
  if (config.server) await serveMcp(new Tabwright({ baseUrl: config.server.url, apiKey: config.server.apiKey }), version, stop);
  else await embedded(config, version, stop);
  return 0;
}

/** The MCP server on stdio, driving `tabwright`, until the connection or the process ends. */
async function serveMcp(tabwright: Tabwright, version: string, stop: AbortSignal): Promise<void> {
  const mcp = tabwrightMcp(tabwright, version);
  let finish = (): void => {};
  // The connection ends when the client closes our stdin (or stops us): then the default session is closed.
  const ended = new Promise<void>((resolve) => (finish = resolve));
  process.stdin.once('end', finish);
  stop.addEventListener('abort', finish, { once: true });
  if (stop.aborted) finish();
  try {
    await mcp.server.connect(new StdioServerTransport());
    await ended;
  } finally {
    process.stdin.off('end', finish);
    stop.removeEventListener('abort', finish);
    await mcp.close();
  }
}

/** The service in this process, driven through its own HTTP API under a fresh key of the run. */
async function embedded(config: Config, version: string, stop: AbortSignal): Promise<void> {
  const running = await startOrExit(config, stop);
  try {
    // serve waits for a browser that will not start (and answers 503 meanwhile); whoever starts an
    // MCP server is better told at once. Playwright's first line says what failed; the log has the rest.
    if (!running.engine.available) {
      const why = running.engine.lastError?.split('\n')[0] ?? 'no reason given';
      throw new Error(`Chromium ${config.chromiumPath ?? ''} could not be launched (${why}); the 'engine launch failed' line of the log has the whole error`);
    }
    const run = await mcpRunKey(running.store, config.dataDir, Date.now());
    log.info({ url: running.url, data_dir: config.dataDir, account: run.account.id, key_prefix: run.record.prefix }, 'embedded service started');
    const tabwright = new Tabwright({ baseUrl: running.url, apiKey: run.key });
    try {
      await serveMcp(tabwright, version, stop);
      // Sessions the agent opened and left open end with the connection that was their only
      // user: closed and billed as the user's own end, not failed like a server shutdown's.
      for (const id of await running.store.activeSessionIds(run.record.id)) await tabwright.deleteSession(id).catch(() => undefined);
    } finally {
      await running.store.revokeKeyById(run.record.id, Date.now());
    }
  } finally {
    await running.stop();
  }
}
