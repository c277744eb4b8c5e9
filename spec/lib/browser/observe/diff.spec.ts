import { expect } from 'chai';
import { diff, MAX_DELTA } from '../../../../lib/browser/observe/diff.js';

const el = (ref: string, label = ref) => ({ ref, tag: 'button', role: 'button', label });

describe('diff()', () => {
  it('reports no change for identical observations', () => {
    const snap = { content: '# A\n\ntext', elements: [el('e1')] };
    expect(diff(snap, snap)).to.deep.equal({ content_changed: false, content_delta: null, elements_added: [], elements_removed: [] });
  });

  it('lists added and removed lines in page order, counting repeated lines', () => {
    const changes = diff({ content: 'a\nb\nb', elements: [] }, { content: 'a\nb\nc\nc', elements: [] });
    expect(changes.content_changed).to.equal(true);
    expect(changes.content_delta).to.equal('+ c\n+ c\n- b');
  });

  it('finds elements added and removed by ref, removed ones with their tag, role and label', () => {
    const changes = diff({ content: '', elements: [el('e1'), el('e2', 'Old')] }, { content: '', elements: [el('e1'), el('e3')] });
    expect(changes.elements_added).to.deep.equal([el('e3')]);
    expect(changes.elements_removed).to.deep.equal([{ ref: 'e2', tag: 'button', role: 'button', label: 'Old' }]);
  });

  it('bounds the delta and says how many lines changed', () => {
    const after = Array.from({ length: 500 }, (_, i) => `line number ${i} of a long new page`).join('\n');
    const delta = diff({ content: 'old', elements: [] }, { content: after, elements: [] }).content_delta!;
    expect(delta.length).to.be.at.most(MAX_DELTA + 40);
    expect(delta).to.match(/\(501 changed lines in all\)$/);
  });
});
