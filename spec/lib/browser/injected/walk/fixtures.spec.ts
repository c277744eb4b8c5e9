import { expect } from 'chai';
import { PROGRAM_KEY } from '../../../../../lib/browser/injected/names.js';
import type { WalkOptions, WalkResult } from '../../../../../lib/browser/injected/walk/types.js';
import { inPage } from '../../../../../lib/browser/program.js';
import { pageSource, realPages } from '../../../../support/pages.js';
import { Harness, walkOptions } from './harness.js';

/** The 24 saved real pages (spec/fixtures/pages). */
const names = realPages();

describe('PageApi#walk() on real pages', function () {
  this.timeout(180_000);
  let h: Harness;

  before(async function () {
    h = await Harness.start();
    for (const name of names) h.site.route(`/${name}/`, { body: pageSource(name) });
  });
  after(async () => {
    await h?.stop();
  });

  /** A walk timed inside the page, so the figure is the walk alone. */
  const timedWalk = async (options: WalkOptions): Promise<{ ms: number; result: WalkResult }> => {
    // The program is installed first (a walk does that), so the timed walk is the walk alone.
    await inPage(h.page, 'scrollBox');
    return h.page.evaluate(
      ({ key, options }) => {
        const api = (globalThis as unknown as Record<symbol, { walk(o: unknown): WalkResult }>)[Symbol.for(key)]!;
        const start = performance.now();
        const result = api.walk(options);
        return { ms: performance.now() - start, result };
      },
      { key: PROGRAM_KEY, options },
    );
  };

  it('walks each page in every mode without throwing (main-mode walk times printed)', async () => {
    const rows: string[] = [];
    for (const name of names) {
      // External resources are unreachable and fail at once; the page still loads.
      await h.page.goto(h.site.url(`/${name}/`), { waitUntil: 'load' });
      const { ms, result } = await timedWalk(walkOptions({ includeMap: true, maxTextLength: 12_000 }));
      expect(result.content.length, name).to.be.greaterThan(0);
      expect(result.content.length, name).to.be.at.most(12_000);
      expect(result.total, name).to.be.at.least(result.content.length);
      const full = await timedWalk(walkOptions({ mode: 'full', includeLinks: true, maxTextLength: 20_000 }));
      const html = await timedWalk(walkOptions({ format: 'html', maxTextLength: 12_000 }));
      expect(full.result.content.length, name).to.be.greaterThan(0);
      expect(html.result.content, name).to.not.match(/<script|<style|\son\w+=/i);
      rows.push(
        `${name.padEnd(18)} main ${ms.toFixed(1).padStart(6)} ms (${result.source}, ${result.total} chars, ${result.elements.length} elements, ` +
          `${result.map?.length ?? 0} map)  full+links ${full.ms.toFixed(1).padStart(6)} ms  html ${html.ms.toFixed(1).padStart(6)} ms`,
      );
    }
    console.log(`      walk times:\n${rows.map((row) => `        ${row}`).join('\n')}`);
  });
});
