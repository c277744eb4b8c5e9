// SIGTERM and SIGINT for serve, caught from its first moment (bin/tabwright asks before it loads
// the command line): a signal during start-up must stop the start-up cleanly, not kill the
// process between launching Chromium and being able to close it.

/** The signals that stop the service. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** A stop request: `signal` aborts (its reason the signal's name) at the first SIGTERM or SIGINT. */
export interface StopSignals {
  readonly signal: AbortSignal;
  /** Removes the handlers (the default action, ending the process, applies again). */
  dispose(): void;
}

let caught: StopSignals | undefined;

/**
 * Installs the handlers, once per process: a later call gets the same stop request, already
 * aborted if a signal came first. A second signal while the first is still being handled exits
 * at once with 1 (Playwright's exit hook still kills Chromium), for an operator who will not
 * wait for the sessions to end.
 */
export function catchStopSignals(): StopSignals {
  if (caught) return caught;
  const controller = new AbortController();
  const handler = (name: NodeJS.Signals): void => {
    if (!controller.signal.aborted) return controller.abort(name);
    process.stderr.write(`tabwright: ${name} again, exiting without waiting\n`);
    process.exit(1);
  };
  for (const name of STOP_SIGNALS) process.on(name, handler);
  const stop = {
    signal: controller.signal,
    dispose: () => {
      STOP_SIGNALS.forEach((name) => process.off(name, handler));
      caught = undefined;
    },
  };
  return (caught = stop);
}
