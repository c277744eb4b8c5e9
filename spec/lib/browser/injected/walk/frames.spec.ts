import { expect } from 'chai';
import { PROGRAM_KEY } from '../../../../../lib/browser/injected/names.js';
import { harnessSuite } from './harness.js';

describe('PageApi#walk() frames and shadow roots', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  it('walks a same-origin iframe inline at its place, elements included', async () => {
    h.serve('/framed', '<h2>Framed heading</h2><p>Framed text</p><button>Framed button</button>');
    await h.load(`<p>Before the frame</p><iframe src="/framed" width="400" height="200"></iframe><p>After the frame</p><button>Outer button</button>`);
    const result = await h.walk({ scope: 'body' });
    expect(result.content).to.equal(['Before the frame', '', '## Framed heading', '', 'Framed text', '', 'Framed button', '', 'After the frame', '', 'Outer button'].join('\n'));
    expect(result.elements.map((e) => [e.label, e.near ?? ''])).to.deep.equal([
      ['Framed button', 'Framed heading'],
      ['Outer button', 'Framed heading'],
    ]);
  });

  it('walks a srcdoc iframe and skips a cross-origin one', async () => {
    h.serve('/foreign', '<p>Foreign text</p><button>Foreign button</button>');
    await h.load(`
      <iframe srcdoc="<p>Srcdoc text</p>" width="300" height="100"></iframe>
      <iframe src="${h.crossOriginUrl('/foreign')}" width="300" height="100"></iframe>
      <p>Page text</p>`);
    const result = await h.walk({ scope: 'body' });
    expect(result.content).to.equal('Srcdoc text\n\nPage text');
    expect(result.elements).to.deep.equal([]);
  });

  it('reports where each shown cross-origin iframe\'s elements belong, and which iframe is which', async () => {
    h.serve('/foreign-a', '<button>A</button>');
    await h.load(`
      <button>First</button>
      <iframe id="a" src="${h.crossOriginUrl('/foreign-a')}" width="300" height="100"></iframe>
      <iframe id="hidden" src="${h.crossOriginUrl('/foreign-a')}" style="display:none"></iframe>
      <button>Second</button><button>Third</button>
      <iframe id="b" src="${h.crossOriginUrl('/foreign-a')}" width="300" height="100"></iframe>`);
    const result = await h.walk({ scope: 'body' });
    expect(result.elements.map((e) => e.label)).to.deep.equal(['First', 'Second', 'Third']);
    expect(result.frames).to.deep.equal([1, 3]);
    const slots = await h.page.evaluate((key) => {
      const api = (globalThis as unknown as Record<symbol, { foreignSlots(owners: Element[]): number[] }>)[Symbol.for(key)]!;
      return api.foreignSlots(['a', 'hidden', 'b'].map((id) => document.getElementById(id)!));
    }, PROGRAM_KEY);
    expect(slots).to.deep.equal([0, -1, 1]);
    // What the observer asks of such a frame: its elements and forms, no content rendered.
    const bare = await h.walk({ elementsOnly: true });
    expect([bare.content, bare.total]).to.deep.equal(['', 0]);
    expect(bare.elements).to.deep.equal(result.elements);
    // A scope that leaves the frames out leaves them out of `frames` too.
    expect((await h.walk({ scope: 'button' })).frames).to.deep.equal([]);
  });

  it('leaves out a hidden iframe and text hidden inside a frame', async () => {
    h.serve('/framed-hidden', '<p>Seen inside</p><p style="display:none">unseen inside</p>');
    await h.load(`<iframe src="/framed-hidden" width="300" height="100"></iframe><iframe src="/framed-hidden" style="display:none"></iframe>`);
    expect(await h.markdown()).to.equal('Seen inside');
  });

  it('walks open shadow roots as light DOM, following slots without doubling slotted content', async () => {
    await h.load(`
      <my-card><span slot="title">Slotted title</span><p>Slotted body</p><p slot="nowhere">Unassigned text</p></my-card>
      <script>
        customElements.define('my-card', class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML =
              '<h2><slot name="title">Fallback title</slot></h2><div><slot></slot></div>' +
              '<p>Shadow text <slot name="empty">fallback shown</slot></p><button>Shadow button</button>';
          }
        });
      </script>`);
    const result = await h.walk({ scope: 'body' });
    expect(result.content).to.equal(['## Slotted title', '', 'Slotted body', '', 'Shadow text fallback shown', '', 'Shadow button'].join('\n'));
    expect(result.elements.map((e) => [e.tag, e.label, e.near])).to.deep.equal([['button', 'Shadow button', 'Slotted title']]);
  });

  it('finds main content and elements inside shadow roots in main mode', async () => {
    await h.load(`
      <nav><a href="/">Home</a></nav>
      <app-shell></app-shell>
      <script>
        customElements.define('app-shell', class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML =
              '<main><article><h1>Shadow article</h1>' + '<p>${'Words of the shadow article body, long enough to count. '.repeat(12)}</p>'.repeat(3) +
              '<form><input name="q" placeholder="Search the shadow"></form></article></main>';
          }
        });
      </script>`);
    const result = await h.walk();
    expect(result.content).to.include('Words of the shadow article body');
    expect(result.elements.map((e) => [e.label, e.in])).to.deep.equal([['Search the shadow', 'form']]);
  });
});
