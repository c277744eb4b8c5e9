// Which Chromium the service drives and with which flags.
import { accessSync, constants, statSync } from 'node:fs';

/** Where Debian (and derivatives) put Chromium, in the order they are tried when CHROMIUM_PATH is unset. */
export const DEBIAN_CHROMIUMS: readonly string[] = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Why `path` is not a program this process can run, or undefined if it is one. */
export function programProblem(path: string): string | undefined {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return 'does not exist';
  }
  if (!isFile) return 'is not a file';
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return 'is not executable';
  }
  return undefined;
}

/** The first of Debian's usual paths that holds a program, or undefined. */
export const findChromium = (): string | undefined => DEBIAN_CHROMIUMS.find((path) => programProblem(path) === undefined);

/** What to say when neither CHROMIUM_PATH nor any of Debian's paths gives a Chromium. */
export const NO_CHROMIUM = `no Chromium found at ${DEBIAN_CHROMIUMS.join(', ')}: install Debian's chromium package or set CHROMIUM_PATH`;

/** The Chromium a process would launch, or null (with the reason when that is a problem). */
export interface ChromiumSetting {
  path: string | null;
  problem?: string;
}

/**
 * CHROMIUM_PATH (checked) or else the first of Debian's paths that holds a program. With
 * `required` false, finding none is no problem: only `serve` launches a browser.
 */
export function chromiumSetting(env: Readonly<Record<string, string | undefined>>, required: boolean): ChromiumSetting {
  const given = env.CHROMIUM_PATH?.trim();
  if (given) {
    const problem = programProblem(given);
    return problem ? { path: null, problem: `CHROMIUM_PATH ${given} ${problem}` } : { path: given };
  }
  const found = findChromium();
  if (found) return { path: found };
  if (!required) return { path: null };
  return { path: null, problem: NO_CHROMIUM };
}

/** The JavaScript heap each renderer (each page, each of its workers) may use, in MiB. */
export const RENDERER_HEAP_MB = 1024;

/**
 * The features Playwright (the version in package-lock.json) turns off with its own
 * --disable-features. Chromium reads only the last --disable-features of its command line, so the
 * one in CHROMIUM_ARGS, which comes after Playwright's, repeats them; a test compares the two
 * lists of a launched browser, so an update of Playwright that changes its list is caught.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Features this service turns off besides Playwright's. Headless Chromium gives every new window
 * (every session's context) the omnibox popup as a WebUI page of its own, which nobody can ever
 * see: a second renderer per session, about 500 ms of CPU to build it and 30 MB of memory while
 * it lives (bench:load: the idle session halves, and so does the CPU of a short session).
 */
export const DISABLED_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  // Chromium sends the shape of every form a page shows to Google's autofill server
  // (content-autofill.googleapis.com) through the session's proxy: a fetch no session asked for,
  // which tells Google what the session looks at and, on a machine with a way out, would count
  // its bytes on the session's bill (here, a refused CONNECT on every form page). Without the
  // server Chromium would fall back to an on-device model, which the performance class below
  // rules out: no OnDeviceModelService process starts (npm run soak counts the processes).
  'AutofillServerCommunication',
];

/** The flag that makes Chromium listen for CDP on a loopback port it picks (lib/browser/cdp/endpoint.ts reads which). */
export const DEBUGGING_PORT_ARG = '--remote-debugging-port=0';

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
  // WebRTC may only use the (per-context) proxy: no direct UDP, no host candidates around the network guard (lib/network).
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // A page that allocates without bound crashes its renderer within seconds at 1 GiB of JavaScript
  // heap (page_crashed) instead of growing to V8's own 4 GiB ceiling while the machine swaps.
  `--js-flags=--max-old-space-size=${RENDERER_HEAP_MB}`,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...DISABLED_FEATURES].join(',')}`,
  // A fresh profile (every launch) has no on-device AI performance class yet, so 180 s after
  // start Chromium launches its OnDeviceModelService utility to benchmark the machine, and the
  // process stays for the browser's life (npm run soak named it). A class given here skips the
  // benchmark; 2 is "very low", which also makes the machine ineligible for on-device models.
  '--optimization-guide-performance-class=2',
  // CDP clients of sessions (GET /v1/sessions/{id}/cdp) are bridged to connections of their own
  // (lib/browser/cdp): Chromium listens on a loopback port it picks, which no route hands out.
  DEBUGGING_PORT_ARG,
];
