import { expect } from 'chai';
import { PROGRAM_KEY } from '../../../../../lib/browser/injected/names.js';
import { inPage } from '../../../../../lib/browser/program.js';
import { controlPage } from '../../../../support/control-pages.js';
import { harnessSuite } from './harness.js';

// Issue 33: controls drawn only by CSS, icon-only controls in place in a feed, and folder items.
describe('PageApi#walk() controls drawn by CSS, placed in posts and named in trees (issue 33)', function () {
  this.timeout(60_000);
  const h = harnessSuite();
  const ICONS = ['share', 'bookmark', 'print', 'close', 'heart', 'bell'];
  /** A 16 by 19 icon, as the link shows one. */
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="19"><rect width="16" height="19" fill="#333"/></svg>';

  /** The id of the element a ref stands for. */
  const idOf = (ref: string) =>
    h.page.evaluate(
      ({ key, ref }) => (globalThis as unknown as Record<symbol, { resolve(r: string): { element: Element } | null }>)[Symbol.for(key)]!.resolve(ref)?.element.id ?? null,
      { key: PROGRAM_KEY, ref },
    );

  /** Clicks a ref as the click step does in the top document: where the page says the click reaches it. */
  async function clickRef(ref: string): Promise<string> {
    const aim = await inPage(h.page, 'aimClick', ref);
    if (aim.state !== 'ready') return JSON.stringify(aim);
    await h.page.mouse.click(aim.at.x, aim.at.y);
    return inPage(h.page, 'clickLanded');
  }

  for (const images of ['loaded', 'blocked'] as const) {
    it(`lists every link drawn only by CSS, labelled from what it has, and none that shows nothing; a click by its ref lands (images ${images})`, async () => {
      for (const name of ICONS) h.site.route(`/icons/${name}.svg`, images === 'loaded' ? { body: SVG, type: 'image/svg+xml' } : { status: 404, body: '' });
      await h.load(controlPage('css-icons'));
      // The link: its icon takes the image's width (a font size of 0 leaves its line no height), and no room without it.
      const icon = await h.page.evaluate(() => document.querySelector('#share i')!.getBoundingClientRect().toJSON() as DOMRect);
      expect([icon.width, icon.height]).to.deep.equal(images === 'loaded' ? [16, 0] : [0, 0]);
      const { elements } = await h.walk({ scope: 'body', includeLinks: true });
      const listed = await Promise.all(elements.map(async (e) => [await idOf(e.ref), e.role, e.label]));
      expect(listed).to.deep.equal([
        ['share', 'link', 'share'],
        ['bookmark', 'link', 'bookmark'],
        ['print', 'link', 'Print'],
        ['close', 'link', 'close'],
        ['like', 'link', 'Like'],
        ['bell', 'link', 'bell'],
        ['search', 'link', 'search'],
        ['star', 'link', 'star'],
      ]);
      // A link shown by its floated or positioned icon keeps the page's layout: the click aims at the icon.
      if (images === 'loaded') {
        expect(await h.page.evaluate(() => ['bookmark', 'print'].map((id) => document.getElementById(id)!.getAttribute('style')))).to.deep.equal([null, null]);
      }
      for (const element of elements) {
        const id = await idOf(element.ref);
        expect(await clickRef(element.ref), id!).to.equal('hit');
        expect(await h.page.evaluate(() => location.hash)).to.equal(`#${id}`);
      }
    });
  }

  it('writes icon-only controls in the markdown under the post they belong to, with the post as what they are near (main mode)', async () => {
    await h.load(controlPage('feed'));
    const { content, elements, source } = await h.walk({ controlsInPlace: true });
    expect(source).to.equal('readability');
    // The comment thread under the first post is left out for what it says, and its button with it.
    expect(elements.map((e) => e.label)[4]).to.equal('Reply to Charles');
    const icons = elements.filter((e) => e.label !== 'Reply to Charles');
    expect(icons).to.have.length(24);
    for (const element of icons) expect(content).to.include(`[${element.ref}: `);
    expect(content).not.to.include('Charles');
    const posts = content.split('\n\n').slice(1);
    expect(posts.slice(0, 3)).to.deep.equal([
      'Ada Lovelace @ada · 1h',
      'Shipped the new parser today: it reads every table in the corpus and writes them out as clean rows.',
      '[e1: button "reply"] [e2: button "retweet"] [e3: button "like"] [e4: button "more"]',
    ]);
    expect(posts[17]).to.equal('[e22: button "reply"] [e23: button "retweet"] [e24: button "like"] [e25: button "more"]');
    expect(icons.map((e) => e.near)).to.deep.equal(
      ['Ada Lovelace @ada · 1h', 'Grace Hopper @grace · 2h', 'Alan Turing @alan · 3h', 'Edsger Dijkstra @ewd · 4h', 'Barbara Liskov @liskov · 5h', 'Donald Knuth @knuth · 6h'].flatMap((who) => [who, who, who, who]),
    );
    expect(await clickRef(icons[22]!.ref)).to.equal('hit');
    expect(await h.page.textContent('#log')).to.equal('like on Donald Knuth @knuth · 6h');
  });

  it('lists a folder item once, not again as its name, and a click by its ref lands on its name as a person\'s does', async () => {
    await h.load(controlPage('folder-tree'));
    const { content, elements } = await h.walk({ scope: 'body', controlsInPlace: true });
    const listed = await Promise.all(elements.map(async (e) => [await idOf(e.ref), e.role, e.label, e.near]));
    expect(listed).to.deep.equal([
      ['docs', 'listitem', 'Documents', 'Files'],
      ['', 'button', 'toggle', 'Documents'],
      ['music', 'listitem', 'Music', 'Files'],
      ['', 'button', 'toggle', 'Music'],
      ['inbox', 'treeitem', 'Inbox', 'Files'],
    ]);
    expect(content).to.equal('# Files\n\n[e1: listitem "Documents"] [e2: button "toggle"]\n\n[e3: listitem "Music"] [e4: button "toggle"]\n\n[e5: treeitem "Inbox" collapsed]');
    for (const ref of ['e1', 'e5']) expect(await clickRef(ref)).to.equal('hit');
    expect(await h.page.evaluate(() => (window as unknown as { log: string[] }).log)).to.deep.equal(['name:Documents', 'select:docs', 'name:Inbox', 'select:inbox']);
  });
});
