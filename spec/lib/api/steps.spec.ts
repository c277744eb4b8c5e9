import { expect } from 'chai';
import { stepCodec, stepModule, stepModules, stepNames } from '../../../lib/api/steps.js';
import type { Act } from '../../../lib/browser/act/act.js';
import { problem } from '../contract/codec/problem.js';

const ONE_KEY = 'an object with exactly one key: the step type';
const act = {} as Act;

describe('lib/api/steps (the step catalogue)', () => {
  it('lists all 18 step types of the contract in its order, each under its own name', () => {
    expect(stepNames).to.deep.equal([
      'goto', 'observe', 'click', 'fill', 'type', 'select', 'check', 'scroll', 'scroll_collect',
      'screenshot', 'wait', 'extract', 'upload', 'pdf', 'fill_form', 'execute_js', 'tab', 'close',
    ]);
    expect(stepModules.map((m) => m.name)).to.deep.equal([...stepNames]);
    for (const name of stepNames) expect(stepModule(name).name).to.equal(name);
  });

  it('throws on an unknown name, which only a programming error can produce', () => {
    expect(() => stepModule('teleport')).to.throw('unknown step type "teleport"');
    expect(() => stepModule('toString')).to.throw();
  });

  describe('stepCodec', () => {
    it('decodes to the name and the decoded params', () => {
      expect(stepCodec.decode({ click: { ref: 'e7' } })).to.deep.equal({ _tag: 'Right', right: { name: 'click', params: { ref: 'e7' } } });
    });

    it('refuses zero keys and several keys at the step itself', () => {
      expect(problem(stepCodec, {}, 'steps[2]')).to.deep.equal({ path: 'steps[2]', expected: ONE_KEY });
      expect(problem(stepCodec, { goto: { url: 'x' }, click: { ref: 'e1' } }, 'steps[2]')).to.deep.equal({ path: 'steps[2]', expected: ONE_KEY });
    });

    it('refuses what is not an object', () => {
      for (const bad of ['goto', null, [], [{ goto: {} }], 3]) {
        expect(problem(stepCodec, bad, 'steps[0]')).to.deep.equal({ path: 'steps[0]', expected: ONE_KEY });
      }
    });

    it('refuses an unknown step type at its key and lists the known ones', () => {
      expect(problem(stepCodec, { teleport: {} }, 'steps[1]')).to.deep.equal({
        path: 'steps[1].teleport',
        expected: `one of: ${stepNames.join(', ')}`,
      });
      expect(problem(stepCodec, { constructor: {} }, 'steps[1]').path).to.equal('steps[1].constructor');
    });

    it('continues the path into the params', () => {
      expect(problem(stepCodec, { click: { ref: 5 } }, 'steps[2]')).to.deep.equal({ path: 'steps[2].click.ref', expected: 'non-empty string' });
    });
  });

  it('close asks the runner to end the session', async () => {
    expect(await stepModule('close').run(act, {})).to.deep.equal({ close: true });
  });
});
