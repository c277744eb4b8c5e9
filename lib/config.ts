import { existsSync } from 'node:fs';

/** Where Chromium lives: CHROMIUM_PATH, else the first of Debian's usual paths that exists. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => existsSync(path));
  if (!found) throw new Error('No Chromium found: install Debian\'s chromium package or set CHROMIUM_PATH');
  return found;
}

/**
 * Chromium flags. Background networking, component updates and QUIC are off because this
 * service's browser must only ever fetch what a session asked for (and a closed network
 * otherwise fills the logs with refused connections).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-gpu',
  '--mute-audio',
  // WebRTC may only use the (per-context) proxy: no direct UDP, no host candidates around lib/net's guard.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Server settings from the environment; command-line flags override them in bin/. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
}

/** Reads HOST, PORT and DATA_DIR with the documented defaults. */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: env.PORT ? Number(env.PORT) : 8080,
    dataDir: env.DATA_DIR || './data',
  };
}
