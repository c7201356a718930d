/** Jobs as stored, and as the API shows them. */
import { formatAmount } from '../ledger/index.js';

export type JobStatus =
  | 'pending_payment' | 'payment_failed' | 'open' | 'assigned' | 'submitted' | 'completed'
  | 'cancelled' | 'expired' | 'disputed' | 'resolved';

export interface JobResult {
  text: string;
  url?: string;
}

export interface JobRow {
  id: string;
  title: string;
  description: string;
  tags: string[];
  requirements: string[] | null;
  reward_amount: bigint;
  posting_fee: bigint;
  currency: 'USDC';
  deadline: Date | null;
  status: JobStatus;
  poster_agent_id: string | null;
  poster_wallet: string;
  poster_key_hash: string | null;
  worker_agent_id: string | null;
  /** When the current claim lapses back to open; null unless assigned. */
  claim_expires_at: Date | null;
  result: JobResult | null;
  dispute_reason: string | null;
  resolution: 'worker' | 'poster' | null;
  payment_id: string;
  failure_reason: string | null;
  completion_fee: bigint | null;
  created_at: Date;
  updated_at: Date;
}

export function toJobJson(row: JobRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    requirements: row.requirements,
    reward: { amount: formatAmount(row.reward_amount, row.currency), currency: row.currency },
    posting_fee: { amount: formatAmount(row.posting_fee, row.currency), currency: row.currency },
    deadline: row.deadline ? row.deadline.toISOString() : null,
    status: row.status,
    poster: row.poster_agent_id ? { kind: 'agent' as const, agent_id: row.poster_agent_id, wallet: row.poster_wallet } : { kind: 'wallet' as const, agent_id: null, wallet: row.poster_wallet },
    worker_agent_id: row.worker_agent_id,
    claim_expires_at: row.claim_expires_at ? row.claim_expires_at.toISOString() : null,
    result: row.result,
    dispute_reason: row.dispute_reason,
    resolution: row.resolution,
    payment_id: row.payment_id,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type JobJson = ReturnType<typeof toJobJson>;
