/** SQL for the contracts table. */
import type { Queryable } from '../db/pool.js';
import type { ContractRow, ContractStatus, HistoryEntry } from './types.js';

export type NewContract = Pick<ContractRow, 'id' | 'client_agent_id' | 'provider_agent_id' | 'title' | 'terms' | 'kind' | 'value_amount'
  | 'deadline' | 'holds_timeout_at' | 'client_stake' | 'client_stake_quote' | 'provider_stake' | 'provider_stake_quote' | 'payment_id'>;

export async function insertContract(q: Queryable, c: NewContract): Promise<ContractRow> {
  const { rows } = await q.query<ContractRow>(
    `INSERT INTO contracts (id, client_agent_id, provider_agent_id, title, terms, kind, value_amount, deadline, holds_timeout_at,
       client_stake, client_stake_quote, provider_stake, provider_stake_quote, payment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
    [c.id, c.client_agent_id, c.provider_agent_id, c.title, c.terms, c.kind, c.value_amount, c.deadline, c.holds_timeout_at,
      c.client_stake, JSON.stringify(c.client_stake_quote), c.provider_stake, JSON.stringify(c.provider_stake_quote), c.payment_id],
  );
  return rows[0];
}

const ID = /^[0-9a-f]{24}$/;

export async function getContract(q: Queryable, id: string, forUpdate = false): Promise<ContractRow | undefined> {
  if (!ID.test(id)) return undefined;
  const { rows } = await q.query<ContractRow>(`SELECT * FROM contracts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** Column changes a transition may make besides the status; null clears a column. */
export interface ContractChanges {
  accept_payment_id?: string | null;
  provider_stake?: bigint;
  provider_stake_quote?: unknown;
  delivery?: unknown;
  dispute_reason?: string;
  disputed_by?: string;
  resolution?: string;
  completion_fee?: bigint;
  failure_reason?: string;
}

const CHANGEABLE = ['accept_payment_id', 'provider_stake', 'provider_stake_quote', 'delivery', 'dispute_reason', 'disputed_by', 'resolution', 'completion_fee', 'failure_reason'] as const;
const JSON_COLUMNS = new Set<string>(['provider_stake_quote', 'delivery']);

/** Conditions beyond the status. */
export interface ContractGuard {
  /** The provider's stake payment: a given id, or null for none pending. */
  acceptPaymentId?: string | null;
  /** Only once the deadline has passed. */
  pastDeadline?: boolean;
}

/**
 * Moves a contract from one of `from` to `to`, guarded by the current status (and `guard`):
 * undefined means another request got there first or the contract was never in `from`.
 */
export async function transitionContract(q: Queryable, id: string, from: readonly ContractStatus[], to: ContractStatus, changes: ContractChanges = {}, guard: ContractGuard = {}): Promise<ContractRow | undefined> {
  const sets = ['status = $3', "updated_at = date_trunc('milliseconds', now())"];
  const args: unknown[] = [id, from, to];
  for (const col of CHANGEABLE) {
    const v = changes[col];
    if (v === undefined) continue;
    sets.push(`${col} = $${args.push(JSON_COLUMNS.has(col) && v !== null ? JSON.stringify(v) : v)}`);
  }
  const where = ['id = $1', 'status = ANY($2)'];
  if (guard.acceptPaymentId === null) where.push('accept_payment_id IS NULL');
  else if (guard.acceptPaymentId !== undefined) where.push(`accept_payment_id = $${args.push(guard.acceptPaymentId)}`);
  if (guard.pastDeadline) where.push('deadline <= now()');
  const { rows } = await q.query<ContractRow>(`UPDATE contracts SET ${sets.join(', ')} WHERE ${where.join(' AND ')} RETURNING *`, args);
  return rows[0];
}

export interface ContractFilter {
  status?: ContractStatus;
  /** An agent id: contracts where it is the client or the provider. */
  party?: string;
  limit: number;
  after?: { createdAt: Date; id: string };
}

export async function listContracts(q: Queryable, f: ContractFilter): Promise<ContractRow[]> {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (f.status) where.push(`status = ${arg(f.status)}`);
  if (f.party) {
    const p = arg(f.party);
    where.push(`(client_agent_id = ${p} OR provider_agent_id = ${p})`);
  }
  if (f.after) where.push(`(created_at, id) < (${arg(f.after.createdAt)}, ${arg(f.after.id)})`);
  const { rows } = await q.query<ContractRow>(
    `SELECT * FROM contracts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY created_at DESC, id DESC LIMIT ${arg(f.limit + 1)}`,
    args,
  );
  return rows;
}

/** The contract's events, oldest first. */
export async function contractHistory(q: Queryable, id: string): Promise<HistoryEntry[]> {
  const { rows } = await q.query<HistoryEntry>('SELECT type, created_at AS at FROM events WHERE subject_id = $1 ORDER BY id', [id]);
  return rows;
}

/** Proposals past their deadline with no stake payment pending: the clock expires them. */
export async function dueProposals(q: Queryable, limit = 200): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM contracts WHERE status = 'proposed' AND accept_payment_id IS NULL AND deadline <= now()
     ORDER BY deadline LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}
