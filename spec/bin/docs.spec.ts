import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { generated } from '../../bin/docs.js';

// This file runs as dist/spec/bin/docs.spec.js; the repository is three folders up.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('bin/docs (generated documentation)', () => {
  for (const file of generated(ROOT)) {
    const name = file.path.slice(ROOT.length);
    it(`finds ${name} as the codecs generate it`, () => {
      expect(file.have === file.want, `${name} is stale: regenerate it with \`node scripts/build.mjs\` (or \`node dist/bin/docs.js\`) and commit it`).to.equal(true);
    });
  }
});
