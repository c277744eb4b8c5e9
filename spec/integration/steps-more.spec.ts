import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ContentMerger } from '../../lib/browser/scrolling/merge.js';
import { fileNameOf, mimeTypeOf } from '../../lib/browser/forms/upload-fetch.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

const MIB = 1024 * 1024;

/** A tall page: sections to scroll past, a wheel counter, a button far down. */
const LONG = html(
  'Long',
  `<main><h1>Long page</h1>
   ${Array.from({ length: 40 }, (_, i) => `<section style="height:150px"><h2>Section ${i + 1}</h2><p>Text of section ${i + 1}.</p></section>`).join('')}
   <button id="far" aria-label="Far away button">Far away</button>
   <div style="height:600px"></div></main>
   <script>window.wheels = 0; addEventListener('wheel', () => window.wheels++);</script>`,
);

/** A tall page that swallows wheel events (a custom scroller): the step must still move it. */
const NO_WHEEL = html(
  'No wheel',
  `<div style="height:5000px"><p>Wheel is swallowed here.</p></div>
   <script>addEventListener('wheel', (e) => e.preventDefault(), { passive: false });</script>`,
);

/**
 * A feed that loads 10 posts when the reader nears the bottom. Modes: `append` (50 posts then
 * "End of feed"), `virtual` (the same, keeping only the last 15 posts in the DOM), `endless`
 * (never ends), `windowed` (200 rows of fixed total height, only rows near the viewport rendered).
 */
const FEED = html(
  'Feed',
  `<style>article { height: 150px; display: flow-root; } .row { height: 50px; }</style>
   <main><h1>The feed</h1><div id="top" style="height:0px"></div><div id="list"></div><p id="status"></p></main>
   <script>
   const mode = new URLSearchParams(location.search).get('mode') || 'append';
   const pad = (n) => String(n).padStart(3, '0');
   const list = document.getElementById('list');
   const spacer = document.getElementById('top');
   if (mode === 'windowed') {
     const rows = 200, rowHeight = 50;
     list.style.position = 'relative';
     list.style.height = rows * rowHeight + 'px';
     const render = () => {
       const from = Math.max(0, Math.floor((scrollY - list.offsetTop - 200) / rowHeight));
       const to = Math.min(rows, Math.ceil((scrollY - list.offsetTop + innerHeight + 200) / rowHeight));
       list.innerHTML = '';
       for (let i = from; i < to; i++) {
         const row = document.createElement('div');
         row.className = 'row';
         row.style.cssText = 'position:absolute;left:0;right:0;top:' + i * rowHeight + 'px';
         row.textContent = 'Row ' + pad(i + 1) + ' of the windowed list';
         list.appendChild(row);
       }
     };
     render();
     addEventListener('scroll', render);
   } else {
     const total = mode === 'endless' ? Infinity : 50;
     const keep = mode === 'virtual' ? 15 : Infinity;
     let next = 1, loading = false;
     const add = (count) => {
       for (let i = 0; i < count && next <= total; i++, next++) {
         const post = document.createElement('article');
         post.innerHTML = '<h2>Post #' + pad(next) + '</h2><p>Story number ' + pad(next) + ' of the feed, with enough words to read as content.</p>';
         list.appendChild(post);
       }
       while (list.children.length > keep) {
         const first = list.firstElementChild;
         spacer.style.height = parseFloat(spacer.style.height) + first.offsetHeight + 'px';
         first.remove();
       }
       if (next > total) document.getElementById('status').textContent = 'End of feed';
     };
     add(10);
     addEventListener('scroll', () => {
       if (loading || next > total) return;
       if (scrollY + innerHeight >= document.documentElement.scrollHeight - 200) {
         loading = true;
         setTimeout(() => { add(10); loading = false; }, 150);
       }
     });
   }
   </script>`,
);

/** File inputs: a plain single one, a multiple one hidden behind a styled label; each reports what it received. */
const UPLOAD = html(
  'Upload',
  `<style>.sr { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0,0,0,0); }
   .drop { display:inline-block; padding:20px; border:2px dashed #888; }</style>
   <h1>Send files</h1>
   <label for="cv">Resume</label> <input type="file" id="cv" name="cv">
   <p><input type="file" id="att" class="sr" multiple><label for="att" class="drop">Attachments</label></p>
   <ul id="got"></ul>
   <script>
   for (const input of document.querySelectorAll('input[type=file]')) {
     input.addEventListener('change', () => {
       for (const f of input.files) {
         const li = document.createElement('li');
         li.textContent = input.id + ' got ' + f.name + ' (' + f.size + ' bytes, ' + (f.type || 'no type') + ')';
         document.getElementById('got').appendChild(li);
       }
     });
   }
   </script>`,
);

/** A form with every control kind, hidden-styled checkboxes included, posting to the echo page. */
const FORM = html(
  'Sign up',
  `<style>.sr { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0,0,0,0); }
   .toggle { position:relative; display:inline-block; }
   .toggle input { position:absolute; left:0; top:0; margin:0; opacity:0; }
   .toggle .face { position:relative; display:inline-block; width:40px; height:20px; background:#ccc; z-index:1; }</style>
   <h1>Sign up</h1>
   <form id="signup" action="/echo" method="post">
     <p><label>Full name <input name="name"></label></p>
     <p><label>Email <input type="email" name="email"></label></p>
     <p><label>Message <textarea name="message"></textarea></label></p>
     <p><label>Country <select name="country"><option value="">Choose one</option><option value="fr">France</option><option value="de">Germany</option></select></label></p>
     <p><label>Size <select name="size"><option value="s">Small</option><option value="m">Medium</option><option value="l">Large</option></select></label></p>
     <p><label><input type="checkbox" name="newsletter" value="yes"> Newsletter</label></p>
     <p><label><input type="checkbox" name="terms" value="accepted" checked> Accept terms</label></p>
     <fieldset><legend>Plan</legend>
       <label><input type="radio" name="plan" value="basic" checked> Basic</label>
       <label><input type="radio" name="plan" value="pro"> Pro plan</label>
     </fieldset>
     <p><label><input type="checkbox" name="dark" class="sr"><span>☾</span> Dark mode</label></p>
     <p><label class="toggle"><input type="checkbox" name="remember" value="1"><span class="face"></span> Remember me</label></p>
     <button type="button">Preview</button>
     <button>Create account</button>
   </form>`,
);

/** A form without any button: submitting it is form.requestSubmit(). */
const BARE_FORM = html('Search', `<form action="/echo" method="get"><label>Query <input name="q"></label></form>`);

function echo(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const query = new URL(req.url ?? '/', 'http://x').search.slice(1);
    const fields = [...new URLSearchParams(body || query)].map(([k, v]) => `<li>${k} = ${v.replace(/\r?\n/g, ' / ')}</li>`).join('');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html('Echo', `<h1>Received</h1><ul>${fields}</ul>`));
  });
}

/** Serves `size` zero bytes, with or without a Content-Length. */
const bigFile = (size: number, declared: boolean) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', ...(declared ? { 'Content-Length': String(size) } : {}) });
  const chunk = Buffer.alloc(MIB);
  for (let sent = 0; sent < size; sent += MIB) res.write(sent + MIB <= size ? chunk : chunk.subarray(0, size - sent));
  res.end();
};

/** A download that does not end by itself: 1 MiB at a time, as fast as the reader takes it, up to 300 MiB; counts what it sent. */
const endless = { sent: 0 };
const endlessFile = (_req: IncomingMessage, res: ServerResponse): void => {
  endless.sent = 0;
  res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  const chunk = Buffer.alloc(MIB);
  const pump = (): void => {
    while (endless.sent < 300 * MIB && !res.destroyed) {
      endless.sent += MIB;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
};

/** An app layout: the body never scrolls; a panel under a fixed header does, and loads more items near its end (up to 60). */
const APP = html(
  'App',
  `<style>html, body { height: 100%; margin: 0; overflow: hidden; } header { height: 60px; } #panel { position: absolute; top: 60px; bottom: 0; left: 0; right: 0; overflow-y: auto; } #panel p { height: 80px; margin: 0; }</style>
   <header>Inbox</header>
   <div id="panel"></div>
   <script>
     const panel = document.getElementById('panel');
     let count = 0;
     const more = () => { for (let i = 0; i < 20 && count < 60; i++) { count++; const p = document.createElement('p'); p.textContent = 'Item ' + String(count).padStart(2, '0'); panel.append(p); } };
     more();
     panel.addEventListener('scroll', () => { if (panel.scrollTop + panel.clientHeight >= panel.scrollHeight - 100) setTimeout(more, 100); });
   </script>`,
);

describe('ContentMerger', () => {
  it('keeps lines a later snapshot dropped and puts new lines where they appeared', () => {
    const merger = new ContentMerger();
    merger.add('# Feed\n\n- a\n- b\n- c\n\nFooter');
    merger.add('# Feed\n\n- c\n- d\n- e\n\nFooter');
    merger.add('# Feed\n\n- e\n- f\n\nFooter');
    expect(merger.text()).to.equal('# Feed\n\n- a\n- b\n- c\n- d\n- e\n- f\n\nFooter');
  });

  it('keeps repeated lines repeated and in order', () => {
    const merger = new ContentMerger();
    merger.add('Post 1\nReply\nPost 2\nReply');
    merger.add('Post 2\nReply\nPost 3\nReply');
    expect(merger.text()).to.equal('Post 1\nReply\nPost 2\nReply\nPost 3\nReply');
  });
});

describe('upload fetch helpers', () => {
  it('names a file from Content-Disposition, else the URL path, else "file"', () => {
    expect(fileNameOf('attachment; filename="notes.txt"', 'http://a.test/x')).to.equal('notes.txt');
    expect(fileNameOf(`attachment; filename="x.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, 'http://a.test/x')).to.equal('résumé.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'http://a.test/x')).to.equal('passwd');
    expect(fileNameOf(undefined, 'http://a.test/files/My%20Report.pdf?v=2')).to.equal('My Report.pdf');
    expect(fileNameOf(undefined, 'http://a.test/')).to.equal('file');
    expect(mimeTypeOf('Text/Plain; charset=utf-8')).to.equal('text/plain');
    expect(mimeTypeOf(undefined)).to.equal('application/octet-stream');
  });
});

describe('scroll, scroll_collect, upload, fill_form and execute_js against real Chromium', function () {
  this.timeout(120_000);
  const t = browserSuite({
    '/long': { body: LONG },
    '/no-wheel': { body: NO_WHEEL },
    '/feed': { body: FEED },
    '/app': { body: APP },
    // Goes on to the app by itself, after the create's observation: a document no step of ours opened.
    '/hop': { body: html('Hop', '<p>Moving on</p><script>setTimeout(() => location.replace("/app?hopped"), 1200)</script>') },
    '/upload': { body: UPLOAD },
    '/form': { body: FORM },
    '/bare-form': { body: BARE_FORM },
    '/echo': echo,
    '/plain': { body: html('Plain', '<h1>Plain</h1><p>Nothing to see.</p>') },
    '/hang': () => undefined,
    '/files/report.pdf': { type: 'application/pdf', body: '%PDF-1.4 '.padEnd(1234, 'x') },
    '/files/download': (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': 'attachment; filename="notes.txt"' }).end('hello notes'),
    '/files/private': (req, res) =>
      /(^|; )pass=1(;|$)/.test(req.headers.cookie ?? '')
        ? res.writeHead(200, { 'Content-Type': 'text/csv' }).end('a,b\n1,2\n')
        : res.writeHead(403).end('no cookie'),
    '/files/huge': bigFile(26 * MIB, true),
    '/files/huge-chunked': bigFile(26 * MIB, false),
    '/files/endless': endlessFile,
    '/files/twenty': bigFile(20 * MIB, true),
  });
  const { create, act } = t;
  const open = async (path: string): Promise<{ id: string; page: { interactive_elements: Array<{ ref: string; label: string }> } }> => {
    const res = await create({ url: t.site.url(path) });
    expect(res.body.error).to.equal(null);
    return { id: res.body.session_id as string, page: res.body.page };
  };
  const js = async (id: string, code: string): Promise<unknown> => {
    const res = await act(id, [{ execute_js: { code } }]);
    expect(res.body.error).to.equal(null);
    return res.body.extraction.js_result;
  };

  describe('scroll', () => {
    it('moves down and up by amount × times with the mouse wheel', async () => {
      const { id } = await open('/long');
      const down = await act(id, [{ scroll: { direction: 'down', amount: 400, times: 2 } }]);
      expect(down.body.error).to.equal(null);
      expect(down.body.page.scroll.y).to.equal(800);
      expect(await js(id, 'return window.wheels')).to.be.at.least(2);
      const up = await act(id, [{ scroll: { direction: 'up', amount: 300 } }]);
      expect(up.body.page.scroll.y).to.equal(500);
    });

    it('jumps to the bottom and back to the top', async () => {
      const { id } = await open('/long');
      const bottom = await act(id, [{ scroll: { to: 'bottom' } }]);
      const { y, height, viewport, percent } = bottom.body.page.scroll;
      expect(y).to.equal(height - viewport);
      expect(percent).to.equal(100);
      const top = await act(id, [{ scroll: { to: 'top' } }]);
      expect(top.body.page.scroll.y).to.equal(0);
    });

    it('brings a ref into view', async () => {
      const { id, page } = await open('/long');
      const far = page.interactive_elements.find((e) => e.label === 'Far away button');
      expect(far).to.not.equal(undefined);
      const res = await act(id, [{ scroll: { ref: far!.ref } }]);
      expect(res.body.error).to.equal(null);
      expect(res.body.page.scroll.y).to.be.above(5000);
      const inView = await js(id, 'const r = document.getElementById("far").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;');
      expect(inView).to.equal(true);
    });

    it('scrolls by script when the page swallows the wheel', async () => {
      const { id } = await open('/no-wheel');
      const res = await act(id, [{ scroll: { direction: 'down', amount: 500 } }]);
      expect(res.body.page.scroll.y).to.equal(500);
    });

    it('scrolls the panel an app layout scrolls in, and reports its position', async () => {
      const { id } = await open('/app');
      const down = await act(id, [{ scroll: { direction: 'down', amount: 400 } }]);
      expect(down.body.error).to.equal(null);
      expect(down.body.page.scroll.y).to.equal(400);
      expect(await js(id, 'return [window.scrollY, document.getElementById("panel").scrollTop]')).to.deep.equal([0, 400]);
      const bottom = await act(id, [{ scroll: { to: 'bottom' } }]);
      expect(bottom.body.page.scroll.percent).to.equal(100);
      const top = await act(id, [{ scroll: { to: 'top' } }]);
      expect(top.body.page.scroll.y).to.equal(0);
    });

    it('scrolls the panel of a document the page opened by itself, before any walk of it', async () => {
      const { id } = await open('/hop');
      const arrived = "location.search === '?hopped' && document.readyState === 'complete'";
      const res = await act(id, [{ wait: { until: arrived, timeout: 5_000 } }, { scroll: { to: 'bottom' } }, { wait: { text: 'Item 21', timeout: 3_000 } }]);
      expect(res.body.error).to.equal(null);
      expect(res.body.page.url).to.match(/\/app\?hopped$/);
      // The panel reached its end (its scroll handler loaded Item 21 on): the window never moved.
      expect(res.body.page.scroll.y).to.be.greaterThan(0);
      expect(await js(id, 'return [window.scrollY, document.getElementById("panel").scrollTop > 0]')).to.deep.equal([0, true]);
    });

    it('gives element_not_found for a stale or unknown ref', async () => {
      const { id } = await open('/long');
      const res = await act(id, [{ scroll: { ref: 'e999' } }]);
      expect(res.body.error).to.include({ code: 'element_not_found', action: 'scroll' });
    });
  });

  describe('scroll_collect', () => {
    const posts = (content: string): number[] => [...content.matchAll(/Post #(\d{3})/g)].map((m) => Number(m[1]));
    const distinct = (content: string): number => new Set(posts(content)).size;

    it('loads an infinite feed to its end, stops when the height stops growing, and returns one observation', async () => {
      const { id } = await open('/feed?mode=append');
      const started = Date.now();
      const res = await act(id, [{ scroll_collect: { wait_ms: 300 } }]);
      const took = Date.now() - started;
      expect(res.body.error).to.equal(null);
      const content = res.body.page.markdown.content as string;
      expect(distinct(content)).to.equal(50);
      expect(posts(content)).to.deep.equal([...posts(content)].sort((a, b) => a - b));
      expect(res.body.page.scroll.percent).to.equal(100);
      expect(res.body.page.interactive_elements).to.be.an('array');
      expect(took).to.be.below(15_000);
    });

    it('keeps the posts a virtualised feed removed while scrolling', async () => {
      const { id } = await open('/feed?mode=virtual');
      const res = await act(id, [{ scroll_collect: { wait_ms: 300 } }]);
      expect(res.body.error).to.equal(null);
      const content = res.body.page.markdown.content as string;
      expect(distinct(content)).to.equal(50);
      expect(posts(content)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      const live = await js(id, 'return document.querySelectorAll("article").length');
      expect(live).to.equal(15);
    });

    it('reads every row of a windowed list that renders only what is near the viewport', async () => {
      const { id } = await open('/feed?mode=windowed');
      const res = await act(id, [{ scroll_collect: { wait_ms: 100 } }]);
      const rows = new Set([...(res.body.page.markdown.content as string).matchAll(/Row (\d{3})/g)].map((m) => m[1]));
      expect(rows.size).to.equal(200);
    });

    it('collects a feed that loads inside a scrolling panel', async () => {
      const { id } = await open('/app');
      const res = await act(id, [{ scroll_collect: { wait_ms: 300 } }]);
      expect(res.body.error).to.equal(null);
      const items = new Set([...(res.body.page.markdown.content as string).matchAll(/Item (\d{2})/g)].map((m) => m[1]));
      expect(items.size).to.equal(60);
    });

    it('stops at max_scrolls', async () => {
      const { id } = await open('/feed?mode=endless');
      const res = await act(id, [{ scroll_collect: { max_scrolls: 3, wait_ms: 400 } }]);
      expect(res.body.error).to.equal(null);
      const seen = posts(res.body.page.markdown.content as string);
      expect(Math.max(...seen)).to.be.within(20, 40);
    });

    it('stops at timeout_ms on a feed that never ends', async () => {
      const { id } = await open('/feed?mode=endless');
      const started = Date.now();
      const res = await act(id, [{ scroll_collect: { timeout_ms: 1500, wait_ms: 200 } }]);
      const took = Date.now() - started;
      expect(res.body.error).to.equal(null);
      // The budget plus the act's final observation (bounded by its own stability cap).
      expect(took).to.be.below(6_000);
      expect(distinct(res.body.page.markdown.content as string)).to.be.above(10);
    });

    it('cuts the unified content at max_text_length and says how long it was', async () => {
      const { id } = await open('/feed?mode=append');
      const res = await act(id, [{ scroll_collect: { wait_ms: 200, max_text_length: 800 } }]);
      const { content, length } = res.body.page.markdown;
      expect(content.length).to.be.at.most(800);
      expect(length.shown).to.equal(content.length);
      expect(length.total).to.be.above(4000);
    });

    it('returns the page as it is when nothing more loads', async () => {
      const { id } = await open('/plain');
      const res = await act(id, [{ scroll_collect: { wait_ms: 50 } }]);
      expect(res.body.error).to.equal(null);
      expect(res.body.page.markdown.content).to.contain('Nothing to see.');
      expect(res.body.page.markdown.length).to.equal(undefined);
    });
  });

  describe('upload', () => {
    const got = (page: { markdown: { content: string } }): string => page.markdown.content;

    it('attaches one file, named from its URL, typed from Content-Type', async () => {
      const { id } = await open('/upload');
      const res = await act(id, [{ upload: { label: 'Resume', files: [t.site.url('/files/report.pdf')] } }]);
      expect(res.body.error).to.equal(null);
      expect(got(res.body.page)).to.contain('cv got report.pdf (1234 bytes, application/pdf)');
    });

    it('attaches two files to a multiple input hidden behind a styled label; Content-Disposition names one', async () => {
      const { id } = await open('/upload');
      const res = await act(id, [{ upload: { label: 'Attachments', files: [t.site.url('/files/report.pdf'), t.site.url('/files/download?id=7')] } }]);
      expect(res.body.error).to.equal(null);
      expect(got(res.body.page)).to.contain('att got report.pdf (1234 bytes, application/pdf)');
      expect(got(res.body.page)).to.contain('att got notes.txt (11 bytes, text/plain)');
    });

    it("downloads through the session's own context: its cookies go along", async () => {
      const res = await create({
        url: t.site.url('/upload'),
        cookies: [{ name: 'pass', value: '1', url: t.site.url('/') }],
        steps: [{ upload: { label: 'Resume', files: [t.site.url('/files/private')] } }],
      });
      expect(res.body.error).to.equal(null);
      expect(got(res.body.page)).to.contain('cv got private (8 bytes, text/csv)');
      const without = await open('/upload');
      const refused = await act(without.id, [{ upload: { label: 'Resume', files: [t.site.url('/files/private')] } }]);
      expect(refused.body.error.context).to.include({ reason: 'download_failed', status: 403 });
    });

    it('refuses two files for a single-file input before downloading anything', async () => {
      const { id } = await open('/upload');
      const before = t.site.hits.get('/files/report.pdf') ?? 0;
      const res = await act(id, [{ upload: { label: 'Resume', files: [t.site.url('/files/report.pdf'), t.site.url('/files/report.pdf')] } }]);
      expect(res.body.error).to.include({ code: 'action_failed', action: 'upload' });
      expect(res.body.error.context.reason).to.equal('single_file_input');
      expect(t.site.hits.get('/files/report.pdf') ?? 0).to.equal(before);
    });

    it('fails with download_failed and the status for a 404', async () => {
      const { id } = await open('/upload');
      const res = await act(id, [{ upload: { label: 'Resume', files: [t.site.url('/files/missing.pdf')] } }]);
      expect(res.body.error.code).to.equal('action_failed');
      expect(res.body.error.context).to.include({ reason: 'download_failed', status: 404 });
    });

    it('fails with too_large for a file over 25 MiB, declared or not, and for a total over 50 MiB', async () => {
      const { id } = await open('/upload');
      for (const path of ['/files/huge', '/files/huge-chunked']) {
        const res = await act(id, [{ upload: { label: 'Resume', files: [t.site.url(path)] } }]);
        expect(res.body.error.context.reason, path).to.equal('too_large');
      }
      const three = [t.site.url('/files/twenty'), t.site.url('/files/twenty'), t.site.url('/files/twenty')];
      const res = await act(id, [{ upload: { label: 'Attachments', files: three } }]);
      expect(res.body.error.context.reason).to.equal('too_large');
      expect(res.body.error.message).to.contain('total');
      expect(got(res.body.page)).to.not.contain('got');
    });

    it('downloads only where the session may go: a refused address fails, and nothing is attached', async () => {
      const { id } = await open('/upload');
      const refused = t.site.url('/files/report.pdf').replace('127.0.0.1', '127.0.0.2');
      const res = await act(id, [{ upload: { label: 'Resume', files: [refused] } }]);
      expect(res.body.error.context).to.include({ reason: 'download_failed', url: refused });
      expect(got(res.body.page)).to.not.contain('got');
    });

    it('cuts a download that does not end as soon as it passes the limit', async () => {
      const { id } = await open('/upload');
      const res = await act(id, [{ upload: { label: 'Resume', files: [t.site.url('/files/endless')] } }]);
      expect(res.body.error.context.reason).to.equal('too_large');
      // The limit is 25 MiB; what sat in socket buffers when the transfer was cut comes on top.
      expect(endless.sent).to.be.below(40 * MIB);
    });

    it('refuses a target that is not a file input', async () => {
      const { id } = await open('/form');
      const byLabel = await act(id, [{ upload: { label: 'Full name', files: [t.site.url('/files/report.pdf')] } }]);
      expect(byLabel.body.error.code).to.equal('element_not_found');
      const elements = byLabel.body.page.interactive_elements as Array<{ ref: string; tag: string }>;
      const ref = elements.find((e) => e.tag === 'input')!.ref;
      const byRef = await act(id, [{ upload: { ref, files: [t.site.url('/files/report.pdf')] } }]);
      expect(byRef.body.error.context.reason).to.equal('not_a_file_input');
    });
  });

  describe('fill_form', () => {
    it('fills every control kind, submits, and the result page shows what was posted', async () => {
      const { id } = await open('/form');
      const res = await act(id, [
        {
          fill_form: {
            fields: {
              'Full name': 'Ada Lovelace',
              Email: 'ada@example.test',
              Message: 'Hello\nthere',
              Country: 'de',
              Size: 'large',
              Newsletter: true,
              'Accept terms': false,
              Plan: 'Pro plan',
              'Dark mode': 'yes',
              'Remember me': true,
            },
            submit: true,
          },
        },
      ]);
      expect(res.body.error).to.equal(null);
      expect(res.body.page.title).to.equal('Echo');
      const content = res.body.page.markdown.content as string;
      for (const line of ['name = Ada Lovelace', 'email = ada@example.test', 'message = Hello / there', 'country = de', 'size = l', 'newsletter = yes', 'plan = pro', 'dark = on', 'remember = 1']) {
        expect(content).to.contain(line);
      }
      expect(content).to.not.contain('terms');
    });

    it('fills without submitting, and sets a radio by boolean', async () => {
      const { id } = await open('/form');
      const res = await act(id, [{ fill_form: { fields: { 'Pro plan': true, Country: 'France', 'Accept terms': 'off' } } }]);
      expect(res.body.error).to.equal(null);
      expect(res.body.page.title).to.equal('Sign up');
      const state = await js(id, 'const f = document.forms.signup; return [f.plan.value, f.country.value, f.terms.checked]');
      expect(state).to.deep.equal(['pro', 'fr', false]);
    });

    it('submits a form without buttons through requestSubmit', async () => {
      const { id } = await open('/bare-form');
      const res = await act(id, [{ fill_form: { fields: { Query: 'tabwright' }, submit: true } }]);
      expect(res.body.error).to.equal(null);
      expect(res.body.page.markdown.content).to.contain('q = tabwright');
    });

    it('gives element_not_found with candidates for an unknown label', async () => {
      const { id } = await open('/form');
      const res = await act(id, [{ fill_form: { fields: { 'Full name': 'A', 'Favourite colour': 'blue' } } }]);
      expect(res.body.error).to.include({ code: 'element_not_found', action: 'fill_form' });
      expect(res.body.error.context.candidates).to.be.an('array').that.is.not.empty;
    });

    it('refuses a value that does not suit the field', async () => {
      const { id } = await open('/form');
      const text = await act(id, [{ fill_form: { fields: { Email: true } } }]);
      expect(text.body.error).to.include({ code: 'invalid_request' });
      expect(text.body.error.context).to.deep.equal({ path: 'fill_form.fields.Email', expected: 'a string for a text field' });
      const check = await act(id, [{ fill_form: { fields: { Newsletter: 'maybe' } } }]);
      expect(check.body.error.code).to.equal('invalid_request');
      const option = await act(id, [{ fill_form: { fields: { Country: 'Atlantis' } } }]);
      expect(option.body.error.context.reason).to.equal('no_such_option');
      const radio = await act(id, [{ fill_form: { fields: { Plan: 'Platinum' } } }]);
      expect(radio.body.error.context.reason).to.equal('no_such_option');
    });
  });

  describe('execute_js', () => {
    it('returns objects, strings, numbers and null (undefined too) into extraction', async () => {
      const { id } = await open('/plain');
      const res = await act(id, [
        { execute_js: { code: 'return { title: document.title, list: [1, 2], nested: { ok: true } }', result_key: 'obj' } },
        { execute_js: { code: 'return "text"', result_key: 'str' } },
        { execute_js: { code: 'await new Promise((r) => setTimeout(r, 20)); return 42', result_key: 'num' } },
        { execute_js: { code: 'return null', result_key: 'nil' } },
        { execute_js: { code: 'document.title = "Changed"' } },
      ]);
      expect(res.body.error).to.equal(null);
      expect(res.body.extraction).to.deep.equal({
        obj: { title: 'Plain', list: [1, 2], nested: { ok: true } },
        str: 'text',
        num: 42,
        nil: null,
        js_result: null,
      });
      expect(res.body.page.title).to.equal('Changed');
    });

    it('fails with script_error and the message when the code throws', async () => {
      const { id } = await open('/plain');
      const res = await act(id, [{ execute_js: { code: 'throw new TypeError("boom here")' } }]);
      expect(res.body.error).to.include({ code: 'action_failed', action: 'execute_js', step: 0 });
      expect(res.body.error.context.reason).to.equal('script_error');
      expect(res.body.error.message).to.contain('TypeError: boom here');
    });

    it('refuses code that does not compile as invalid_request on execute_js.code, before running it', async () => {
      const { id } = await open('/plain');
      const res = await act(id, [{ wait: { ms: 1 } }, { execute_js: { code: 'document.title = "ran"; return (' } }]);
      expect(res.body.completed).to.equal(1);
      expect(res.body.error).to.include({ code: 'invalid_request', step: 1 });
      expect(res.body.error.context).to.deep.equal({ path: 'execute_js.code', expected: 'JavaScript function body' });
      expect(res.body.page.title).to.equal('Plain');
    });

    it('fails with not_serializable for cycles and BigInt', async () => {
      const { id } = await open('/plain');
      for (const code of ['const a = {}; a.self = a; return a;', 'return 10n', 'return () => 1']) {
        const res = await act(id, [{ execute_js: { code } }]);
        expect(res.body.error.context.reason, code).to.equal('not_serializable');
      }
    });

    it('stops while(true){} at its timeout, answers within seconds, and the session goes on', async () => {
      const { id } = await open('/plain');
      const started = Date.now();
      const res = await act(id, [{ execute_js: { code: 'while (true) {}', timeout: 500 } }]);
      const took = Date.now() - started;
      expect(res.body.error).to.include({ code: 'action_failed', action: 'execute_js' });
      expect(res.body.error.context.reason).to.equal('timeout');
      expect(took).to.be.below(5_000);
      expect(res.body.page.title).to.equal('Plain');
      const info = await t.service.http.get(`/v1/sessions/${id}`).set(t.auth);
      expect(info.body.status).to.equal('active');
      expect(await js(id, 'return 1 + 1')).to.equal(2);
      const next = await act(id, [{ goto: { url: t.site.url('/long') } }]);
      expect(next.body.page.title).to.equal('Long');
    });

    it('times out code that awaits forever without stopping the page', async () => {
      const { id } = await open('/plain');
      const started = Date.now();
      const res = await act(id, [{ execute_js: { code: 'await new Promise(() => {})', timeout: 300 } }]);
      expect(res.body.error.context.reason).to.equal('timeout');
      expect(Date.now() - started).to.be.below(5_000);
      expect(await js(id, 'return document.title')).to.equal('Plain');
    });

    it('stops a loop that only yields to microtasks', async () => {
      const { id } = await open('/plain');
      const res = await act(id, [{ execute_js: { code: 'for (;;) await 0;', timeout: 300 } }]);
      expect(res.body.error.context.reason).to.equal('timeout');
      expect(await js(id, 'return 3')).to.equal(3);
    });

    it('closes a page that stays stuck outside JavaScript, within seconds, and the session fails page_unresponsive', async () => {
      const { id } = await open('/plain');
      const started = Date.now();
      const code = 'const x = new XMLHttpRequest(); x.open("GET", "/hang", false); x.send(); return x.status';
      const res = await act(id, [{ execute_js: { code, timeout: 300 } }]);
      expect(Date.now() - started).to.be.below(10_000);
      expect(res.body.error).to.include({ code: 'page_unresponsive', action: 'execute_js' });
      expect(res.body.error.message).to.contain('could not be stopped, so the page was closed');
      expect(res.body.page).to.equal(null);
      const info = await t.service.http.get(`/v1/sessions/${id}`).set(t.auth);
      expect(info.body).to.include({ status: 'failed', error_code: 'page_unresponsive' });
    });

    it('leaves extraction null when no execute_js ran', async () => {
      const { id } = await open('/plain');
      const res = await act(id, [{ wait: { ms: 1 } }]);
      expect(res.body.extraction).to.equal(null);
    });
  });
});
