import type { Logger } from 'pino';
import { createLogger } from '../../lib/platform/log.js';
import { Telemetry } from '../../lib/platform/telemetry/index.js';

/** A service's log written to memory: every level, as the JSON lines the process would print. */
export interface LogCapture {
  readonly telemetry: Telemetry;
  readonly logger: Logger;
  /** Everything logged so far, as written. */
  text(): string;
  /** The lines parsed, optionally only those whose `msg` is `msg`. */
  lines(msg?: string): Array<Record<string, unknown>>;
}

/** A fresh Telemetry whose logger writes into a buffer (and whose metrics are its own). */
export function captureLog(): LogCapture {
  let text = '';
  const logger = createLogger({ write: (chunk: string) => void (text += chunk) });
  const telemetry = new Telemetry(logger);
  return {
    telemetry,
    logger,
    text: () => text,
    lines: (msg) =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => msg === undefined || line.msg === msg),
  };
}
