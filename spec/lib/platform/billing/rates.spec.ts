import { expect } from 'chai';
import fc from 'fast-check';
import { cycleIndex, cycleStart, nextCycleStart } from '../../../../lib/platform/billing/cycle.js';
import { credits, MIB, scaleSplit, sumSplit, type Metered } from '../../../../lib/platform/billing/rates.js';

const metered: fc.Arbitrary<Metered> = fc.record({
  seconds: fc.nat({ max: 100_000 }),
  bytesDatacenter: fc.nat({ max: 10 * 2 ** 30 }),
  bytesResidential: fc.nat({ max: 10 * 2 ** 30 }),
  aiTokens: fc.nat({ max: 10_000_000 }),
  captchaSolves: fc.nat({ max: 1_000 }),
});

describe('credits()', () => {
  it('applies the contract formula, each term rounded up on its own', () => {
    const usage = { seconds: 12.2, bytesDatacenter: MIB + 1, bytesResidential: 1, aiTokens: 1001, captchaSolves: 2 };
    expect(credits(usage)).to.deep.equal({
      split: { runtime: 13, proxy_dc: 70, proxy_resident: 350, ai_tokens: 30, captcha: 150 },
      total: 13 + 70 + 350 + 30 + 150,
    });
  });

  it('charges nothing for nothing', () => {
    expect(credits({ seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 }).total).to.equal(0);
  });

  it('refuses negative or non-finite usage', () => {
    expect(() => credits({ seconds: -1, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 })).to.throw(/non-negative/);
    expect(() => credits({ seconds: NaN, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 })).to.throw(/non-negative/);
  });

  it('has a split that sums to the total and matches each term of the formula', () => {
    fc.assert(
      fc.property(metered, (u) => {
        const { split, total } = credits(u);
        expect(sumSplit(split)).to.equal(total);
        expect(split.runtime).to.equal(Math.ceil(u.seconds));
        expect(split.proxy_dc).to.equal(Math.ceil(u.bytesDatacenter / 1_048_576) * 35);
        expect(split.proxy_resident).to.equal(Math.ceil(u.bytesResidential / 1_048_576) * 350);
        expect(split.ai_tokens).to.equal(Math.ceil(u.aiTokens / 1000) * 15);
        expect(split.captcha).to.equal(u.captchaSolves * 75);
      }),
    );
  });

  it('never decreases when any usage grows (monotone)', () => {
    fc.assert(
      fc.property(metered, metered, (a, b) => {
        const more = {
          seconds: a.seconds + b.seconds,
          bytesDatacenter: a.bytesDatacenter + b.bytesDatacenter,
          bytesResidential: a.bytesResidential + b.bytesResidential,
          aiTokens: a.aiTokens + b.aiTokens,
          captchaSolves: a.captchaSolves + b.captchaSolves,
        };
        expect(credits(more).total).to.be.at.least(credits(a).total);
        // Rounding each term up makes splitting a session never cheaper than billing it whole.
        expect(credits(a).total + credits(b).total).to.be.at.least(credits(more).total);
      }),
    );
  });
});

describe('scaleSplit()', () => {
  it('sums to the amount, never exceeds a column and keeps zero columns zero', () => {
    fc.assert(
      fc.property(metered, fc.nat(), (u, seed) => {
        const { split, total } = credits(u);
        const amount = total === 0 ? 0 : seed % (total + 1);
        const scaled = scaleSplit(split, amount);
        expect(sumSplit(scaled)).to.equal(amount);
        for (const key of Object.keys(split) as (keyof typeof split)[]) {
          expect(scaled[key]).to.be.within(0, split[key]);
          if (split[key] === 0) expect(scaled[key]).to.equal(0);
        }
      }),
    );
  });

  it('leaves a split whole when the amount covers it', () => {
    const { split, total } = credits({ seconds: 5, bytesDatacenter: 1, bytesResidential: 0, aiTokens: 0, captchaSolves: 1 });
    expect(scaleSplit(split, total)).to.deep.equal(split);
  });
});

describe('billing cycles', () => {
  it('renews on the creation day, on the last day of shorter months', () => {
    const created = Date.UTC(2026, 0, 31, 10);
    expect(new Date(cycleStart(created, 1)).toISOString()).to.equal('2026-02-28T10:00:00.000Z');
    expect(new Date(cycleStart(created, 2)).toISOString()).to.equal('2026-03-31T10:00:00.000Z');
    expect(cycleIndex(created, Date.UTC(2026, 1, 28, 9, 59))).to.equal(0);
    expect(cycleIndex(created, Date.UTC(2026, 1, 28, 10))).to.equal(1);
    expect(nextCycleStart(created, created)).to.equal(cycleStart(created, 1));
  });

  it('puts every time in the cycle whose start it follows', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.nat({ max: 3 * 365 * 86_400_000 }), (created, offset) => {
        const at = created + offset;
        const n = cycleIndex(created, at);
        expect(cycleStart(created, n)).to.be.at.most(at);
        expect(cycleStart(created, n + 1)).to.be.above(at);
      }),
    );
  });
});
