import { expect } from 'chai';
import { harnessSuite } from './harness.js';

const para = (words: string, times = 8): string => `<p>${`${words} `.repeat(times).trim()}</p>`;

/** An article page with the usual noise around it. */
const ARTICLE_PAGE = `
  <header id="top"><a href="/">SiteName</a><nav aria-label="Primary"><a href="/news">News</a> <a href="/sport">Sport</a></nav>
    <form action="/search" role="search"><input name="q" aria-label="Search site"><button>Search</button></form></header>
  <div class="layout">
    <aside class="sidebar"><h3>Popular now</h3><ul><li><a href="/p1">Popular story one</a></li><li><a href="/p2">Popular story two</a></li></ul></aside>
    <main>
      <article>
        <h1>The river rises</h1>
        <p class="byline">By A. Writer</p>
        ${para('The river rose three metres overnight, flooding the lower town and closing the old bridge.', 3)}
        <h2>Evacuation</h2>
        ${para('Residents of the lower town were moved to the school gymnasium before midnight by volunteers.', 3)}
        <section id="forecast"><h2>Forecast</h2>
        ${para('Forecasters expect the water to fall slowly over the coming week as the rain eases upstream.', 3)}</section>
      </article>
    </main>
  </div>
  <footer><p>Copyright FooterCorp. All rights reserved.</p><a href="/privacy">Privacy policy</a></footer>`;

describe('PageApi#walk() modes', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  describe('main', () => {
    it('keeps the article, drops navigation, sidebar and footer, and puts the title on top', async () => {
      await h.load(ARTICLE_PAGE, 'The river rises - Daily Example');
      const result = await h.walk();
      expect(result.source).to.equal('readability');
      expect(result.content).to.match(/^# The river rises\n/);
      expect(result.content.match(/The river rises/g)).to.have.length(1);
      for (const kept of ['three metres overnight', '## Evacuation', 'gymnasium', '## Forecast', 'fall slowly']) expect(result.content).to.include(kept);
      for (const dropped of ['SiteName', 'Sport', 'Popular story', 'FooterCorp', 'Privacy']) expect(result.content).to.not.include(dropped);
      // Elements still come from the whole page: the header's controls matter.
      expect(result.elements.map((e) => [e.label, e.in])).to.deep.equal([
        ['Search site', 'form'],
        ['Search', 'form'],
      ]);
      expect(result.title).to.equal('The river rises - Daily Example');
    });

    it('falls back to main, [role=main], article, then body when Readability finds too little', async () => {
      await h.load('<nav>Menu words</nav><main><p>Short main text.</p></main><footer>Foot</footer>');
      expect(await h.walk()).to.include({ source: 'main', content: 'Short main text.' });
      await h.load('<nav>Menu words</nav><div role="main"><p>Role main text.</p></div>');
      expect(await h.walk()).to.include({ source: 'role-main', content: 'Role main text.' });
      await h.load('<nav>Menu words</nav><main style="display:none"><p>hidden main</p></main><article><p>Article text.</p></article>');
      expect(await h.walk()).to.include({ source: 'article', content: 'Article text.' });
      await h.load('<div><p>Just a body.</p></div>');
      expect(await h.walk()).to.include({ source: 'body', content: 'Just a body.' });
    });
  });

  describe('full', () => {
    it('writes every region under its header, with labels, nested landmarks inside their parent', async () => {
      await h.load(`
        <p>Loose intro</p>
        <header><h1>Site</h1><nav aria-label="Primary"><a href="/a">A link</a></nav></header>
        <main><p>Main text</p><aside><p>Inner aside stays in main</p></aside></main>
        <aside aria-label="Related"><p>Related text</p></aside>
        <p>Between</p>
        <nav></nav>
        <footer><p>Footer text</p></footer>
        <div role="dialog" aria-label="Cookies"><p>Dialog text</p></div>
        <dialog open><h2>Newsletter</h2><p>Sign up</p></dialog>`);
      const result = await h.walk({ mode: 'full' });
      expect(result.source).to.equal('full');
      expect(result.content.replace(/\(http[^)]*\)/g, '(url)')).to.equal(
        [
          '## [page]',
          '',
          'Loose intro',
          '',
          '## [header]',
          '',
          '# Site',
          '',
          '[A link](url)',
          '',
          '## [main]',
          '',
          'Main text',
          '',
          'Inner aside stays in main',
          '',
          '## [aside: Related]',
          '',
          'Related text',
          '',
          '## [page]',
          '',
          'Between',
          '',
          '## [footer]',
          '',
          'Footer text',
          '',
          '## [dialog: Cookies]',
          '',
          'Dialog text',
          '',
          '## [dialog: Newsletter]',
          '',
          '## Newsletter',
          '',
          'Sign up',
        ].join('\n'),
      );
      expect(result.map).to.equal(undefined);
    });
  });

  describe('scope', () => {
    it('takes content and elements from every match, in document order, nested matches once', async () => {
      await h.load(`
        <div class="card"><p>First card</p><button>One</button><div class="card"><p>Nested card</p></div></div>
        <p>Outside</p><button>Outside button</button>
        <div class="card"><p>Second card</p><button>Two</button></div>`);
      const result = await h.walk({ scope: '.card' });
      expect(result.content).to.equal('First card\n\nOne\n\nNested card\n\nSecond card\n\nTwo');
      expect(result.elements.map((e) => e.label)).to.deep.equal(['One', 'Two']);
      expect(result).to.include({ scopeMatched: true, source: 'scope' });
    });

    it('says when nothing matched and rejects an invalid selector', async () => {
      await h.load('<p>Text</p><button>B</button>');
      const none = await h.walk({ scope: '#missing' });
      expect(none).to.include({ scopeMatched: false, content: '', total: 0 });
      expect(none.elements).to.deep.equal([]);
      const error = await h.walk({ scope: 'div[' }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).to.match(/invalid scope selector: div\[/);
    });
  });

  describe('html', () => {
    it('returns cleaned HTML of the same region: no scripts, styles, comments, handlers, classes or inline styles', async () => {
      const url = await h.load(`
        <main class="m" style="color:red"><!-- a comment -->
          <h1 onclick="alert(1)" class="t">Title</h1>
          <script>var secret = 1;</script><style>.x{}</style>
          <p>Some   <a href="/rel" onmouseover="x()" target="_blank">link</a> text <img src="/i.png" alt="pic" width="10" height="10"></p>
          <p style="display:none">hidden para</p>
          <table><tr><td colspan="2">cell</td></tr></table>
          <form><input name="q" value="typed" onfocus="y()"><input type="password" name="pw" value="hunter2"></form>
        </main>`);
      const origin = new URL(url).origin;
      const { content } = await h.walk({ format: 'html', scope: 'main' });
      for (const banned of ['<script', 'secret', '<style', 'comment', 'onclick', 'onmouseover', 'onfocus', 'class=', 'style=', 'hidden para', 'hunter2', 'target=']) {
        expect(content, banned).to.not.include(banned);
      }
      expect(content).to.include(`<a href="${origin}/rel">link</a>`);
      expect(content).to.include(`<img src="${origin}/i.png" alt="pic">`);
      expect(content).to.include('<td colspan="2">cell</td>');
      expect(content).to.include('<input name="q" value="typed">');
      expect(content).to.include('<h1>Title</h1>');
      expect(content).to.match(/<p>Some <a [^>]+>link<\/a> text <img/);
    });
  });

  describe('maxTextLength', () => {
    it('cuts at the last block boundary before the limit and reports the full length', async () => {
      await h.load(['<p>', 'a'.repeat(40), '</p><p>', 'b'.repeat(40), '</p><p>', 'c'.repeat(40), '</p>'].join(''));
      const full = await h.walk({ scope: 'body' });
      expect(full.total).to.equal(full.content.length);
      const cut = await h.walk({ scope: 'body', maxTextLength: 100 });
      expect(cut.content).to.equal(`${'a'.repeat(40)}\n\n${'b'.repeat(40)}`);
      expect(cut.total).to.equal(full.total);
    });

    it('cuts a single long block at a line boundary', async () => {
      await h.load(`<ul>${Array.from({ length: 20 }, (_, i) => `<li>item number ${i}</li>`).join('')}</ul>`);
      const cut = await h.walk({ scope: 'body', maxTextLength: 60 });
      expect(cut.content).to.equal('- item number 0\n- item number 1\n- item number 2');
      expect(cut.total).to.be.greaterThan(60);
    });
  });

  describe('map', () => {
    it('lists landmark regions and headed sections with selectors that round-trip through scope', async () => {
      await h.load(ARTICLE_PAGE, 'The river rises');
      const result = await h.walk({ includeMap: true });
      const map = result.map!;
      expect(map.map((m) => m.section)).to.deep.equal(['header', 'nav: Primary', 'aside', 'main', 'The river rises', 'Evacuation', 'Forecast', 'footer']);
      expect(map.find((m) => m.section === 'header')).to.include({ selector: '#top' });
      expect(map.find((m) => m.section === 'Forecast')).to.include({ selector: '#forecast' });
      for (const { section, selector, hint } of map) {
        expect(hint.length, section).to.be.within(1, 80);
        const scoped = await h.walk({ scope: selector });
        expect(scoped.scopeMatched, selector).to.equal(true);
        const letters = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '');
        expect(letters(scoped.content.replace(/\]\([^)]*\)/g, '')), selector).to.include(letters(hint));
      }
    });
  });

  describe('scroll', () => {
    it('reports integer y, height, viewport and percent of the top window', async () => {
      await h.load('<div style="height:3000px">tall</div>');
      expect((await h.walk()).scroll).to.deep.equal({ y: 0, height: 3016, viewport: 720, percent: 24 });
      await h.page.evaluate(() => window.scrollTo(0, 1000));
      expect((await h.walk()).scroll).to.deep.equal({ y: 1000, height: 3016, viewport: 720, percent: 57 });
    });
  });
});
