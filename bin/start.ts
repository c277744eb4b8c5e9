// Starting the service from a command (serve, embedded mcp): one home for what a stop during
// start-up means.
import { startServer, type Running } from '../http/server.js';
import type { Config } from '../lib/platform/config/index.js';
import { log } from '../lib/platform/log.js';

/** Starts the service; stopped during start-up, it closes what was opened and exits the process with 0. */
export async function startOrExit(config: Config, stop: AbortSignal): Promise<Running> {
  try {
    return await startServer(config, stop);
  } catch (error) {
    if (!stop.aborted) throw error;
    log.info({ signal: stop.reason as unknown }, 'start-up interrupted');
    // A Chromium launch may still be under way: its pipes would hold the process until it lands.
    // Exiting now runs Playwright's exit hook, which kills the launching process group.
    process.exit(0);
  }
}
