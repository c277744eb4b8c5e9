import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The in-page walker, bundled by scripts/bundles.mjs next to this file's compiled output. */
export function pageScript(): string {
  cached ??= readFileSync(new URL('./page.bundle.js', import.meta.url), 'utf8');
  return cached;
}
