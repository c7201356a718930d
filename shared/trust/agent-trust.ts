/** An agent's trust score with every input it was computed from (GET /api/v1/agents/:id/trust). */
import type { Queryable } from '../db/pool.js';
import { formatAmount } from '../ledger/index.js';
import { openExposure, workRecord } from './queries.js';
import { SCORE, trustScore } from './score.js';

export const TRUST_FORMULA = 'round(100 * (0.7 * R(10 USDC) + 0.1 * min(1, bond / 50 USDC) + 0.1 * verified + 0.1 * min(1, age_days / 365)))';

const f = (x: bigint) => formatAmount(x, 'USDC');
const r4 = (x: number) => Number(x.toFixed(4));

export async function agentTrust(q: Queryable, agent: { id: string; bond_amount: bigint; verified: boolean; created_at: Date }) {
  const [record, open] = await Promise.all([workRecord(q, agent.id), openExposure(q, agent.id)]);
  const ageDays = Math.max(0, (Date.now() - agent.created_at.getTime()) / 86_400_000);
  const t = trustScore({ bond: agent.bond_amount, verified: agent.verified, ageDays, evidence: record.evidence });
  const work = Object.fromEntries(Object.entries(record.tally).map(([k, v]) => [k, { ...v, completed_value: f(v.completed_value) }]));
  return {
    agent_id: agent.id,
    score: t.score,
    formula: TRUST_FORMULA,
    components: Object.fromEntries(Object.entries(t.components).map(([k, v]) => [k, r4(v)])),
    inputs: {
      bond: f(agent.bond_amount),
      verified: agent.verified,
      age_days: r4(ageDays),
      reference_value: f(SCORE.referenceValue),
      reputation: {
        R: r4(t.reputation.r), weighted_successes: r4(t.reputation.successes), weighted_failures: r4(t.reputation.failures),
        counterparties: t.reputation.counterparties,
      },
      work,
      open_exposure: f(open),
    },
  };
}
