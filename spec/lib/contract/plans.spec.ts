import { expect } from 'chai';
import { isPlanName, PLAN_NAMES, PLANS } from '../../../lib/contract/plans.js';

describe('PLANS', () => {
  it('holds the four plans of interface.md 8.2', () => {
    expect(PLANS.trial).to.deep.include({ creditsPerMonth: 5_000, concurrentSessions: 1, maxSessionSeconds: 300, requestsPerMinute: 60 });
    expect(PLANS.starter).to.deep.include({ creditsPerMonth: 500_000, concurrentSessions: 5, maxSessionSeconds: 900, requestsPerMinute: 600 });
    expect(PLANS.pro).to.deep.include({ creditsPerMonth: 2_000_000, concurrentSessions: 50, maxSessionSeconds: 1_800, requestsPerMinute: 1_200 });
    expect(PLANS.scale).to.deep.include({ creditsPerMonth: 10_000_000, concurrentSessions: 100, maxSessionSeconds: 3_600, requestsPerMinute: 3_000 });
    expect(Object.keys(PLANS)).to.deep.equal([...PLAN_NAMES]);
    PLAN_NAMES.forEach((name) => expect(PLANS[name].name).to.equal(name));
  });
});

describe('isPlanName()', () => {
  it('accepts the four names and nothing else', () => {
    PLAN_NAMES.forEach((name) => expect(isPlanName(name)).to.equal(true));
    ['Trial', 'gold', '', 'toString', 'constructor', 1, undefined].forEach((value) => expect(isPlanName(value)).to.equal(false));
  });
});
