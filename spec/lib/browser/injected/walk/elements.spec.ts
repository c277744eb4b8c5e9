import { expect } from 'chai';
import { partKey, PROGRAM_KEY } from '../../../../../lib/browser/injected/names.js';

const HOOKS_KEY = partKey('hooks');
import { harnessSuite } from './harness.js';

describe('PageApi#walk() interactive elements', function () {
  this.timeout(60_000);
  const h = harnessSuite();

  /** `PageApi#resolve()` of `ref`: the element's tag and id and its frame chain's ids, or null. */
  const resolve = (ref: string) =>
    h.page.evaluate(
      ({ key, ref }) => {
        const api = (globalThis as unknown as Record<symbol, { resolve(r: string): { element: Element; frames: Element[] } | null }>)[Symbol.for(key)]!;
        const found = api.resolve(ref);
        return found ? { tag: found.element.localName, id: found.element.id, frames: found.frames.map((f) => f.id) } : null;
      },
      { key: PROGRAM_KEY, ref },
    );

  it('lists controls in document order with tag, role, label and value', async () => {
    await h.load(`
      <button id="b">Go</button>
      <input id="t" aria-label="Full name" value="Ada">
      <label for="mail">E-mail</label><input id="mail" type="email">
      <label>Remember me <input type="checkbox" checked></label>
      <input placeholder="Search here">
      <input title="Titled">
      <input name="only_name">
      <input type="hidden" name="secret_token" value="x">
      <select aria-label="Size"><option>Small</option><option selected>Large</option></select>
      <textarea aria-label="Notes">some notes</textarea>
      <input type="submit" value="Send">
      <div role="tab" tabindex="0">Tab one</div>
      <details><summary>More</summary></details>
      <div contenteditable="true" aria-label="Editor"><p contenteditable="true">inner</p></div>
      <a href="/x">A link</a>`);
    const { elements, nextRef } = await h.walk({ scope: 'body' });
    expect(elements).to.deep.equal([
      { ref: 'e1', tag: 'button', role: 'button', label: 'Go' },
      { ref: 'e2', tag: 'input', role: 'textbox', label: 'Full name', value: 'Ada', input_type: 'text' },
      { ref: 'e3', tag: 'input', role: 'textbox', label: 'E-mail', input_type: 'email' },
      { ref: 'e4', tag: 'input', role: 'checkbox', label: 'Remember me', value: 'checked', input_type: 'checkbox', checked: true },
      { ref: 'e5', tag: 'input', role: 'textbox', label: 'Search here', input_type: 'text' },
      { ref: 'e6', tag: 'input', role: 'textbox', label: 'Titled', input_type: 'text' },
      { ref: 'e7', tag: 'input', role: 'textbox', label: 'only_name', input_type: 'text' },
      {
        ref: 'e8',
        tag: 'select',
        role: 'combobox',
        label: 'Size',
        value: 'Large',
        options: [
          { value: 'Small', label: 'Small', selected: false },
          { value: 'Large', label: 'Large', selected: true },
        ],
      },
      { ref: 'e9', tag: 'textarea', role: 'textbox', label: 'Notes', value: 'some notes' },
      { ref: 'e10', tag: 'input', role: 'button', label: 'Send', input_type: 'submit' },
      { ref: 'e11', tag: 'div', role: 'tab', label: 'Tab one' },
      { ref: 'e12', tag: 'summary', role: 'button', label: 'More', expanded: false },
      { ref: 'e13', tag: 'div', role: 'textbox', label: 'Editor' },
    ]);
    expect(nextRef).to.equal(14);
  });

  it('lists links only with includeLinks', async () => {
    await h.load(`<a href="/one">One</a> <span role="link" tabindex="0">Two</span> <a>not a link</a> <button>Three</button>`);
    expect((await h.walk({ scope: 'body' })).elements.map((e) => e.label)).to.deep.equal(['Three']);
    expect((await h.walk({ scope: 'body', includeLinks: true })).elements.map((e) => [e.role, e.label])).to.deep.equal([
      ['link', 'One'],
      ['link', 'Two'],
      ['button', 'Three'],
    ]);
  });

  it('never exposes a password', async () => {
    await h.load(`<form><input type="password" aria-label="Password" id="pw"><button>Log in</button></form>`);
    await h.page.fill('#pw', 'hunter2-secret');
    for (const format of ['markdown', 'html'] as const) {
      const result = await h.walk({ scope: 'body', format });
      expect(JSON.stringify(result)).to.not.include('hunter2');
      // A password field is typed into like any text field: a textbox, its kind in input_type.
      expect(result.elements[0]).to.deep.equal({ ref: 'e1', tag: 'input', role: 'textbox', input_type: 'password', label: 'Password', in: 'form', form: 'f1' });
    }
  });

  it('gives each element its landmark (in), nearest preceding heading (near) and form', async () => {
    await h.load(`
      <header><button>Menu</button></header>
      <nav aria-label="Main"><button>Nav button</button></nav>
      <main>
        <h1>Page title</h1>
        <h2>Sign up</h2>
        <form id="signup"><input aria-label="Email"><div role="button">Custom submit</div></form>
        <input form="signup" aria-label="Outside field">
        <h3 role="none">Not counted? still a heading tag</h3>
        <button>After heading</button>
      </main>
      <aside><button>Aside button</button></aside>
      <div role="contentinfo"><button>Footer button</button></div>
      <dialog open><button>Dialog button</button></dialog>`);
    const { elements, forms } = await h.walk({ scope: 'body' });
    expect(elements.map(({ label, in: inside, near, form }) => ({ label, in: inside, near, form }))).to.deep.equal([
      { label: 'Menu', in: 'header', near: undefined, form: undefined },
      { label: 'Nav button', in: 'nav', near: undefined, form: undefined },
      { label: 'Email', in: 'form', near: 'Sign up', form: 'f1' },
      { label: 'Custom submit', in: 'form', near: 'Sign up', form: 'f1' },
      { label: 'Outside field', in: 'main', near: 'Sign up', form: 'f1' },
      { label: 'After heading', in: 'main', near: 'Not counted? still a heading tag', form: undefined },
      { label: 'Aside button', in: 'aside', near: 'Not counted? still a heading tag', form: undefined },
      { label: 'Footer button', in: 'footer', near: 'Not counted? still a heading tag', form: undefined },
      { label: 'Dialog button', in: 'dialog', near: 'Not counted? still a heading tag', form: undefined },
    ]);
    expect(forms).to.deep.equal([{ ref: 'f1', id: 'signup', action: h.page.url(), method: 'get', fields: ['e3', 'e4', 'e5'] }]);
  });

  it('describes forms: id, absolute action, method, fields', async () => {
    const url = await h.load(`
      <form action="/login" method="POST"><input name="user" aria-label="User"><input name="action" aria-label="Shadowing"><button>Log in</button></form>
      <form method="weird"><input aria-label="Q"></form>
      <form style="display:none"><input aria-label="Hidden"></form>`);
    const { forms } = await h.walk({ scope: 'body' });
    expect(forms).to.deep.equal([
      { ref: 'f1', id: '', action: `${new URL(url).origin}/login`, method: 'post', fields: ['e1', 'e2', 'e3'] },
      { ref: 'f2', id: '', action: url, method: 'get', fields: ['e4'] },
    ]);
  });

  it('keeps refs across walks and numbers new elements from nextRef', async () => {
    await h.load(`<div id="list"><button id="a">A</button><button id="b">B</button></div>`);
    const first = await h.walk({ scope: 'body' });
    expect(first.elements.map((e) => [e.ref, e.label])).to.deep.equal([
      ['e1', 'A'],
      ['e2', 'B'],
    ]);
    await h.page.evaluate(() => {
      const list = document.getElementById('list')!;
      list.insertAdjacentHTML('afterbegin', '<button id="new1">New first</button>');
      list.insertAdjacentHTML('beforeend', '<button id="new2">New last</button>');
      document.getElementById('b')!.remove();
    });
    const second = await h.walk({ scope: 'body', nextRef: first.nextRef });
    expect(second.elements.map((e) => [e.ref, e.label])).to.deep.equal([
      ['e3', 'New first'],
      ['e1', 'A'],
      ['e4', 'New last'],
    ]);
    expect(second.nextRef).to.equal(5);
    // A number the node side has moved past is not handed out again.
    await h.page.evaluate(() => document.getElementById('list')!.insertAdjacentHTML('beforeend', '<button>Later</button>'));
    const third = await h.walk({ scope: 'body', nextRef: 10 });
    expect(third.elements.map((e) => e.ref)).to.deep.equal(['e3', 'e1', 'e4', 'e10']);
    expect(third.nextRef).to.equal(11);
  });

  it('resolves refs to live elements (with their frame chain) and to null once removed', async () => {
    h.serve('/inner', '<button id="framed">Framed</button>');
    await h.load(`<button id="a">A</button><iframe id="frame" src="/inner" width="300" height="100"></iframe>`);
    await h.walk({ scope: 'body' });
    expect(await resolve('e1')).to.deep.equal({ tag: 'button', id: 'a', frames: [] });
    expect(await resolve('e2')).to.deep.equal({ tag: 'button', id: 'framed', frames: ['frame'] });
    expect(await resolve('e99')).to.equal(null);
    expect(await resolve('bogus')).to.equal(null);
    await h.page.evaluate(() => document.getElementById('a')!.remove());
    expect(await resolve('e1')).to.equal(null);
    await h.page.evaluate(() => document.getElementById('frame')!.remove());
    expect(await resolve('e2')).to.equal(null);
  });

  it('lists elements with click listeners that look clickable (cursor: pointer), the outermost one', async () => {
    await h.load(`
      <div id="card" style="cursor:pointer"><span id="inner">Card title</span></div>
      <div id="plain">Plain listener</div>
      <div id="attr" onclick="void 0" style="cursor:pointer">Attribute handler</div>
      <div id="holder" style="cursor:pointer"><button>Real button</button></div>
      <script>
        document.getElementById('card').addEventListener('click', () => {});
        document.getElementById('inner').addEventListener('click', () => {});
        document.getElementById('plain').addEventListener('click', () => {});
        document.getElementById('holder').addEventListener('mousedown', () => {});
      </script>`);
    const { elements } = await h.walk({ scope: 'body' });
    expect(elements.map((e) => [e.tag, e.label])).to.deep.equal([
      ['div', 'Card title'],
      ['div', 'Attribute handler'],
      ['button', 'Real button'],
    ]);
  });

  it('finds click listeners inside a same-origin iframe, which has the hooks but no walker of its own', async () => {
    h.serve(
      '/listening',
      `<div id="tile" style="cursor:pointer">Framed tile</div>
       <script>document.getElementById('tile').addEventListener('click', () => {});</script>`,
    );
    await h.load(`<button>Outer</button><iframe id="frame" src="/listening" width="300" height="100"></iframe>`);
    const { elements } = await h.walk({ scope: 'body' });
    expect(elements.map((e) => [e.tag, e.label])).to.deep.equal([
      ['button', 'Outer'],
      ['div', 'Framed tile'],
    ]);
    const frame = h.page.frames().find((f) => f.url().endsWith('/listening'))!;
    const installed = await frame.evaluate(
      ([page, hooks]) => [Symbol.for(page) in globalThis, Symbol.for(hooks) in globalThis],
      [PROGRAM_KEY, HOOKS_KEY] as const,
    );
    expect(installed).to.deep.equal([false, true]);
  });

  it('starts every document with the hooks only; the walker comes with the first walk', async () => {
    await h.load('<button>B</button>');
    const present = (): Promise<boolean[]> =>
      h.page.evaluate(([page, hooks]) => [Symbol.for(page) in globalThis, Symbol.for(hooks) in globalThis], [PROGRAM_KEY, HOOKS_KEY] as const);
    expect(await present()).to.deep.equal([false, true]);
    expect((await h.walk({ scope: 'body' })).elements).to.have.length(1);
    expect(await present()).to.deep.equal([true, true]);
  });

  it('hooks addEventListener without changing how it looks or behaves', async () => {
    await h.load('<button id="b">B</button>');
    const seen = await h.page.evaluate(() => {
      const fn = Object.getOwnPropertyDescriptor(EventTarget.prototype, 'addEventListener')!.value as (...args: unknown[]) => void;
      let calls = 0;
      const button = document.getElementById('b')!;
      button.addEventListener('click', () => calls++, { once: true });
      button.click();
      button.click();
      let threw = false;
      try {
        fn.call({}, 'click', () => {});
      } catch {
        threw = true;
      }
      return { name: fn.name, length: fn.length, source: String(fn), calls, threw, enumerable: Object.keys(window).some((k) => k.includes('tabwright')) };
    });
    expect(seen).to.deep.equal({ name: 'addEventListener', length: 2, source: 'function addEventListener() { [native code] }', calls: 1, threw: true, enumerable: false });
  });

  it('installs once: running the script again changes nothing', async () => {
    await h.load('<button>B</button>');
    await h.walk({ scope: 'body' });
    const { readFileSync } = await import('node:fs');
    const { bundlePath } = await import('./harness.js');
    const same = await h.page.evaluate(
      ({ key, bundle }) => {
        const before = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(key)];
        const hook = (): unknown => Object.getOwnPropertyDescriptor(EventTarget.prototype, 'addEventListener')!.value;
        const hooked = hook();
        (0, eval)(bundle);
        return before === (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(key)] && hooked === hook();
      },
      { key: PROGRAM_KEY, bundle: readFileSync(bundlePath, 'utf8') },
    );
    expect(same).to.equal(true);
    expect((await h.walk({ scope: 'body', nextRef: 2 })).elements.map((e) => e.ref)).to.deep.equal(['e1']);
  });
});
