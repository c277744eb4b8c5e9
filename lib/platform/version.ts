// The package's version, as MCP's initialize and the client's User-Agent tell it.
import { readFileSync } from 'node:fs';

// This module runs as dist/lib/platform/version.js; package.json is three folders up.
const PACKAGE = new URL('../../../package.json', import.meta.url);

let cached: string | undefined;

/** The version field of package.json, read once. */
export function packageVersion(): string {
  return (cached ??= (JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string }).version);
}
