/**
 * Job transitions (PRODUCT.md section 6). Each is one transaction: a status change guarded by the
 * expected current status, its ledger movement and its event. Two racing requests cannot both
 * win; the loser gets a 409 naming the state the job is actually in.
 */
import type { Db, Queryable } from '../db/pool.js';
import { transaction } from '../db/pool.js';
import { ConflictError, ForbiddenError, NotFoundError, StateConflictError } from '../errors.js';
import { safeEqual } from '../auth/credentials.js';
import { jobEvent } from './create.js';
import { completionFee, payWorker, refundPoster } from './money.js';
import { AgentNotActiveError } from '../agents/errors.js';
import { lockAgent } from '../agents/queries.js';
import { activeClaims, getJob, transitionJob, type JobChanges, type JobGuard } from './queries.js';
import type { JobResult, JobRow, JobStatus } from './types.js';

/** Who is acting: an agent (Bearer + X-Signature), an anonymous poster's job key, the admin, or the clock. */
export type JobActor =
  | { kind: 'agent'; agentId: string }
  | { kind: 'poster_key'; keyHash: string }
  | { kind: 'admin' }
  | { kind: 'clock' };

export class JobForbiddenError extends ForbiddenError {}

/** The agent already holds as many claims as allowed: a 409 giving the limit and its count. */
export class ClaimLimitError extends ConflictError {
  constructor(readonly limit: number, readonly activeClaims: number) {
    super(`an agent may hold at most ${limit} claimed jobs at once; this one holds ${activeClaims}`, { limit, active_claims: activeClaims });
  }
}

/** How long a claim lasts and how many one agent may hold (JOB_CLAIM_TTL_MINUTES, MAX_ACTIVE_CLAIMS_PER_AGENT). */
export interface ClaimRules {
  ttlMinutes: number;
  maxActive: number;
}

function isPoster(job: JobRow, actor: JobActor): boolean {
  if (actor.kind === 'agent') return job.poster_agent_id === actor.agentId;
  if (actor.kind === 'poster_key') return job.poster_key_hash !== null && safeEqual(job.poster_key_hash, actor.keyHash);
  return false;
}

interface Step {
  action: string;
  from: JobStatus[];
  to: JobStatus;
  authorize(job: JobRow, actor: JobActor): void;
  changes?(job: JobRow, actor: JobActor): JobChanges;
  /** Conditions the update needs beyond the status (see JobGuard). */
  guard?(job: JobRow): JobGuard;
  /** Runs in the transaction before the update: locks and counts that must not race. */
  before?(tx: Queryable, job: JobRow, actor: JobActor): Promise<void>;
  effects?(tx: Queryable, job: JobRow): Promise<void>;
  event: string;
}

async function step(db: Db, jobId: string, actor: JobActor, s: Step): Promise<JobRow> {
  const found = await getJob(db, jobId);
  if (!found) throw new NotFoundError('job');
  s.authorize(found, actor);
  return transaction(db, async (tx) => {
    await s.before?.(tx, found, actor);
    const job = await transitionJob(tx, jobId, s.from, s.to, s.changes?.(found, actor) ?? {}, s.guard?.(found) ?? {});
    if (!job) {
      const current = await getJob(tx, jobId);
      throw new StateConflictError('job', current?.status ?? 'gone', s.action);
    }
    await s.effects?.(tx, job);
    // A worker taken off the job (guarded above to be the one we read) still hears about it.
    const released = found.worker_agent_id && !job.worker_agent_id ? found.worker_agent_id : null;
    await jobEvent(tx, s.event, job, released ? { released_worker_agent_id: released } : {}, released);
    return job;
  });
}

const posterOnly = (action: string) => (job: JobRow, actor: JobActor) => {
  if (!isPoster(job, actor)) throw new JobForbiddenError(`only the job's poster can ${action} it`);
};

/** Steps out of 'assigned' act on the claim that was authorized, not on a later one. */
const sameWorker = (job: JobRow): JobGuard => ({ workerAgentId: job.worker_agent_id ?? undefined });
const releaseClaim = (): JobChanges => ({ worker_agent_id: null, claim_expires_at: null });

/**
 * The claimant is active and under the cap on concurrent claims. The agent's row is locked first,
 * so that two claims by one agent are counted one after the other and cannot both slip under.
 */
async function checkClaimant(tx: Queryable, agentId: string, maxActive: number): Promise<void> {
  const agent = await lockAgent(tx, agentId);
  if (agent && agent.status !== 'active') throw new AgentNotActiveError(agent.status);
  const held = await activeClaims(tx, agentId);
  if (held >= maxActive) throw new ClaimLimitError(maxActive, held);
}

export function claimJob(db: Db, jobId: string, actor: JobActor, rules: ClaimRules): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'claim', from: ['open'], to: 'assigned', event: 'job.claimed',
    authorize(job, a) {
      if (a.kind !== 'agent') throw new JobForbiddenError('only a registered agent can claim a job');
      if (job.poster_agent_id === a.agentId) throw new JobForbiddenError('an agent cannot claim its own job');
      if (job.deadline && job.deadline.getTime() <= Date.now()) throw new StateConflictError('job', 'past its deadline', 'claim');
    },
    before: (tx, _job, a) => checkClaimant(tx, (a as { agentId: string }).agentId, rules.maxActive),
    changes: (_job, a) => ({
      worker_agent_id: (a as { agentId: string }).agentId,
      claim_expires_at: new Date(Date.now() + rules.ttlMinutes * 60_000),
    }),
  });
}

export function submitJob(db: Db, jobId: string, actor: JobActor, result: JobResult): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'submit', from: ['assigned'], to: 'submitted', event: 'job.submitted',
    authorize(job, a) {
      if (a.kind !== 'agent' || job.worker_agent_id !== a.agentId) throw new JobForbiddenError('only the assigned worker can submit a result');
    },
    guard: sameWorker,
    changes: () => ({ result, claim_expires_at: null }),
  });
}

export function acceptJob(db: Db, jobId: string, actor: JobActor, feePct: number): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'accept', from: ['submitted'], to: 'completed', event: 'job.completed',
    authorize: posterOnly('accept'),
    changes: (job) => ({ completion_fee: completionFee(job.reward_amount, feePct) }),
    effects: (tx, job) => payWorker(tx, job, job.completion_fee ?? 0n),
  });
}

export function disputeJob(db: Db, jobId: string, actor: JobActor, reason: string): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'dispute', from: ['submitted'], to: 'disputed', event: 'job.disputed',
    authorize: posterOnly('dispute'),
    changes: () => ({ dispute_reason: reason }),
  });
}

export function cancelJob(db: Db, jobId: string, actor: JobActor): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'cancel', from: ['open'], to: 'cancelled', event: 'job.cancelled',
    authorize: posterOnly('cancel'),
    effects: refundPoster,
  });
}

/** The poster takes the job back from its worker (a squatter, a silent one): open again. */
export function unassignJob(db: Db, jobId: string, actor: JobActor): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'unassign', from: ['assigned'], to: 'open', event: 'job.unassigned',
    authorize: posterOnly('unassign'),
    guard: sameWorker,
    changes: releaseClaim,
  });
}

export function resolveJob(db: Db, jobId: string, actor: JobActor, winner: 'worker' | 'poster', feePct: number): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'resolve', from: ['disputed'], to: 'resolved', event: 'job.resolved',
    authorize(_job, a) {
      if (a.kind !== 'admin') throw new JobForbiddenError('only an admin resolves disputes');
    },
    changes: (job) => ({ resolution: winner, completion_fee: winner === 'worker' ? completionFee(job.reward_amount, feePct) : undefined }),
    effects: (tx, job) => (winner === 'worker' ? payWorker(tx, job, job.completion_fee ?? 0n) : refundPoster(tx, job)),
  });
}

/** The clock's transition: past the deadline while open or assigned, refunded. */
export function expireJob(db: Db, jobId: string): Promise<JobRow> {
  return step(db, jobId, { kind: 'clock' }, {
    action: 'expire', from: ['open', 'assigned'], to: 'expired', event: 'job.expired',
    authorize(job, a) {
      if (a.kind !== 'clock') throw new JobForbiddenError('jobs expire on their own');
      if (!job.deadline || job.deadline.getTime() > Date.now()) throw new StateConflictError('job', 'not yet due', 'expire');
    },
    changes: () => ({ claim_expires_at: null }),
    effects: refundPoster,
  });
}

/** The clock's other transition: the worker did not submit before its claim lapsed. */
export function lapseClaim(db: Db, jobId: string): Promise<JobRow> {
  return step(db, jobId, { kind: 'clock' }, {
    action: 'lapse the claim', from: ['assigned'], to: 'open', event: 'job.claim_lapsed',
    authorize(job, a) {
      if (a.kind !== 'clock') throw new JobForbiddenError('claims lapse on their own');
      if (!job.claim_expires_at || job.claim_expires_at.getTime() > Date.now()) throw new StateConflictError('job', 'claimed and not yet due', 'lapse the claim');
    },
    guard: (job) => ({ ...sameWorker(job), claimLapsed: true }),
    changes: releaseClaim,
  });
}
