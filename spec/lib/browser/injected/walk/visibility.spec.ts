import { expect } from 'chai';
import { harnessSuite } from './harness.js';

/** Ways pages hide things; each wraps a text and a button that must never reach the reader. */
const HIDING: Array<[string, string]> = [
  ['display none', 'display:none'],
  ['visibility hidden', 'visibility:hidden'],
  ['visibility collapse', 'visibility:collapse'],
  ['opacity 0', 'opacity:0'],
  ['zero size with overflow hidden', 'width:0;height:0;overflow:hidden'],
  ['collapsed height', 'height:0;overflow:hidden'],
  ['absolute far left', 'position:absolute;left:-10000px;top:0'],
  ['absolute at -1000px', 'position:absolute;left:-1000px;width:300px'],
  ['absolute far up', 'position:absolute;top:-10000px'],
  ['fixed off-screen', 'position:fixed;left:-5000px;top:0'],
  ['fixed below the viewport', 'position:fixed;top:110vh;left:0'],
  ['sr-only clip', 'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0'],
  ['clip-path inset', 'position:absolute;width:1px;height:1px;clip-path:inset(50%);white-space:nowrap'],
  ['scale(0)', 'transform:scale(0)'],
  ['scaleX(0)', 'transform:scaleX(0)'],
];

const ATTRIBUTE_HIDING: Array<[string, string]> = [
  ['hidden attribute', 'hidden'],
  ['aria-hidden', 'aria-hidden="true"'],
  ['inert', 'inert'],
];

/** Text-only tricks: the words go, the box (and a control in it) may stay. */
const TEXT_HIDING: Array<[string, string]> = [
  ['text-indent -9999px', 'text-indent:-9999px;overflow:hidden;white-space:nowrap'],
  ['font-size 0', 'font-size:0'],
];

describe('PageApi#walk() visibility', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  const blocks = [
    ...HIDING.map(([name, style], i) => ({ name, open: `<div style="${style}">`, i })),
    ...ATTRIBUTE_HIDING.map(([name, attr], i) => ({ name, open: `<div ${attr}>`, i: i + HIDING.length })),
  ];

  for (const mode of ['main', 'full'] as const) {
    it(`leaves every hidden block out of content and elements (${mode} mode)`, async () => {
      await h.load(`
        <main><h1>Visible heading</h1><p>${'Visible article text. '.repeat(20)}</p>
        <button>Visible button</button>
        ${blocks.map(({ open, i }) => `${open}<p>secret${i} words</p><button>secret${i} button</button><input aria-label="secret${i} input"></div>`).join('\n')}
        <details><summary>Summary shown</summary><p>secretdetails words</p><button>secretdetails button</button></details>
        </main>`);
      const result = await h.walk({ mode });
      const labels = result.elements.map((e) => e.label);
      expect(result.content).to.include('Visible article text.');
      expect(labels).to.include('Visible button');
      expect(labels).to.include('Summary shown');
      for (const { name, i } of blocks) {
        expect(result.content, name).to.not.include(`secret${i}`);
        // What aria-hidden covers still shows: its controls are listed (text stays out of the content).
        if (name === 'aria-hidden') expect(labels, name).to.include(`secret${i} button`);
        else expect(labels.filter((label) => label.startsWith(`secret${i} `)), name).to.deep.equal([]);
      }
      expect(result.content).to.not.include('secretdetails');
      expect(labels.join('|')).to.not.include('secretdetails');
    });
  }

  it('leaves out text hidden by text-indent and font-size 0', async () => {
    await h.load(`
      <p>Shown text</p>
      ${TEXT_HIDING.map(([, style], i) => `<div style="${style}">texttrick${i} words</div>`).join('\n')}`);
    const md = await h.markdown();
    expect(md).to.equal('Shown text');
  });

  it('shows a visible child of a visibility:hidden parent', async () => {
    await h.load(`<div style="visibility:hidden">parent text<p style="visibility:visible">child text</p></div>`);
    expect(await h.markdown()).to.equal('child text');
  });

  it('walks through a zero-size element whose children overflow it visibly', async () => {
    await h.load(`<div style="height:0;width:0"><p style="width:300px">overflowing text</p><button>Overflowing button</button></div>`);
    const result = await h.walk({ scope: 'body' });
    expect(result.content).to.include('overflowing text');
    expect(result.elements.map((e) => e.label)).to.include('Overflowing button');
  });

  it('keeps a visually hidden checkbox whose label is shown (the styled-label pattern)', async () => {
    await h.load(`
      <input type="checkbox" id="terms" style="position:absolute;opacity:0"><label for="terms">Accept terms</label>
      <input type="checkbox" id="orphan" style="opacity:0">`);
    const result = await h.walk({ scope: 'body' });
    expect(result.elements.map((e) => [e.role, e.label, e.value])).to.deep.equal([['checkbox', 'Accept terms', 'unchecked']]);
  });
});
