import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GENERATED, generated } from '../../bin/docs.js';

// This file runs as dist/spec/bin/docs.spec.js; the repository is three folders up.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('bin/docs (generated documentation)', () => {
  it('finds docs/openapi.json, README.md, docs/api.md and client/schema.ts as the code generates them', async () => {
    const files = await generated(ROOT);
    expect(files.map((file) => file.path.slice(ROOT.length))).to.have.members(['docs/openapi.json', 'README.md', 'docs/api.md', 'client/schema.ts']);
    const stale = files.filter((file) => file.have !== file.want).map((file) => file.path.slice(ROOT.length));
    expect(stale, `stale: regenerate with \`node scripts/build.mjs\` (or \`node dist/bin/docs.js\`) and commit ${stale.join(', ')}`).to.deep.equal([]);
  });

  it('says at the top of each wholly generated file that it is generated, and .gitattributes marks it', () => {
    const attributes = readFileSync(`${ROOT}.gitattributes`, 'utf8');
    for (const path of ['docs/openapi.json', 'client/schema.ts']) {
      const top = readFileSync(`${ROOT}${path}`, 'utf8').split('\n').slice(0, 2).join('\n');
      expect(top, path).to.include(GENERATED);
      expect(attributes, '.gitattributes').to.match(new RegExp(`^${path.replace('.', '\\.')} linguist-generated=true$`, 'm'));
    }
  });
});
