import { expect } from 'chai';
import { InputSender, keyInput, scalePoint, type InputEvent } from '../../dashboard/input.js';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...mods });

describe('dashboard live input', () => {
  it('scales a point on the displayed view to the viewport CSS pixels', () => {
    expect(scalePoint(320, 180, { width: 640, height: 360 }, { width: 1280, height: 720 })).to.deep.equal({ x: 640, y: 360 });
    expect(scalePoint(100, 50, { width: 1600, height: 900 }, { width: 1280, height: 720 })).to.deep.equal({ x: 80, y: 40 });
    expect(scalePoint(-5, 400, { width: 640, height: 360 }, { width: 1280, height: 720 })).to.deep.equal({ x: 0, y: 719 });
  });

  it('types characters as text and presses other keys by their Playwright names, with modifiers', () => {
    expect(keyInput(key('a'))).to.deep.equal({ type: 'text', text: 'a' });
    expect(keyInput(key('A', { shiftKey: true }))).to.deep.equal({ type: 'text', text: 'A' });
    expect(keyInput(key('é'))).to.deep.equal({ type: 'text', text: 'é' });
    expect(keyInput(key('Enter'))).to.deep.equal({ type: 'key', action: 'press', key: 'Enter' });
    expect(keyInput(key('Tab', { shiftKey: true }))).to.deep.equal({ type: 'key', action: 'press', key: 'Shift+Tab' });
    expect(keyInput(key('a', { ctrlKey: true }))).to.deep.equal({ type: 'key', action: 'press', key: 'Control+a' });
    expect(keyInput(key('Shift', { shiftKey: true }))).to.equal(null);
  });

  it('sends events in order, in batches of at most 100, merging mouse moves in a row', async () => {
    const sent: InputEvent[][] = [];
    let release: () => void = () => {};
    const sender = new InputSender((events) => {
      sent.push(events);
      return new Promise((resolve) => (release = resolve));
    });
    sender.send({ type: 'text', text: 'x' });
    for (let i = 0; i < 150; i++) sender.send({ type: 'text', text: String(i) });
    sender.send({ type: 'mouse', action: 'move', x: 1, y: 1 });
    sender.send({ type: 'mouse', action: 'move', x: 2, y: 2 });
    for (let i = 0; i < 3; i++) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(sent.map((batch) => batch.length)).to.deep.equal([1, 100, 51]);
    expect(sent.flat().map((e) => (e.type === 'text' ? e.text : `${e.type}:${'x' in e ? e.x : ''}`))).to.deep.equal(['x', ...Array.from({ length: 150 }, (_, i) => String(i)), 'mouse:2']);
  });
});
