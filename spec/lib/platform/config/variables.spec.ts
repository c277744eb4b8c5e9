import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VARIABLES } from '../../../../lib/platform/config/index.js';

// This file runs as dist/spec/lib/config/variables.spec.js; the README is four folders up.
const README = fileURLToPath(new URL('../../../../../README.md', import.meta.url));

describe('VARIABLES', () => {
  it('are exactly the variables of the environment table in README.md\'s "Command line" section', () => {
    const section = readFileSync(README, 'utf8').split(/^## /m).find((part) => part.startsWith('Command line'));
    expect(section, 'a "Command line" section').to.be.a('string');
    const table = section!.slice(section!.indexOf('| variable |'));
    const documented = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]));
    expect([...documented].sort()).to.deep.equal(VARIABLES.map((variable) => variable.name).sort());
  });
});
