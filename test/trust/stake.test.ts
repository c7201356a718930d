import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStake, exposureCap, WORK_KINDS, withinExposureCap, type StakeInputs } from '../../shared/trust/stake.js';
import { reputation, wilsonLower, type Evidence } from '../../shared/trust/reputation.js';

const usdc = (max: bigint) => fc.bigInt({ min: 1n, max });
const kind = fc.constantFrom(...WORK_KINDS);
const r = fc.double({ min: 0, max: 1, noNaN: true });
const inputs = fc.record({
  value: usdc(10n ** 12n), kind, reputation: r, openExposure: fc.bigInt({ min: 0n, max: 10n ** 12n }), floor: fc.bigInt({ min: 0n, max: 10n ** 7n }),
});

const evidence = (maxValue: bigint) =>
  fc.record({
    source: fc.constantFrom('contract' as const, 'job' as const),
    value: usdc(maxValue),
    outcome: fc.constantFrom('success' as const, 'failure' as const),
    counterparty: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'anonymous'),
    ageDays: fc.double({ min: 0, max: 2000, noNaN: true }),
  });

describe('the stake', () => {
  it('is never below the floor', () => {
    fc.assert(fc.property(inputs, (i) => computeStake(i) >= i.floor));
  });

  it('is never zero once there is a floor, however trusted the party', () => {
    fc.assert(fc.property(inputs, (i) => computeStake({ ...i, reputation: 1, floor: i.floor + 1n }) > 0n));
  });

  it('never exceeds the value, unless the floor does', () => {
    fc.assert(fc.property(inputs, (i) => computeStake(i) <= (i.value > i.floor ? i.value : i.floor)));
  });

  it('is never raised by more trust', () => {
    fc.assert(fc.property(inputs, r, r, (i, a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      return computeStake({ ...i, reputation: hi }) <= computeStake({ ...i, reputation: lo });
    }));
  });

  it('is never lowered by a larger value', () => {
    fc.assert(fc.property(inputs, usdc(10n ** 12n), (i, extra) => computeStake({ ...i, value: i.value + extra }) >= computeStake(i)));
  });

  it('is never lowered by a larger value once reputation is read at that value too', () => {
    fc.assert(fc.property(fc.array(evidence(10n ** 9n), { maxLength: 30 }), kind, usdc(10n ** 9n), usdc(10n ** 9n), (ev, k, a, b) => {
      const [small, large] = a <= b ? [a, b] : [b, a];
      const at = (v: bigint): StakeInputs => ({ value: v, kind: k, reputation: reputation(ev, v).r, openExposure: 0n, floor: 100_000n });
      return computeStake(at(large)) >= computeStake(at(small));
    }));
  });

  it('is raised by open exposure, never lowered', () => {
    fc.assert(fc.property(inputs, fc.bigInt({ min: 0n, max: 10n ** 12n }), (i, more) => computeStake({ ...i, openExposure: i.openExposure + more }) >= computeStake(i)));
    const base: StakeInputs = { value: 100_000_000n, kind: 'judged', reputation: 0.5, openExposure: 0n, floor: 100_000n };
    expect(computeStake({ ...base, openExposure: 50_000_000n })).toBeGreaterThan(computeStake(base));
  });

  it('keeps a large contract expensive when the reputation was earned on small ones', () => {
    // However many small successes, if together they are worth less than this contract, the
    // reputation is at most that of one success of this size.
    const oneFullSuccess = wilsonLower(1, 1);
    fc.assert(fc.property(fc.array(evidence(10n ** 6n).map((e): Evidence => ({ ...e, outcome: 'success', ageDays: 0 })), { maxLength: 200 }), kind, (ev, k) => {
      const total = ev.reduce((s, e) => s + e.value, 0n);
      const value = total + 1n;
      const rep = reputation(ev, value);
      const floor = 0n;
      const untrusted = computeStake({ value, kind: k, reputation: 0, openExposure: 0n, floor });
      const stake = computeStake({ value, kind: k, reputation: rep.r, openExposure: 0n, floor });
      return rep.r <= oneFullSuccess + 1e-12 && stake * 1000n >= untrusted * 780n - 1000n;
    }));
  });
});

describe('the reputation', () => {
  it('stays between 0 and 1', () => {
    fc.assert(fc.property(fc.array(evidence(10n ** 9n), { maxLength: 50 }), usdc(10n ** 9n), (ev, v) => {
      const { r: x } = reputation(ev, v);
      return x >= 0 && x <= 1;
    }));
  });

  it('is never lowered by one more success, nor raised by one more failure', () => {
    fc.assert(fc.property(fc.array(evidence(10n ** 9n), { maxLength: 30 }), evidence(10n ** 9n), usdc(10n ** 9n), (ev, extra, v) => {
      const before = reputation(ev, v).r;
      const after = reputation([...ev, extra], v).r;
      return extra.outcome === 'success' ? after >= before - 1e-12 : after <= before + 1e-12;
    }));
  });

  it('gives a sybil trading with one other identity at most one full success, however many contracts', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2000 }), usdc(10n ** 9n), (n, v) => {
      const farmed: Evidence[] = Array.from({ length: n }, () => ({ source: 'contract', value: v, outcome: 'success', counterparty: 'my-other-self', ageDays: 0 }));
      return reputation(farmed, v).r <= wilsonLower(1, 1) + 1e-12;
    }));
  });

  it('is zero without evidence', () => {
    expect(reputation([], 1_000_000n).r).toBe(0);
  });
});

describe('the exposure cap', () => {
  it('refuses exactly the contracts that would take open exposure past the bond times the multiple', () => {
    fc.assert(fc.property(usdc(10n ** 9n), fc.bigInt({ min: 0n, max: 10n ** 10n }), usdc(10n ** 9n), fc.integer({ min: 1, max: 100 }), (bond, open, value, k) => {
      const cap = exposureCap(bond, k);
      return cap === bond * BigInt(k) && withinExposureCap(open, value, cap) === (open + value <= bond * BigInt(k));
    }));
  });
});
