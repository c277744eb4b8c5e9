import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file runs as dist/spec/paths.spec.js; the sources are two folders up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The repository's top folders: a path a comment names starts with one of them. */
const TOP = ['lib', 'http', 'actors', 'machines', 'bin', 'mcp', 'client', 'spec', 'bench', 'dashboard', 'scripts', 'docs', 'deploy'];
const PATH = new RegExp(`(?<![\\w./@-])((?:${TOP.join('|')})/[\\w./-]*[\\w/])`, 'g');
/**
 * Paths inside packages that comments quote (autoconsent's sources, Playwright's bundle), names
 * a spec makes up for its own fixture, and file-name patterns.
 */
const NOT_OURS = new Set(['lib/messages.ts', 'lib/eval-snippets.ts', 'lib/cmps/all.ts', 'lib/cmps', 'lib/coreBundle.js', 'lib/browser/fixture-page-code.ts']);
/** Specs whose fixtures are made-up trees (the folder-loop check's) or stale paths (this spec's own). */
const MADE_UP = new Set(['spec/architecture.spec.ts', 'spec/paths.spec.ts']);

function sources(path: string, out: string[] = []): string[] {
  for (const name of readdirSync(path)) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'fixtures') sources(full, out);
    } else if (/\.(ts|mjs|cjs|md)$/.test(name)) out.push(full);
  }
  return out;
}

/** Whether `path`, as a comment names it, is there: a file or folder, a module without its extension, a compiled .js of a .ts, a spec under dist/spec. */
function exists(path: string, from: string): boolean {
  const bare = path.replace(/\/$/, '');
  const candidates = [bare, `${bare}.ts`, bare.replace(/\.js$/, '.ts'), `spec/${bare.replace(/\.js$/, '.ts')}`];
  return candidates.some((candidate) => existsSync(join(ROOT, candidate))) || existsSync(join(dirname(from), bare));
}

/** Every path named in `files` that is not there, as `file:line: path`. */
export function missingPaths(files: readonly string[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    if (MADE_UP.has(file.slice(ROOT.length))) continue;
    readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
      for (const [, path] of line.matchAll(PATH)) {
        if (NOT_OURS.has(path!.replace(/\/$/, '')) || /NAME|\*/.test(path!)) continue;
        if (!exists(path!, file)) missing.push(`${file.slice(ROOT.length)}:${index + 1}: ${path}`);
      }
    });
  }
  return missing;
}

describe('paths named in comments, specs and documents', () => {
  it('are all there', () => {
    const files = [...TOP.filter((top) => existsSync(join(ROOT, top))).flatMap((top) => sources(join(ROOT, top))), join(ROOT, 'README.md'), join(ROOT, '.dependency-cruiser.cjs')];
    expect(files.length, 'files read').to.be.above(300);
    expect(missingPaths(files)).to.deep.equal([]);
  });

  it('finds a path that is not there', () => {
    expect(missingPaths([join(ROOT, 'spec', 'fixtures', 'stale-paths.md')])).to.deep.equal(['spec/fixtures/stale-paths.md:1: lib/steps/index.ts']);
  });
});
