/**
 * The trust score shown to people (0..100): mostly the work record, a little identity. Stakes use
 * the reputation for the contract's own size (reputation.ts), not this score; the score is the
 * reputation at a reference size plus the identity signals. See docs/trust.md.
 */
import { reputation, type Evidence, type Reputation } from './reputation.js';

export const SCORE = {
  /** The contract size the score's reputation is read at: 10 USDC. */
  referenceValue: 10_000_000n,
  /** A bond of 50 USDC counts in full. */
  referenceBond: 50_000_000n,
  /** A year of age counts in full. */
  referenceAgeDays: 365,
  weights: { reputation: 0.7, bond: 0.1, verified: 0.1, age: 0.1 },
} as const;

export interface TrustInputs {
  bond: bigint;
  verified: boolean;
  ageDays: number;
  evidence: Evidence[];
}

export interface TrustScore {
  score: number;
  reputation: Reputation;
  components: { reputation: number; bond: number; verified: number; age: number };
}

const ratio = (a: bigint, b: bigint) => (a >= b ? 1 : a <= 0n ? 0 : Number(a) / Number(b));

export function trustScore(i: TrustInputs): TrustScore {
  const rep = reputation(i.evidence, SCORE.referenceValue);
  const w = SCORE.weights;
  const components = {
    reputation: w.reputation * rep.r,
    bond: w.bond * ratio(i.bond, SCORE.referenceBond),
    verified: i.verified ? w.verified : 0,
    age: w.age * Math.min(1, Math.max(0, i.ageDays) / SCORE.referenceAgeDays),
  };
  const total = components.reputation + components.bond + components.verified + components.age;
  return { score: Math.round(100 * total), reputation: rep, components };
}
