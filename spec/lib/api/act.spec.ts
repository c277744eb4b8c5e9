import { expect } from 'chai';
import { stepNames } from '../../../lib/api/steps.js';
import { actBodyCodec } from '../../../lib/api/act.js';
import { decoded, problem } from '../contract/codec/problem.js';

const at = (body: unknown) => problem(actBodyCodec, body);
const STEPS = 'an array of 1 to 100 steps';

describe('POST /v1/sessions/:id/act body (actBodyCodec)', () => {
  it('decodes steps to names and params', () => {
    expect(decoded(actBodyCodec, { steps: [{ click: { ref: 'e1' } }, { close: {} }] })).to.deep.equal({
      steps: [
        { name: 'click', params: { ref: 'e1' } },
        { name: 'close', params: {} },
      ],
    });
  });

  it('requires steps', () => {
    expect(at({})).to.deep.equal({ path: 'steps', expected: STEPS });
    expect(at({ steps: {} })).to.deep.equal({ path: 'steps', expected: STEPS });
  });

  it('refuses an empty list and more than 100 steps; takes 1 and 100', () => {
    expect(at({ steps: [] })).to.deep.equal({ path: 'steps', expected: STEPS });
    expect(at({ steps: Array(101).fill({ observe: {} }) })).to.deep.equal({ path: 'steps', expected: STEPS });
    expect(decoded(actBodyCodec, { steps: [{ observe: {} }] }).steps).to.have.length(1);
    expect(decoded(actBodyCodec, { steps: Array(100).fill({ observe: {} }) }).steps).to.have.length(100);
  });

  it('refuses anything beside steps', () => {
    expect(at({ steps: [{ observe: {} }], url: 'https://a.test' })).to.deep.equal({ path: 'url', expected: 'no such field' });
    expect(at('steps')).to.deep.equal({ path: 'body', expected: 'a JSON object' });
  });

  it('names the step for zero keys, several keys and an unknown type', () => {
    const ONE_KEY = 'an object with exactly one key: the step type';
    expect(at({ steps: [{ observe: {} }, {}] })).to.deep.equal({ path: 'steps[1]', expected: ONE_KEY });
    expect(at({ steps: [{ observe: {}, click: { ref: 'e1' } }] })).to.deep.equal({ path: 'steps[0]', expected: ONE_KEY });
    expect(at({ steps: [{ observe: {} }, { observe: {} }, { hover: { ref: 'e1' } }] })).to.deep.equal({
      path: 'steps[2].hover',
      expected: `one of: ${stepNames.join(', ')}`,
    });
  });

  it('continues the path into nested params', () => {
    expect(at({ steps: [{ observe: {} }, { observe: {} }, { click: { ref: 7 } }] })).to.deep.equal({
      path: 'steps[2].click.ref',
      expected: 'non-empty string',
    });
    expect(at({ steps: [{ extract: { items: [{ _parent: 'li', name: [{ _parent: 'a', x: 1 }] }] } }] })).to.deep.equal({
      path: 'steps[0].extract.items[0].name[0].x',
      expected: 'a selector: a string, [string] or [{_parent, ...fields}]',
    });
  });

  it('refuses close anywhere but last, naming the first early one', () => {
    expect(at({ steps: [{ observe: {} }, { close: {} }, { close: {} }, { observe: {} }] })).to.deep.equal({
      path: 'steps[1]',
      expected: 'close as the last step',
    });
    expect(at({ steps: [{ close: {} }, { close: {} }] })).to.deep.equal({ path: 'steps[0]', expected: 'close as the last step' });
  });

  it('reports a broken step before an early close', () => {
    expect(at({ steps: [{ close: {} }, { click: {} }] }).path).to.equal('steps[1].click');
  });
});
