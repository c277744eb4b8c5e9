import { startServer } from '../http/server.js';
import type { Config } from '../lib/config/index.js';
import { log } from '../lib/log.js';

/** `tabwright serve`: runs until SIGTERM or SIGINT, then ends every session cleanly and exits 0. */
export async function serveCommand(config: Config): Promise<void> {
  const running = await startServer(config);
  process.stdout.write(`listening on ${running.url}\n`);
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string): void => {
      log.info({ signal }, 'shutting down');
      running.stop().then(resolve, (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
        resolve();
      });
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  });
}
