import { startServer } from '../http/server.js';
import { log } from '../lib/log.js';

/** `tabwright serve`: runs until SIGTERM or SIGINT, then ends every session cleanly and exits 0. */
export async function serveCommand(options: { host: string; port: number; dataDir: string }): Promise<void> {
  const running = await startServer(options);
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
