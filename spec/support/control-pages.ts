// The reproduction pages of issue 13's control classes in spec/fixtures/controls, shared by the
// specs and bench:observe's element recall.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file runs as dist/spec/support/control-pages.js, three folders below the repository root.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder of the control pages: spec/fixtures/controls/NAME.html. */
export const CONTROL_PAGES_DIR = join(ROOT, 'spec', 'fixtures', 'controls');

/** The page names (without .html), sorted; throws when there are none (a broken checkout). */
export function controlPages(): string[] {
  const names = readdirSync(CONTROL_PAGES_DIR)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.slice(0, -'.html'.length));
  if (names.length === 0) throw new Error(`No control pages in ${CONTROL_PAGES_DIR}: the checkout is incomplete`);
  return names.sort();
}

/** A control page's whole document. */
export const controlPage = (name: string): string => readFileSync(join(CONTROL_PAGES_DIR, `${name}.html`), 'utf8');
