import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { createRequire } from 'node:module';

// This file runs as dist/spec/architecture.spec.js; the sources are two folders up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

describe('the import graph of client, mcp, bin, http, actors, machines and lib', function () {
  this.timeout(60_000);

  it('has no cycle and every arrow runs down the layers (.dependency-cruiser.cjs)', async () => {
    const config = require(`${ROOT}.dependency-cruiser.cjs`) as IConfiguration;
    const cwd = process.cwd();
    process.chdir(ROOT);
    let result: ICruiseResult;
    try {
      const reported = await cruise(['client', 'mcp', 'bin', 'http', 'actors', 'machines', 'lib'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } });
      result = reported.output as ICruiseResult;
    } finally {
      process.chdir(cwd);
    }
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${[v.from, ...(v.cycle?.map((c) => c.name) ?? [v.to])].join(' → ')}`);
    expect(result.summary.totalCruised, 'modules cruised').to.be.above(100);
    expect(violations).to.deep.equal([]);
  });
});
