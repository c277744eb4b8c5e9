import { expect } from 'chai';
import { stepModule, stepModules } from '../../../../lib/api/steps.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance, OBSERVE_ALLOWANCE_MS, type BudgetInputs } from '../../../../lib/browser/act/budget.js';
import { NAVIGATION_TIMEOUT_MS } from '../../../../lib/browser/act/navigation/navigate.js';
import { defineStep } from '../../../../lib/browser/act/define.js';
import type { Act } from '../../../../lib/browser/act/act.js';
import { strictObject } from '../../../../lib/contract/codec/index.js';
import { decoded } from '../../contract/codec/problem.js';

const noSolver = {};
const solver = { solver: { limitMs: 120_000 } } as Pick<Act, 'solver'>;
const budgetOf = (name: string, params: unknown, act: BudgetInputs = noSolver): number => {
  const module = stepModule(name);
  return module.budget(decoded(module.codec, params), act);
};

describe('defineStep (the step runtime)', () => {
  it('gives an element step an element allowance, and one whose action may navigate a navigation allowance, a solver included', () => {
    for (const act of [noSolver, solver]) {
      expect(budgetOf('click', { ref: 'e1' }, act)).to.equal(ELEMENT_ALLOWANCE_MS + navigationAllowance(act));
      expect(budgetOf('check', { label: 'Pro' }, act)).to.equal(ELEMENT_ALLOWANCE_MS + navigationAllowance(act));
      // Its own time comes on top: key presses for type.
      expect(budgetOf('type', { ref: 'e1', value: 'abc', delay: 10 }, act)).to.equal(ELEMENT_ALLOWANCE_MS + 3 * 60 + navigationAllowance(act));
    }
    expect(navigationAllowance(solver) - navigationAllowance(noSolver)).to.equal(120_000);
  });

  it("counts the driver's navigation limit in place of the default one, where it was given", () => {
    const short = { limits: { navigationMs: 3_000 } };
    expect(navigationAllowance(noSolver) - navigationAllowance(short)).to.equal(NAVIGATION_TIMEOUT_MS - 3_000);
    expect(budgetOf('goto', { url: 'http://a.test/', wait_timeout: 1_000 }, short)).to.equal(navigationAllowance(short) + 2_000);
  });

  it('counts the elements a page step says it finds, and a navigation of its own without waiting for one', () => {
    expect(budgetOf('fill_form', { fields: { a: 'x', b: true } })).to.equal(3 * ELEMENT_ALLOWANCE_MS + navigationAllowance(noSolver));
    expect(budgetOf('scroll', { ref: 'e4' }) - budgetOf('scroll', { to: 'top' })).to.be.above(0);
    expect(budgetOf('goto', { url: 'http://a.test/', wait_timeout: 1_000 })).to.equal(navigationAllowance(noSolver) + 2_000);
  });

  it('adds nothing to a step that only reads', () => {
    expect(budgetOf('observe', {})).to.equal(OBSERVE_ALLOWANCE_MS);
    expect(budgetOf('wait', { ms: 250 })).to.equal(250);
  });

  it('marks exactly the steps that act through Playwright\'s element actions', () => {
    expect(stepModules.filter((module) => module.targets).map((module) => module.name)).to.deep.equal(['type', 'select', 'check', 'scroll', 'upload', 'fill_form']);
  });

  it('runs a read step as it is, and a page step with tools whose wait has nothing to wait for without a declared one', async () => {
    const codec = strictObject({});
    let settledWith: unknown;
    const read = defineStep({ name: 'observe', codec, acts: 'read', budget: () => 7, run: () => Promise.resolve({ close: true }) });
    const page = defineStep({
      name: 'close',
      codec,
      acts: 'page',
      run: async (_scope, _params, tools) => {
        settledWith = await tools.settled();
        return { close: true };
      },
    });
    expect(read.budget({}, noSolver)).to.equal(7);
    expect(page.budget({}, noSolver)).to.equal(0);
    expect(await read.run({} as Act, {})).to.deep.equal({ close: true });
    expect(await page.run({} as Act, {})).to.deep.equal({ close: true });
    expect(settledWith).to.equal(undefined);
  });
});
