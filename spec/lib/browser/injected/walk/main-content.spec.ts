import { expect } from 'chai';
import { contentPage, devSet } from '../../../../support/pages.js';
import { expectedText, scoresOf, shingleCounts, shingleScores, words, type ShingleCounts } from '../../../../support/words.js';
import { harnessSuite } from './harness.js';

/** Mean word-shingle F1 of main mode the development set must keep (it reaches about 0.98). */
const MIN_MEAN_F1 = 0.97;
/** Pooled word-shingle F1 it must keep (about 0.97). */
const MIN_POOLED_F1 = 0.96;

/** A few sentences of article text, so that Readability takes the page for an article. */
const STORY = [
  'The harbour authority confirmed on Monday that the old grain terminal will close at the end of the year, after more than a century of service to the farms of the valley.',
  'Engineers found that the foundations of the main quay had shifted during the winter storms, and repairing them would cost more than the terminal earns in a decade.',
  'Most of the forty staff will move to the new container berth on the north side of the estuary, which opened last spring and is still hiring.',
  'Local historians have asked for the terminal building, a listed brick warehouse from 1911, to be preserved and opened to the public once the site is cleared.',
];
const story = (from = 0, to = STORY.length): string => STORY.slice(from, to).map((text) => `<p>${text}</p>`).join('\n');

describe('PageApi#walk() main content', function () {
  this.timeout(120_000);
  const h = harnessSuite();

  /** Main-mode markdown of a page of spec/fixtures/content, and its shingle scores against the page's expected text. */
  async function fixture(name: string): Promise<{ content: string; f1: number }> {
    const page = contentPage(name);
    await h.load(page.source);
    const { content, source } = await h.walk();
    expect(source, name).to.equal('readability');
    return { content, f1: shingleScores(words(expectedText(page.expected)), words(content)).f1 };
  }

  /** Main-mode markdown of a page made of `body`. */
  const main = async (body: string): Promise<string> => {
    await h.load(body);
    return (await h.walk()).content;
  };

  const expectStory = (content: string): void => {
    for (const text of STORY) expect(content).to.include(text);
  };

  describe('pages too short to hold an article', () => {
    it('renders a form of a few words from its own markup, as Readability would have left it', async () => {
      await h.load('<nav><a href="/">Home</a></nav><main><h1>Sign in</h1><form><label>Email <input name="email"></label> <button>Continue</button></form></main>');
      const { content, source } = await h.walk();
      expect(source).to.equal('main');
      expect(content).to.include('# Sign in');
    });

    it('reads the article of a same-origin frame on a page whose own text is short (the shown copy holds the frame)', async () => {
      const framed = h.serve('/framed-story', `<article><h1>Terminal to close</h1>${story()}</article>`);
      await h.load(`<h1>Port news</h1><iframe src="${framed}" width="800" height="600"></iframe>`);
      await h.page.frameLocator('iframe').locator('article').waitFor();
      const { content, source } = await h.walk();
      expect(source).to.equal('readability');
      expectStory(content);
    });

    it('does not count hidden text towards an article: a short page with a long hidden block is still short', async () => {
      await h.load(`<main><h1>Order received</h1><p>Thank you.</p></main><div style="display:none"><article>${story()}</article></div>`);
      const { content, source } = await h.walk();
      expect(source).to.equal('main');
      expect(content).to.include('Thank you.');
      expect(content).not.to.include(STORY[0]!);
    });
  });

  describe('boilerplate the article carries', () => {
    it('drops a photo caption repeated under every photo, and keeps a caption of its own', async () => {
      const { content, f1 } = await fixture('photo-captions');
      expect(content).to.not.include('Anna Berger / Wanderlust Journal');
      expect(f1).to.be.at.least(0.97);
      const figure = (caption: string) => `<div class="pic"><img src="/a.jpg" alt=""><div class="pic-text">${caption}</div></div>`;
      const variant = await main(
        `<div class="body">${story(0, 2)}${figure('Picture courtesy of the Harbour Trust')}${story(2, 3)}${figure('Picture courtesy of the Harbour Trust')}` +
          `${figure('The grain terminal seen from the estuary in 1962')}${story(3)}</div>`,
      );
      expectStory(variant);
      expect(variant).to.not.include('courtesy');
      expect(variant).to.include('The grain terminal seen from the estuary in 1962');
    });

    it('drops reader reviews and comment threads with their forms, named or only announced by a heading', async () => {
      for (const [name, gone] of [
        ['reader-reviews', ['Reader reviews', 'smoked paprika', 'Rate this recipe', '4.3']],
        ['comments', ['Responses (4)', 'Priya Raman', 'single thread', 'Join the discussion']],
      ] as const) {
        const { content, f1 } = await fixture(name);
        for (const text of gone) expect(content, name).to.not.include(text);
        expect(f1, name).to.be.at.least(0.97);
      }
      const variant = await main(
        `<div class="post">${story()}<h3>12 Comments</h3><div class="c"><p><b>Sam</b> 3 May 2024</p><p>Great to hear the warehouse might be saved, it is a lovely building and deserves better.</p></div>` +
          `<div class="c"><p><b>Alex</b> 4 May 2024</p><p>Shame about the jobs though, not everyone can move to the north side of the estuary.</p></div></div>`,
      );
      expectStory(variant);
      expect(variant).to.not.match(/Comments|lovely building|Shame about/);
      const sections = await main(
        `<div class="post">${story(0, 2)}<h2>Reviews of the new berth are in</h2>${story(2, 3)}<h2>Discussion</h2>${story(3)}</div>`,
      );
      expectStory(sections);
      expect(sections).to.include('Reviews of the new berth are in').and.include('Discussion');
    });

    it('drops tag lists and tag clouds', async () => {
      const { content, f1 } = await fixture('tag-cloud');
      expect(content).to.not.match(/Topics:|Popular topics|Local elections/);
      expect(f1).to.be.at.least(0.97);
      const variant = await main(
        `<div class="story-body">${story()}<div class="kw"><a href="/t/harbour" rel="tag">Harbour</a> <a href="/t/jobs" rel="tag">Jobs</a> <a href="/t/heritage" rel="tag">Heritage</a></div></div>`,
      );
      expectStory(variant);
      expect(variant).to.not.match(/Harbour\]|Heritage/);
    });

    it('drops bylines, date, update and reading-time lines, and keeps a sentence that opens with "By"', async () => {
      const { content, f1 } = await fixture('bylines');
      expect(content).to.not.match(/Sarah Whitfield|Published 12 March|min read|Updated at|March 12, 2025/);
      expect(f1).to.be.at.least(0.97);
      const sentence = 'By the end of the decade, the port expects to handle twice as many containers as it does today.';
      const variant = await main(
        `<div class="wrap"><div>By Jane Smith, Shipping Editor</div><div>Posted on 3 May 2023 at 10:15</div><p>Tuesday 14 May 2024 13.05 BST</p>${story(0, 2)}<p>${sentence}</p>${story(2)}</div>`,
      );
      expectStory(variant);
      expect(variant).to.include(sentence);
      expect(variant).to.not.match(/Jane Smith|Posted on|13\.05 BST/);
    });

    it('drops newsletter sign-ups, "Read more" lines, "You may also like" teasers and supporter plugs', async () => {
      const { content, f1 } = await fixture('newsletter-teasers');
      expect(content).to.not.match(/Weekend Read|Read more:|You may also like|Become a supporter|More from Culture/);
      expect(f1).to.be.at.least(0.97);
      const variant = await main(
        `<div class="text">${story(0, 2)}<div class="box"><p>Get our morning briefing in your inbox.</p><input type="email" aria-label="Email"><button>Go</button></div>` +
          `<p>RELATED: <a href="/x">Port expansion approved after long inquiry</a></p>${story(2)}` +
          `<div class="box2"><h4>You might also like</h4><ul><li><a href="/a">Ferry fares to rise in spring</a></li><li><a href="/b">New lighthouse keeper appointed</a></li></ul></div></div>`,
      );
      expectStory(variant);
      expect(variant).to.not.match(/morning briefing|RELATED|also like|Ferry fares/);
    });

    it('drops teaser labels and their links in other languages, and what trails the text: back links, plugs, a contact section', async () => {
      const variant = await main(
        `<div class="entry"><p><a href="/">Start</a> › <a href="/news">Nachrichten</a></p>${story(0, 2)}` +
          `<p><strong>Auch interessant:</strong> <a href="/a">Fähre fährt wieder nach Plan</a></p>` +
          `<figure><img src="/q.jpg" alt="The quay"><figcaption>Der alte Kai am Morgen. Foto: Tom Hale / dpa</figcaption></figure>${story(2)}` +
          `<p>Warning: Creating default object from empty value in /www/htdocs/site/wp-includes/class.php on line 12</p>` +
          `<p><strong>Mehr zum Thema:</strong></p><ul><li><a href="/b">Neuer Leuchtturmwärter ernannt</a></li><li><a href="/c">Hafengebühren steigen</a></li></ul>` +
          `<p><a href="/news">Zurück zur Übersicht</a></p><p>Folgen Sie uns auf Twitter und Instagram!</p>` +
          `<p>Kontakt:</p><p>Jan Koch</p><p>Telefon 040 49 07 11 06</p>Copyright © 2024 Hafenblatt <a href="/impressum">Impressum</a></div>`,
      );
      expectStory(variant);
      expect(variant).to.include('The quay');
      expect(variant).to.not.match(/Nachrichten|Auch interessant|Fähre|Foto: Tom Hale|Warning:|Mehr zum Thema|Leuchtturm|Zurück|Twitter|Kontakt|Jan Koch|Copyright|Impressum/);
      // Figures after a label are the text's data, not a contact card.
      const facts = await main(`<div class="entry">${story()}<p>Nährwerte:</p><p>1 Stück: 390 kcal</p><p>8 g Eiweiß</p></div>`);
      expect(facts).to.include('390 kcal');
    });

    it('drops small print and plugs after the text that are whole sentences: an opinion disclaimer, a licence, a cookie notice, calls to follow, subscribe, support or write in', async () => {
      const last = 'The harbour master said the new timetable would be posted on Twitter and at the quay before the first ferry leaves in March.';
      const page = (trailer: string): Promise<string> => main(`<div class="entry">${story()}<p>${last}</p>${trailer}</div>`);
      const small = await page(
        '<p>Dieser Beitrag gibt die Meinung des Autors wieder, nicht notwendigerweise die der Redaktion des Hafenblatts.</p>' +
          '<p>Sofern nicht anders ausgewiesen, stehen die Inhalte dieser Website unter der Lizenz CC BY 4.0.</p>',
      );
      const plugs = await page(
        '<p>Follow the Hafenblatt on Twitter and Instagram for the latest stories and breaking news from the harbour.</p>' +
          '<p>Subscribe now to our e-paper edition for the full story and every page of the weekend edition.</p>',
      );
      const notices = await page(
        '<p>We need your help. Help us keep the Hafenblatt free to read for everyone on the coast.</p>' +
          '<p>Send us a message on WhatsApp or email us at news@hafenblatt.example with your story.</p>' +
          '<p>Wir verwenden Cookies, damit unser Angebot besser funktioniert. <a href="/ok">OK</a></p>',
      );
      // A sentence of the author's that wears a © is still the author's.
      const mark = 'This is not meant as a manifesto™© of the harbour, we just think it is good to share what we learned so far.';
      expect(await page(`<p>${mark}</p>`)).to.include(mark);
      for (const variant of [small, plugs, notices]) {
        expectStory(variant);
        expect(variant).to.include(last);
        expect(variant).to.not.match(/Meinung des Autors|Lizenz|Follow the Hafenblatt|Subscribe now|your help|email us|Cookies/);
      }
    });

    it('keeps a lead named as a teaser that leads nowhere, and a long article named print-only', async () => {
      const lead = 'Berlin. The port will close its oldest terminal, the harbour authority said on Monday, ending a century of grain trade.';
      const variant = await main(`<div class="article"><div class="teaser"><i>Berlin.</i> <p>${lead.slice(8)}</p></div><div class="entry-content print-only">${story()}</div></div>`);
      expectStory(variant);
      expect(variant).to.include(lead.slice(8));
    });

    it('drops ad labels, agency credits, share bars and author boxes between and after the paragraphs', async () => {
      const variant = await main(
        `<div class="entry">${story(0, 1)}<div class="adslot-label">Advertisement</div><p>Story continues below</p>${story(1, 2)}` +
          `<figure><img src="/q.jpg" alt="The quay"><figcaption>Tom Hale/Getty Images</figcaption></figure>${story(2)}` +
          `<div class="sharing"><span>Share:</span> <a href="/s/fb">Facebook</a> | <a href="/s/x">X</a> | <a href="/s/mail">Email</a></div>` +
          `<div class="author-box"><p>Maria Costa has covered the harbour and its trade for the Gazette since 2009, and before that reported on fisheries for the regional paper.</p></div></div>`,
      );
      expectStory(variant);
      expect(variant).to.include('The quay');
      expect(variant).to.not.match(/Advertisement|continues below|Getty|Facebook|Email|Maria Costa/);
    });

    it('drops the text of tooltips and hover cards on linked names and terms', async () => {
      const { content, f1 } = await fixture('tooltips');
      expect(content).to.not.match(/View profile|In the Senate since|largest reservoir in the United States/);
      expect(content).to.include('Senator Elena Marquez');
      expect(f1).to.be.at.least(0.97);
      const bio = 'Harbour master since 2015 and former captain of the pilot boat';
      const variant = await main(`<div class="copy">${story(0, 2)}<p>The harbour master, <a href="/p/ann-lee" title="Ann Lee: ${bio}">Ann Lee<span class="bio-pop">Ann Lee: ${bio}</span></a>, said the quay was unsafe.</p>${story(2)}</div>`);
      expectStory(variant);
      expect(variant).to.include('Ann Lee');
      expect(variant).to.not.include('pilot boat');
    });

    it('drops print-only headers and lines that show because the stylesheet did not load', async () => {
      const { content, f1 } = await fixture('print-header');
      expect(content).to.not.match(/Printed from|Article address|printed for personal use|local news since 1887/);
      expect(f1).to.be.at.least(0.97);
      const variant = await main(
        `<style>@media print { #banner-p { display: block } }</style><link rel="stylesheet" href="https://cdn.invalid/site.css">` +
          `<div class="article"><div id="banner-p">Harbour Gazette, printed edition</div><span class="sr-only">Skip to navigation</span>${story()}<p class="visible-print">Copyright Harbour Gazette</p></div>`,
      );
      expectStory(variant);
      expect(variant).to.not.match(/printed edition|Skip to navigation|Copyright/);
    });
  });

  describe('embedded posts', () => {
    it('keeps the text of tweets, Instagram and Bluesky posts inside the article', async () => {
      const { content, f1 } = await fixture('embedded-posts');
      for (const text of ['An eruption has started north of Grindavik', 'The view from Keflavik this morning', 'Lava reaching the defensive walls', 'the roads to Grindavik are closed']) {
        expect(content).to.include(text);
      }
      expect(f1).to.be.at.least(0.97);
      const tweet = 'The old grain terminal at sunset, one last time before it closes for good.';
      const variant = await main(
        `<div class="content">${story(0, 2)}<div class="embed-social share-widget"><blockquote class="twitter-tweet"><p lang="en">${tweet} <a href="https://t.co/x">pic.twitter.com/x</a></p>&mdash; Harbour Trust (@harbourtrust) <a href="https://twitter.com/harbourtrust/status/1">May 3, 2024</a></blockquote></div>${story(2)}</div>`,
      );
      expectStory(variant);
      expect(variant).to.include(tweet);
    });
  });

  describe('the development set (spec/fixtures/pages and spec/fixtures/content)', () => {
    it(`scores a mean word-shingle F1 of at least ${MIN_MEAN_F1} and a pooled one of at least ${MIN_POOLED_F1}`, async function () {
      this.timeout(300_000);
      const rows: Array<[string, ShingleCounts]> = [];
      for (const page of devSet()) {
        await h.load(page.source);
        const { content } = await h.walk();
        rows.push([page.name, shingleCounts(words(expectedText(page.expected)), words(content))]);
      }
      const sum = (pick: (counts: ShingleCounts) => number): number => rows.reduce((n, [, counts]) => n + pick(counts), 0);
      const mean = rows.reduce((n, [, counts]) => n + scoresOf(counts).f1, 0) / rows.length;
      const pooled = scoresOf({ expected: sum((c) => c.expected), actual: sum((c) => c.actual), matched: sum((c) => c.matched) }).f1;
      const low = rows.filter(([, counts]) => scoresOf(counts).f1 < 0.9).map(([name, counts]) => `${name} ${scoresOf(counts).f1.toFixed(3)}`);
      console.log(`      ${rows.length} pages: mean F1 ${mean.toFixed(3)}, pooled F1 ${pooled.toFixed(3)}${low.length ? `; below 0.9: ${low.join(', ')}` : ''}`);
      expect(mean, 'mean F1').to.be.at.least(MIN_MEAN_F1);
      expect(pooled, 'pooled F1').to.be.at.least(MIN_POOLED_F1);
    });
  });
});
