import { expect } from 'chai';
import fc from 'fast-check';
import { listQueryCodec } from '../../../../lib/contract/request/list.js';
import { decoded, problem } from '../codec/problem.js';

describe('GET /v1/sessions query (listQueryCodec)', () => {
  it('defaults limit to 25', () => {
    expect(decoded(listQueryCodec, {})).to.deep.equal({ limit: 25 });
  });

  it('reads limit from its string form, 1 to 100', () => {
    expect(decoded(listQueryCodec, { limit: '1' }).limit).to.equal(1);
    expect(decoded(listQueryCodec, { limit: '100' }).limit).to.equal(100);
    for (const bad of ['0', '101', '2.5', 'abc', '', '-5', ['10', '20']]) {
      expect(problem(listQueryCodec, { limit: bad })).to.deep.equal({ path: 'limit', expected: 'integer from 1 to 100' });
    }
  });

  it('refuses any integer string outside 1..100 at limit', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 101, max: 1e12 }), fc.constant(0)), (n) => {
        expect(problem(listQueryCodec, { limit: String(n) }).path).to.equal('limit');
      }),
    );
  });

  it('takes status and after', () => {
    for (const status of ['active', 'closed', 'failed']) {
      expect(decoded(listQueryCodec, { status, after: 'c_1' })).to.deep.equal({ limit: 25, status, after: 'c_1' });
    }
    expect(problem(listQueryCodec, { status: 'expired' })).to.deep.equal({ path: 'status', expected: 'one of: active, closed, failed' });
    expect(problem(listQueryCodec, { after: '' })).to.deep.equal({ path: 'after', expected: 'non-empty string' });
  });

  it('refuses unknown parameters', () => {
    expect(problem(listQueryCodec, { limt: '5' })).to.deep.equal({ path: 'limt', expected: 'no such field' });
  });

  it('works on the null-prototype object Node builds for a query', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { limit: '7' });
    expect(decoded(listQueryCodec, query)).to.deep.equal({ limit: 7 });
  });
});
