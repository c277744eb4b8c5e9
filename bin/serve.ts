// `tabwright serve`: the service as a process. Its start-up and its stop both answer to the signals.
import type { Config } from '../lib/platform/config/index.js';
import { log } from '../lib/platform/log.js';
import type { CliIo } from './command.js';
import { startOrExit } from './start.js';

/** Resolves with the signal's reason once it aborts. */
const aborted = (signal: AbortSignal): Promise<unknown> =>
  new Promise((resolve) => (signal.aborted ? resolve(signal.reason) : signal.addEventListener('abort', () => resolve(signal.reason), { once: true })));

/**
 * Runs the service until `stop` aborts (SIGTERM or SIGINT), then ends every session cleanly and
 * returns 0. Stopped during start-up, it closes what was opened and exits the process with 0.
 */
export async function serveCommand(config: Config, io: CliIo, stop: AbortSignal): Promise<number> {
  const running = await startOrExit(config, stop);
  io.out(`listening on ${running.url}\n`);
  const signal = await aborted(stop);
  log.info({ signal }, 'shutting down');
  try {
    await running.stop();
    return 0;
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    return 1;
  }
}
