import { expect } from 'chai';
import { replaceSection, sectionBegin, sectionEnd } from '../../../lib/platform/generated-section.js';

describe('lib/platform/generated-section replaceSection()', () => {
  const text = `# Title\n\n${sectionBegin('plans')}\nold\n${sectionEnd('plans')}\n\nafter\n`;

  it('replaces what is between the markers and keeps the rest', () => {
    expect(replaceSection(text, 'plans', '| new |')).to.equal(`# Title\n\n${sectionBegin('plans')}\n\n| new |\n\n${sectionEnd('plans')}\n\nafter\n`);
  });

  it('gives the same text when run twice', () => {
    const once = replaceSection(text, 'plans', 'x');
    expect(replaceSection(once, 'plans', 'x')).to.equal(once);
  });

  it('throws when a marker is missing, so a lost section is noticed', () => {
    expect(() => replaceSection('# Title\n', 'plans', 'x')).to.throw('no <!-- plans:begin');
  });
});
