/**
 * Dynamic staking (PRODUCT.md section 5), in integer arithmetic on minor units:
 *
 *   S = max(S_min, min(V, ceil((c * V + e * D) * (1 - 0.8 * R))))
 *
 * V the contract's value, D the party's open exposure (value of its other open contracts), R its
 * reputation for a contract of this size (reputation.ts), c the rate of the kind of work, e the
 * exposure rate. The cap V keeps a stake from exceeding what is at stake; the floor keeps it
 * above zero however trusted the party. See docs/trust.md for the constants.
 */

export const WORK_KINDS = ['machine_checked', 'judged', 'subjective'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** c per kind of work, in basis points: the harder the result is to check, the more is staked. */
export const KIND_RATE_BPS: Record<WorkKind, bigint> = { machine_checked: 1_000n, judged: 2_500n, subjective: 5_000n };

export const STAKING = {
  /** e: each unit of value already open elsewhere adds a tenth of a unit to the stake. */
  exposureRateBps: 1_000n,
  /** At R = 1 the stake is a fifth of the untrusted one: trust discounts, never waives. */
  trustDiscount: 0.8,
} as const;

export interface StakeInputs {
  value: bigint;
  kind: WorkKind;
  /** 0..1 */
  reputation: number;
  openExposure: bigint;
  floor: bigint;
}

export interface StakeQuote {
  amount: bigint;
  /** The formula as shown to clients. */
  formula: string;
  inputs: StakeInputs & { rate: number; exposureRate: number; trustDiscount: number };
}

export const STAKE_FORMULA = 'max(S_min, min(V, ceil((c * V + e * D) * (1 - 0.8 * R))))';

const PPM = 1_000_000n;
const BPS = 10_000n;

/** The trust factor (1 - 0.8 R) in parts per million; R outside 0..1 is clamped. */
function trustFactorPpm(r: number): bigint {
  const clamped = Number.isFinite(r) ? Math.min(1, Math.max(0, r)) : 0;
  return PPM - BigInt(Math.round(STAKING.trustDiscount * clamped * 1_000_000));
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The stake in minor units. */
export function computeStake(i: StakeInputs): bigint {
  const value = i.value > 0n ? i.value : 0n;
  const exposure = i.openExposure > 0n ? i.openExposure : 0n;
  const base = value * KIND_RATE_BPS[i.kind] + exposure * STAKING.exposureRateBps;
  const raw = ceilDiv(base * trustFactorPpm(i.reputation), BPS * PPM);
  const capped = raw < value ? raw : value;
  return capped > i.floor ? capped : i.floor;
}

export function quoteStake(i: StakeInputs): StakeQuote {
  return {
    amount: computeStake(i),
    formula: STAKE_FORMULA,
    inputs: { ...i, rate: Number(KIND_RATE_BPS[i.kind]) / 10_000, exposureRate: Number(STAKING.exposureRateBps) / 10_000, trustDiscount: STAKING.trustDiscount },
  };
}

/** The most open exposure an agent may carry: its bond times `multiple`. */
export function exposureCap(bond: bigint, multiple: number): bigint {
  return (bond * BigInt(Math.round(multiple * 100))) / 100n;
}

/** Whether opening a contract of `value` keeps the agent within its cap. */
export function withinExposureCap(openExposure: bigint, value: bigint, cap: bigint): boolean {
  return openExposure + value <= cap;
}
