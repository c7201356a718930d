/**
 * Reputation as a conservative lower bound over settled, paid work, seen from the size of the
 * contract at hand. Pure: the evidence is read elsewhere (queries.ts). See docs/trust.md.
 *
 * - Each past success counts min(1, V_i / V): ten 1-USDC jobs are not one 10-USDC contract.
 * - Failures (disputes lost) count FAILURE_WEIGHT times and are not scaled down by size.
 * - Evidence decays with a half-life of HALF_LIFE_DAYS.
 * - The successes credited by one counterparty are capped at one full-size success, so an
 *   agent trading with itself (a second identity of its owner) earns at most one unit per bond
 *   it posted for that identity. Anonymous job posters (unbonded wallets) share one bucket.
 * - R is the Wilson lower bound (one-sided, z = 1.645) of successes over successes + failures.
 */

/** One finished piece of work an agent took part in. */
export interface Evidence {
  source: 'contract' | 'job';
  /** The value of the work, in minor units. */
  value: bigint;
  outcome: 'success' | 'failure';
  /** The other party: an agent id, or ANONYMOUS_COUNTERPARTY. */
  counterparty: string;
  /** Days since the work finished. */
  ageDays: number;
}

export const ANONYMOUS_COUNTERPARTY = 'anonymous';

export const REPUTATION = {
  /** Evidence loses half its weight every 180 days: a year-old record still counts for a quarter. */
  halfLifeDays: 180,
  /** A lost dispute outweighs three clean deliveries: trust is slow to earn and quick to lose. */
  failureWeight: 3,
  /** At most one full-size success credited per distinct counterparty (the sybil defence). */
  perCounterpartyCap: 1,
  /** One-sided 95 %: the bound is wrong in the agent's favour one time in twenty. */
  z: 1.645,
} as const;

export interface Reputation {
  /** The lower bound, 0..1; 0 without evidence. */
  r: number;
  /** Weighted successes after value scaling, decay and the per-counterparty cap. */
  successes: number;
  /** Weighted failures after decay. */
  failures: number;
  /** Distinct counterparties behind the credited successes. */
  counterparties: number;
}

/** The Wilson score interval's lower bound for `s` successes out of `n` (fractional counts allowed). */
export function wilsonLower(s: number, n: number, z: number = REPUTATION.z): number {
  if (n <= 0) return 0;
  const p = Math.min(1, Math.max(0, s / n));
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, Math.min(1, (centre - margin) / (1 + z2 / n)));
}

const decay = (ageDays: number) => Math.pow(0.5, Math.max(0, ageDays) / REPUTATION.halfLifeDays);

/** The agent's reputation for a contract of `value` minor units (value > 0). */
export function reputation(evidence: readonly Evidence[], value: bigint): Reputation {
  const perCounterparty = new Map<string, number>();
  let failures = 0;
  for (const e of evidence) {
    if (e.outcome === 'failure') {
      failures += REPUTATION.failureWeight * decay(e.ageDays);
      continue;
    }
    const sizeWeight = value <= 0n || e.value >= value ? 1 : Number(e.value) / Number(value);
    perCounterparty.set(e.counterparty, (perCounterparty.get(e.counterparty) ?? 0) + sizeWeight * decay(e.ageDays));
  }
  let successes = 0;
  for (const w of perCounterparty.values()) successes += Math.min(REPUTATION.perCounterpartyCap, w);
  return { r: wilsonLower(successes, successes + failures), successes, failures, counterparties: perCounterparty.size };
}
