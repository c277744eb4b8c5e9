import { chromiumSetting } from '../../lib/platform/config/index.js';

/** The Chromium tests and benchmarks launch: CHROMIUM_PATH as serve reads it, else Debian's. */
export function testChromium(): string {
  const { path, problem } = chromiumSetting(process.env, true);
  if (!path) throw new Error(problem);
  return path;
}
