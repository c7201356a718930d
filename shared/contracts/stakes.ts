/**
 * A party's stake for a contract, read from the database and computed by the pure formula of
 * shared/trust/stake.ts, with the exposure cap relative to the party's bond.
 */
import type { Queryable } from '../db/pool.js';
import { ConflictError } from '../errors.js';
import { formatAmount } from '../ledger/index.js';
import { reputation } from '../trust/reputation.js';
import { exposureCap, quoteStake, withinExposureCap, type WorkKind } from '../trust/stake.js';
import { openExposure, workRecord } from '../trust/queries.js';
import type { Party, StoredQuote } from './types.js';

/** The staking constants taken from configuration. */
export interface StakeRules {
  /** S_min, minor units. */
  floor: bigint;
  /** Open exposure may reach the bond times this. */
  exposureMultiple: number;
}

/** Opening this contract would take the party's open exposure past its cap: a 409 with the figures. */
export class ExposureCapError extends ConflictError {
  constructor(party: Party, cap: bigint, open: bigint, value: bigint) {
    const f = (x: bigint) => formatAmount(x, 'USDC');
    super(`the ${party}'s open contracts would reach ${f(open + value)} USDC, over its exposure cap of ${f(cap)} USDC (its bond times the exposure multiple)`, {
      party, exposure_cap: f(cap), open_exposure: f(open), value: f(value),
    });
  }
}

export interface PartyStake {
  amount: bigint;
  quote: StoredQuote;
  openExposure: bigint;
  cap: bigint;
}

const f = (x: bigint) => formatAmount(x, 'USDC');

/**
 * The stake `agent` would put up on a contract of `value`; `except` leaves the contract itself
 * out of its open exposure. With `enforceCap`, an agent over its cap gets ExposureCapError.
 */
export async function partyStake(
  q: Queryable, party: Party, agent: { id: string; bond_amount: bigint }, value: bigint, kind: WorkKind, rules: StakeRules,
  opts: { except?: string | null; enforceCap: boolean },
): Promise<PartyStake> {
  const [record, open] = await Promise.all([workRecord(q, agent.id), openExposure(q, agent.id, opts.except ?? null)]);
  const cap = exposureCap(agent.bond_amount, rules.exposureMultiple);
  if (opts.enforceCap && !withinExposureCap(open, value, cap)) throw new ExposureCapError(party, cap, open, value);
  const rep = reputation(record.evidence, value);
  const q2 = quoteStake({ value, kind, reputation: rep.r, openExposure: open, floor: rules.floor });
  const i = q2.inputs;
  const quote: StoredQuote = {
    formula: q2.formula,
    inputs: {
      V: f(value), kind, c: i.rate, D: f(open), e: i.exposureRate, R: Number(rep.r.toFixed(6)), trust_discount: i.trustDiscount, S_min: f(rules.floor),
      reputation: { weighted_successes: round(rep.successes), weighted_failures: round(rep.failures), counterparties: rep.counterparties },
      exposure_cap: f(cap), bond: f(agent.bond_amount),
    },
  };
  return { amount: q2.amount, quote, openExposure: open, cap };
}

const round = (x: number) => Number(x.toFixed(4));
