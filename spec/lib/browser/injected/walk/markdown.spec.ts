import { expect } from 'chai';
import { harnessSuite } from './harness.js';

describe('PageApi#walk() markdown', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  it('writes headings and paragraphs with normalised whitespace and one blank line between blocks', async () => {
    await h.load(`
      <h1>  Main   title </h1>
      <p>First    paragraph
         spans lines.</p>


      <p>Second <span>inline</span> <b>bold</b> and <em>light</em>.</p>
      <h3>Third level</h3><div>A div block</div><div>Another</div>`);
    expect(await h.markdown()).to.equal(
      [
        '# Main title',
        '',
        'First paragraph spans lines.',
        '',
        'Second inline **bold** and _light_.',
        '',
        '### Third level',
        '',
        'A div block',
        '',
        'Another',
      ].join('\n'),
    );
  });

  it('writes nested lists with two-space indents and ordered numbers from start', async () => {
    await h.load(`
      <p>Before</p>
      <ul>
        <li>One</li>
        <li>Two
          <ul><li>Two a</li><li>Two b<ol start="3"><li>deep</li><li>deeper</li></ol></li></ul>
        </li>
        <li>Three</li>
      </ul>
      <p>After</p>`);
    expect(await h.markdown()).to.equal(
      ['Before', '', '- One', '- Two', '  - Two a', '  - Two b', '    3. deep', '    4. deeper', '- Three', '', 'After'].join('\n'),
    );
  });

  it('writes links with absolute URLs and keeps the text of javascript: links', async () => {
    const url = await h.load(`
      <p>See <a href="/docs/intro?x=1#top">the intro</a>, <a href="other">a sibling</a>,
      <a href="https://example.org/abs">elsewhere</a> and <a href="javascript:void(0)">a script link</a>.</p>`);
    const origin = new URL(url).origin;
    expect(await h.markdown()).to.equal(
      `See [the intro](${origin}/docs/intro?x=1#top), [a sibling](${origin}/other), ` +
        '[elsewhere](https://example.org/abs) and a script link.',
    );
  });

  it('writes GFM tables: header from thead, | escaped, cells on one line, colspan blank', async () => {
    await h.load(`
      <table>
        <thead><tr><th>Name</th><th>Pipe | column</th><th>Note</th></tr></thead>
        <tbody>
          <tr><td>Ada</td><td>a|b</td><td><p>two</p><p>lines</p></td></tr>
          <tr><td colspan="2">wide</td><td>x</td></tr>
          <tr><td></td><td></td><td></td></tr>
        </tbody>
      </table>`);
    expect(await h.markdown()).to.equal(
      ['| Name | Pipe \\| column | Note |', '| --- | --- | --- |', '| Ada | a\\|b | two lines |', '| wide |  | x |'].join('\n'),
    );
  });

  it('takes the first row as header when there is no thead, and renders layout tables as blocks', async () => {
    await h.load(`
      <table><tr><td>k</td><td>v</td></tr><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr>
        <tr><td>5</td><td>6</td></tr><tr><td>7</td><td>8</td></tr><tr><td>9</td><td>10</td></tr></table>
      <table role="presentation"><tr><td><p>Layout cell</p></td><td>Other cell</td></tr></table>`);
    expect(await h.markdown()).to.equal(
      ['| k | v |', '| --- | --- |', '| 1 | 2 |', '| 3 | 4 |', '| 5 | 6 |', '| 7 | 8 |', '| 9 | 10 |', '', 'Layout cell', '', 'Other cell'].join('\n'),
    );
  });

  it('writes pre as a fenced block with its language, inline code in backticks, quotes, rules and line breaks', async () => {
    await h.load(`
      <p>Call <code>run()</code> now.</p>
      <pre><code class="language-js">const a = 1;
  if (a) {
    go();
  }</code></pre>
      <blockquote><p>Quoted one.</p><p>Quoted two.</p></blockquote>
      <hr>
      <p>line one<br>line two</p>`);
    expect(await h.markdown()).to.equal(
      [
        'Call `run()` now.',
        '',
        '```js',
        'const a = 1;',
        '  if (a) {',
        '    go();',
        '  }',
        '```',
        '',
        '> Quoted one.',
        '>',
        '> Quoted two.',
        '',
        '---',
        '',
        'line one',
        'line two',
      ].join('\n'),
    );
  });

  it('writes images as ![alt](absolute src), drops images without alt, and keeps figure captions', async () => {
    const url = await h.load(`
      <figure><img src="/pics/cat.png" alt="A cat" width="20" height="20"><figcaption>The cat, resting.</figcaption></figure>
      <p>Icon <img src="/pics/icon.png" width="20" height="20"> here.</p>`);
    const origin = new URL(url).origin;
    expect(await h.markdown()).to.equal([`![A cat](${origin}/pics/cat.png)`, '', 'The cat, resting.', '', 'Icon here.'].join('\n'));
  });

  it('leaves out scripts, styles, templates, svg, canvas and form control internals but keeps button text', async () => {
    await h.load(`
      <p>Visible</p>
      <script>document.write('')</script><style>p { color: black }</style><noscript>no script</noscript>
      <template><p>template text</p></template>
      <svg width="20" height="20"><text x="0" y="15">svg text</text></svg>
      <canvas width="10" height="10">canvas text</canvas>
      <form><input value="typed value"><textarea>area text</textarea>
        <select><option>option text</option></select><button>Send now</button></form>`);
    const md = await h.markdown();
    expect(md).to.include('Visible');
    expect(md).to.include('Send now');
    for (const hidden of ['document.write', 'color: black', 'no script', 'template text', 'svg text', 'canvas text', 'typed value', 'area text', 'option text']) {
      expect(md).to.not.include(hidden);
    }
  });

  it('writes role=heading with its aria-level, links inside headings, and no emphasis marks in headings', async () => {
    const url = await h.load(`<div role="heading" aria-level="3">Role <b>heading</b></div><a href="/card"><h2>Card title</h2><p>Card text</p></a>`);
    const origin = new URL(url).origin;
    expect(await h.markdown()).to.equal(['### Role heading', '', `## [Card title](${origin}/card)`, '', 'Card text'].join('\n'));
  });

  it('writes definition lists as term and definition lines', async () => {
    await h.load('<dl><dt>Term</dt><dd>Meaning one</dd><dt>Other</dt><dd>Meaning two</dd></dl>');
    expect(await h.markdown()).to.equal(['Term', ': Meaning one', 'Other', ': Meaning two'].join('\n'));
  });

  it('flows inline elements and separates inline-blocks', async () => {
    await h.load(`<p>a<span>b</span>c <a href="#x">d</a></p><nav><span style="display:inline-block">Home</span><span style="display:inline-block">About</span></nav>`);
    const md = await h.markdown();
    expect(md).to.match(/^abc \[d\]\(http:\/\/127\.0\.0\.1:\d+\/page-\d+#x\)\n\nHome About$/);
  });
});
