import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../../../../lib/platform/config/index.js';
import { testChromium } from '../../../../support/chromium.js';
import type { WalkOptions, WalkResult } from '../../../../../lib/browser/injected/walk/types.js';
import { inPage } from '../../../../../lib/browser/program.js';
import { TestSite, html } from '../../../../support/site.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The built injected program (dist/lib/browser/program.bundle.js). */
export const bundlePath = join(here, '..', '..', '..', '..', '..', 'lib', 'browser', 'program.bundle.js');
/** The built click hooks every document starts with (dist/lib/browser/hooks.bundle.js). */
export const hooksPath = join(here, '..', '..', '..', '..', '..', 'lib', 'browser', 'hooks.bundle.js');

/** The local site under another name (localhost), hence another origin. */
const crossOrigin = (site: TestSite): string => site.origin.replace('127.0.0.1', 'localhost');

/** Options of a walk with test-friendly defaults: main mode, markdown, no cut. */
export const walkOptions = (options: Partial<WalkOptions> = {}): WalkOptions => ({
  mode: 'main',
  format: 'markdown',
  includeLinks: false,
  includeMap: false,
  maxTextLength: 1_000_000,
  nextRef: 1,
  ...options,
});

/**
 * One Chromium set up as a session's context is (the click hooks in every frame at document
 * start, the walker installed in the top document on first use), a local site, and a page to
 * load test pages in.
 */
export class Harness {
  private count = 0;

  private constructor(
    readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly site: TestSite,
  ) {}

  static async start(): Promise<Harness> {
    const site = await TestSite.start();
    const browser = await chromium.launch({ executablePath: testChromium(), args: [...CHROMIUM_ARGS] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // Nothing leaves the machine: anything not on the local site (under either of its names) fails at once.
    const local = [site.origin, crossOrigin(site)];
    await context.route('**/*', (route) => (local.some((origin) => route.request().url().startsWith(origin)) ? route.continue() : route.abort()));
    await context.addInitScript({ content: readFileSync(hooksPath, 'utf8') });
    const page = await context.newPage();
    return new Harness(browser, context, page, site);
  }

  /** Serves `body` (a page body, or a whole document when it starts with `<!doctype`) at a fresh path and opens it. */
  async load(body: string, title = 'Test page'): Promise<string> {
    const path = `/page-${++this.count}`;
    this.site.route(path, { body: body.trimStart().toLowerCase().startsWith('<!doctype') ? body : html(title, body) });
    await this.page.goto(this.site.url(path));
    return this.site.url(path);
  }

  /** Serves a page at `path` without opening it (iframe sources and the like). */
  serve(path: string, body: string, title = 'Framed'): string {
    this.site.route(path, { body: html(title, body) });
    return this.site.url(path);
  }

  /** The URL of `path` on the local site under another origin (for cross-origin frames). */
  crossOriginUrl(path: string): string {
    return `${crossOrigin(this.site)}${path}`;
  }

  /** One walk of the current page (installing the program first, as the observer does). */
  walk(options: Partial<WalkOptions> = {}): Promise<WalkResult> {
    return inPage(this.page, 'walk', walkOptions(options));
  }

  /** The content of a walk over the whole body (no main-content choice, no region headers). */
  async markdown(options: Partial<WalkOptions> = {}): Promise<string> {
    return (await this.walk({ scope: 'body', ...options })).content;
  }

  async stop(): Promise<void> {
    await this.browser.close();
    await this.site.stop();
  }
}

/**
 * Registers the suite's hooks (a Harness started before its tests, stopped after them) and
 * returns the suite's harness: a stand-in that forwards to the running one, so a suite writes
 * `const h = harnessSuite();` and uses `h` in its tests as it is.
 */
export function harnessSuite(): Harness {
  let running: Harness | undefined;
  before(async () => {
    running = await Harness.start();
  });
  after(async () => {
    await running?.stop();
    running = undefined;
  });
  return new Proxy({} as Harness, {
    get(_target, property) {
      if (!running) throw new Error('the harness runs only inside its suite\'s tests');
      const value: unknown = Reflect.get(running, property, running);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(running) : value;
    },
  });
}
