/** Contracts as stored, and as the API shows them. */
import { formatAmount } from '../ledger/index.js';
import type { WorkKind } from '../trust/stake.js';

/** Every contract state (PRODUCT.md section 6, plus `declined`: docs/decisions.md). */
export const CONTRACT_STATUSES = [
  'pending_payment', 'payment_failed', 'proposed', 'active', 'delivered', 'completed',
  'cancelled', 'declined', 'expired', 'disputed', 'resolved',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** States in which a party's money is at stake: they count towards its open exposure. */
export const OPEN_STATUSES = ['pending_payment', 'proposed', 'active', 'delivered', 'disputed'] as const satisfies readonly ContractStatus[];

export type Party = 'client' | 'provider';

/** A stake as it was computed: the amount, the formula, the inputs (figures as strings). */
export interface StoredQuote {
  formula: string;
  inputs: Record<string, unknown>;
}

export interface Delivery {
  text: string;
  url?: string;
}

export interface ContractRow {
  id: string;
  client_agent_id: string;
  provider_agent_id: string;
  title: string;
  terms: string;
  kind: WorkKind;
  value_amount: bigint;
  currency: 'USDC';
  deadline: Date;
  holds_timeout_at: Date;
  status: ContractStatus;
  client_stake: bigint;
  client_stake_quote: StoredQuote;
  provider_stake: bigint;
  provider_stake_quote: StoredQuote;
  payment_id: string;
  accept_payment_id: string | null;
  delivery: Delivery | null;
  dispute_reason: string | null;
  disputed_by: Party | null;
  resolution: Party | null;
  completion_fee: bigint | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface HistoryEntry {
  type: string;
  at: Date;
}

const money = (amount: bigint) => ({ amount: formatAmount(amount, 'USDC'), currency: 'USDC' as const });

function stake(amount: bigint, quote: StoredQuote) {
  return { ...money(amount), formula: quote.formula, inputs: quote.inputs };
}

export function toContractJson(row: ContractRow, history?: HistoryEntry[]) {
  return {
    id: row.id,
    client_id: row.client_agent_id,
    provider_id: row.provider_agent_id,
    title: row.title,
    terms: row.terms,
    kind: row.kind,
    value: money(row.value_amount),
    deadline: row.deadline.toISOString(),
    holds_timeout_at: row.holds_timeout_at.toISOString(),
    status: row.status,
    stakes: { client: stake(row.client_stake, row.client_stake_quote), provider: stake(row.provider_stake, row.provider_stake_quote) },
    /** The provider's stake payment while it settles (the contract stays proposed meanwhile). */
    accept_payment_id: row.accept_payment_id,
    delivery: row.delivery,
    dispute_reason: row.dispute_reason,
    disputed_by: row.disputed_by,
    resolution: row.resolution,
    completion_fee: row.completion_fee === null ? null : money(row.completion_fee),
    payment_id: row.payment_id,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(history ? { history: history.map((h) => ({ type: h.type, at: h.at.toISOString() })) } : {}),
  };
}

export type ContractJson = ReturnType<typeof toContractJson>;
