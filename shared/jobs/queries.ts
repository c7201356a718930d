/** SQL for the jobs table. */
import { preparedQuery, type Queryable } from '../db/pool.js';
import { isRareTag, newestFirst } from '../db/rare-tag.js';
import type { JobRow, JobStatus } from './types.js';

export type NewJob = Pick<JobRow, 'id' | 'title' | 'description' | 'tags' | 'requirements' | 'reward_amount' | 'posting_fee'
  | 'deadline' | 'poster_agent_id' | 'poster_wallet' | 'poster_key_hash' | 'payment_id'>;

/** Every column of `jobs`, in the order of JobRow: what prepared statements name instead of `*`. */
export const JOB_COLUMNS = [
  'id', 'title', 'description', 'tags', 'requirements', 'reward_amount', 'posting_fee', 'currency', 'deadline', 'status',
  'poster_agent_id', 'poster_wallet', 'poster_key_hash', 'worker_agent_id', 'claim_expires_at', 'result', 'dispute_reason',
  'resolution', 'payment_id', 'failure_reason', 'completion_fee', 'created_at', 'updated_at',
] as const satisfies readonly (keyof JobRow)[];

const JOB_LIST = JOB_COLUMNS.join(', ');

/** The INSERT of a new job, returning every column of JOB_COLUMNS, and its parameters. */
export function insertJobStatement(j: NewJob): { text: string; values: unknown[] } {
  return {
    text: `INSERT INTO jobs (id, title, description, tags, requirements, reward_amount, posting_fee, deadline,
       poster_agent_id, poster_wallet, poster_key_hash, payment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${JOB_LIST}`,
    values: [j.id, j.title, j.description, j.tags, j.requirements, j.reward_amount, j.posting_fee, j.deadline,
      j.poster_agent_id, j.poster_wallet, j.poster_key_hash, j.payment_id],
  };
}

export async function getJob(q: Queryable, id: string): Promise<JobRow | undefined> {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  const { rows } = await preparedQuery<JobRow>(q, `SELECT ${JOB_LIST} FROM jobs WHERE id = $1`, [id]);
  return rows[0];
}

/** Many jobs by id in one statement (ids that are no job id are simply not found). */
export async function getJobs(q: Queryable, ids: string[]): Promise<Map<string, JobRow>> {
  const wanted = ids.filter((id) => /^[0-9a-f]{24}$/.test(id));
  if (wanted.length === 0) return new Map();
  const { rows } = await preparedQuery<JobRow>(q, `SELECT ${JOB_LIST} FROM jobs WHERE id = ANY($1::text[])`, [wanted]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * `transitionJob` without changes or guards for many jobs in one statement: the jobs it moved
 * from one of `from` to `to`, by id.
 */
export async function transitionJobs(q: Queryable, ids: string[], from: JobStatus[], to: JobStatus): Promise<Map<string, JobRow>> {
  const { rows } = await preparedQuery<JobRow>(
    q,
    `UPDATE jobs SET status = $3, updated_at = date_trunc('milliseconds', now()) WHERE id = ANY($1::text[]) AND status = ANY($2) RETURNING ${JOB_LIST}`,
    [ids, from, to],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Column changes a transition may make besides the status; null clears a column. */
export interface JobChanges {
  worker_agent_id?: string | null;
  claim_expires_at?: Date | null;
  result?: unknown;
  dispute_reason?: string;
  resolution?: 'worker' | 'poster';
  failure_reason?: string;
  completion_fee?: bigint;
}

const CHANGEABLE = ['worker_agent_id', 'claim_expires_at', 'result', 'dispute_reason', 'resolution', 'failure_reason', 'completion_fee'] as const;

/**
 * Conditions beyond the status. A claim can now lapse and be taken by another agent, so a step
 * that acts on a claim is guarded by the worker it authorized, not by 'assigned' alone.
 */
export interface JobGuard {
  workerAgentId?: string;
  /** Only while the claim's lapse time has passed (a fresh claim by the same agent is spared). */
  claimLapsed?: boolean;
}

/**
 * Moves a job from one of `from` to `to`, guarded by the current status (and `guard`): zero rows
 * (undefined) means another request got there first or the job was never in `from`.
 */
export async function transitionJob(q: Queryable, id: string, from: JobStatus[], to: JobStatus, changes: JobChanges = {}, guard: JobGuard = {}): Promise<JobRow | undefined> {
  const sets = ['status = $3', "updated_at = date_trunc('milliseconds', now())"];
  const args: unknown[] = [id, from, to];
  for (const col of CHANGEABLE) {
    if (changes[col] === undefined) continue;
    const v = col === 'result' ? JSON.stringify(changes[col]) : changes[col];
    sets.push(`${col} = $${args.push(v)}`);
  }
  const where = ['id = $1', 'status = ANY($2)'];
  if (guard.workerAgentId !== undefined) where.push(`worker_agent_id = $${args.push(guard.workerAgentId)}`);
  if (guard.claimLapsed) where.push('claim_expires_at <= now()');
  // One text per combination of changes and guards the code uses: a few, each prepared once.
  const { rows } = await preparedQuery<JobRow>(q, `UPDATE jobs SET ${sets.join(', ')} WHERE ${where.join(' AND ')} RETURNING ${JOB_LIST}`, args);
  return rows[0];
}

/** How many jobs the agent holds assigned (claimed, not yet submitted). */
export async function activeClaims(q: Queryable, agentId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM jobs WHERE worker_agent_id = $1 AND status = 'assigned'",
    [agentId],
  );
  return rows[0].n;
}

export interface JobFilter {
  status?: JobStatus;
  tag?: string;
  /** An agent id, or a 0x wallet address. */
  poster?: string;
  limit: number;
  after?: { createdAt: Date; id: string };
}

export async function listJobs(q: Queryable, f: JobFilter): Promise<JobRow[]> {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (f.status) where.push(`status = ${arg(f.status)}`);
  if (f.tag) where.push(`tags @> ARRAY[${arg(f.tag)}]::text[]`);
  if (f.poster) {
    where.push(/^0x[0-9a-fA-F]{40}$/.test(f.poster) ? `poster_wallet = ${arg(f.poster.toLowerCase())}` : `poster_agent_id = ${arg(f.poster)}`);
  }
  if (f.after) where.push(`(created_at, id) < (${arg(f.after.createdAt)}, ${arg(f.after.id)})`);
  const rare = f.tag !== undefined && (await isRareTag(q, 'jobs', f.tag));
  const select = `SELECT * FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const { rows } = await q.query<JobRow>(newestFirst(select, arg(f.limit + 1), rare), args);
  return rows;
}

/** Jobs whose deadline has passed while they are still open or assigned. */
export async function dueJobs(q: Queryable, limit = 200): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM jobs WHERE status IN ('open', 'assigned') AND deadline IS NOT NULL AND deadline <= now()
     ORDER BY deadline LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** Assigned jobs whose claim has lapsed: the worker did not submit in time. */
export async function lapsedClaims(q: Queryable, limit = 200): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM jobs WHERE status = 'assigned' AND claim_expires_at <= now()
     ORDER BY claim_expires_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}
