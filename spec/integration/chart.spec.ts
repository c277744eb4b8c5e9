import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright';
import { chartGraph, chartStates, toSvg } from '../../lib/chart/index.js';
import { engineMachine } from '../../machines/engine.js';
import { sessionMachine } from '../../machines/session.js';
import { testChromium } from '../support/chromium.js';

describe('toSvg() in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await chromium.launch({ executablePath: testChromium() });
    page = await browser.newPage();
  });
  after(() => browser.close());

  for (const [name, machine] of [
    ['session', sessionMachine],
    ['engine', engineMachine],
  ] as const) {
    it(`parses as SVG and lays the ${name} states out nested and apart, as the browser measures them`, async () => {
      const svg = await toSvg(machine);
      const parsed = await page.evaluate((source) => {
        const document = new DOMParser().parseFromString(source, 'image/svg+xml');
        return { error: document.querySelector('parsererror')?.textContent ?? null, root: document.documentElement.localName };
      }, svg);
      expect(parsed).to.deep.equal({ error: null, root: 'svg' });

      await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll<SVGGElement>('[data-state]')].map((group) => {
          const box = group.querySelector('.box')!.getBoundingClientRect();
          const name = group.querySelector('.name')!.getBoundingClientRect();
          return { id: group.dataset.state!, box: { x: box.x, y: box.y, right: box.right, bottom: box.bottom }, name: { x: name.x, right: name.right } };
        }),
      );
      const graph = chartGraph(machine);
      expect(boxes.map((box) => box.id)).to.have.members(chartStates(graph.root).map((node) => node.id));
      const byId = new Map(boxes.map((box) => [box.id, box]));
      for (const parent of chartStates(graph.root)) {
        const outer = byId.get(parent.id)!.box;
        parent.children.forEach((child, i) => {
          const inner = byId.get(child.id)!.box;
          expect(inner.x >= outer.x && inner.y >= outer.y && inner.right <= outer.right && inner.bottom <= outer.bottom, `${child.id} in ${parent.id}`).to.equal(true);
          for (const sibling of parent.children.slice(i + 1)) {
            const other = byId.get(sibling.id)!.box;
            expect(inner.x < other.right && other.x < inner.right && inner.y < other.bottom && other.y < inner.bottom, `${child.id} / ${sibling.id}`).to.equal(false);
          }
        });
      }
      // The font is measured here for real: every state's name fits inside its box.
      for (const { id, box, name } of boxes) expect(name.x >= box.x && name.right <= box.right, `${id}'s name fits`).to.equal(true);
      const labels = await page.evaluate(() =>
        [...document.querySelectorAll('.edge')].map((group) => {
          const text = group.querySelector('.label')!.getBoundingClientRect();
          const back = group.querySelector('.label-bg')!.getBoundingClientRect();
          return { text: group.querySelector('.label')!.textContent, fits: text.x >= back.x && text.right <= back.right };
        }),
      );
      expect(labels.filter((label) => !label.fits)).to.deep.equal([]);
    });
  }

  it('highlights a state and an edge by a class toggle alone', async () => {
    await page.setContent(`<!doctype html><body>${await toSvg(sessionMachine)}</body>`);
    const styles = await page.evaluate(() => {
      const box = document.querySelector('[data-state="active.running"] .box')!;
      const line = document.querySelector('.edge[data-from="active.idle"][data-to="active.running"] .line')!;
      const read = () => [getComputedStyle(box).stroke, getComputedStyle(line).stroke];
      const before = read();
      box.parentElement!.classList.add('current');
      line.parentElement!.classList.add('last');
      return { before, after: read() };
    });
    expect(styles.after[0]).to.not.equal(styles.before[0]);
    expect(styles.after[1]).to.not.equal(styles.before[1]);
  });
});
