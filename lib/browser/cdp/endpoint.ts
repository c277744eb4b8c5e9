// Where the engine's Chromium takes CDP connections of its own. Playwright drives it over a pipe;
// the CDP bridge (./bridge.ts) needs a connection per client beside that one, so Chromium also
// listens on a loopback port that it picks itself (--remote-debugging-port=0). The port and the
// browser's secret path are read from the DevToolsActivePort file Chromium writes into its
// profile, found from its command line: nothing outside this process is told either, no route of
// the API leads there, and pages cannot reach loopback (the address guard).
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEBUGGING_PORT_ARG } from '../../platform/config/chromium.js';

/** How long Chromium may take to write its DevToolsActivePort file after Playwright has it. */
const ENDPOINT_WAIT_MS = 2_000;
const POLL_MS = 20;

/** `ws://127.0.0.1:<port>/devtools/browser/<id>` of the Chromium whose browser process is `pid`, or undefined if it does not listen. */
export async function browserEndpoint(pid: number): Promise<string | undefined> {
  const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  if (!args.includes(DEBUGGING_PORT_ARG)) return undefined;
  const profile = args.find((arg) => arg.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length);
  return profile ? profileEndpoint(profile) : undefined;
}

/** The CDP address a Chromium running on `profile` wrote there, once it has (looked for every `pollMs` within `waitMs`), or undefined. */
export async function profileEndpoint(profile: string, waitMs = ENDPOINT_WAIT_MS, pollMs = POLL_MS): Promise<string | undefined> {
  for (let waited = 0; waited <= waitMs; waited += pollMs) {
    const [port, path] = (await readFile(`${profile}/DevToolsActivePort`, 'utf8').catch(() => '')).trim().split('\n');
    if (port && /^\d+$/.test(port) && path?.startsWith('/devtools/browser/')) return `ws://127.0.0.1:${port}${path}`;
    await sleep(pollMs);
  }
  return undefined;
}
