/**
 * The trust layer's reads: an agent's finished work (contracts and jobs) as evidence, its open
 * exposure, and its identity signals. Everything the score and the stakes are computed from.
 */
import type { Queryable } from '../db/pool.js';
import { ANONYMOUS_COUNTERPARTY, type Evidence } from './reputation.js';

interface EvidenceRow {
  source: 'contract' | 'job';
  role: 'client' | 'provider' | 'poster' | 'worker';
  value: bigint;
  outcome: 'success' | 'failure' | 'neutral';
  counterparty: string | null;
  age_days: number;
}

/**
 * Completed work is a success for both parties; a resolved dispute is a failure for the loser
 * and says nothing about the winner. Anonymous job posters share one counterparty.
 */
const EVIDENCE = `
  SELECT 'contract' AS source,
         CASE WHEN client_agent_id = $1 THEN 'client' ELSE 'provider' END AS role,
         value_amount AS value,
         CASE WHEN status = 'completed' THEN 'success'
              WHEN (resolution = 'client' AND provider_agent_id = $1) OR (resolution = 'provider' AND client_agent_id = $1) THEN 'failure'
              ELSE 'neutral' END AS outcome,
         CASE WHEN client_agent_id = $1 THEN provider_agent_id ELSE client_agent_id END AS counterparty,
         extract(epoch FROM now() - updated_at) / 86400 AS age_days
    FROM contracts
   WHERE (client_agent_id = $1 OR provider_agent_id = $1) AND status IN ('completed', 'resolved')
  UNION ALL
  SELECT 'job', CASE WHEN poster_agent_id = $1 THEN 'poster' ELSE 'worker' END,
         reward_amount,
         CASE WHEN status = 'completed' THEN 'success'
              WHEN (resolution = 'poster' AND worker_agent_id = $1) OR (resolution = 'worker' AND poster_agent_id = $1) THEN 'failure'
              ELSE 'neutral' END,
         CASE WHEN poster_agent_id = $1 THEN worker_agent_id ELSE poster_agent_id END,
         extract(epoch FROM now() - updated_at) / 86400
    FROM jobs
   WHERE (poster_agent_id = $1 OR worker_agent_id = $1) AND status IN ('completed', 'resolved')`;

export interface WorkRecord {
  evidence: Evidence[];
  /** Counts and values by source and role, for display. */
  tally: Record<string, { completed: number; completed_value: bigint; disputes_lost: number }>;
}

export async function workRecord(q: Queryable, agentId: string): Promise<WorkRecord> {
  const { rows } = await q.query<EvidenceRow>(EVIDENCE, [agentId]);
  const tally: WorkRecord['tally'] = {};
  const evidence: Evidence[] = [];
  for (const row of rows) {
    const key = `${row.source}s_as_${row.role}`;
    const t = (tally[key] ??= { completed: 0, completed_value: 0n, disputes_lost: 0 });
    if (row.outcome === 'success') {
      t.completed++;
      t.completed_value += BigInt(row.value);
    }
    if (row.outcome === 'failure') t.disputes_lost++;
    if (row.outcome === 'neutral') continue;
    evidence.push({ source: row.source, value: BigInt(row.value), outcome: row.outcome, counterparty: row.counterparty ?? ANONYMOUS_COUNTERPARTY, ageDays: Number(row.age_days) });
  }
  return { evidence, tally };
}

/**
 * The value of the agent's open contracts: as client from its payment on, as provider once it
 * has paid (or is paying) its stake. `except` leaves one contract out (the one being priced).
 */
export async function openExposure(q: Queryable, agentId: string, except: string | null = null): Promise<bigint> {
  const { rows } = await q.query<{ total: bigint | null }>(
    `SELECT sum(value_amount)::bigint AS total FROM contracts
      WHERE id IS DISTINCT FROM $2 AND (
        (client_agent_id = $1 AND status IN ('pending_payment', 'proposed', 'active', 'delivered', 'disputed'))
        OR (provider_agent_id = $1 AND (status IN ('active', 'delivered', 'disputed') OR (status = 'proposed' AND accept_payment_id IS NOT NULL))))`,
    [agentId, except],
  );
  return rows[0].total ?? 0n;
}
