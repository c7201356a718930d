/**
 * Job transitions (PRODUCT.md section 6). Each is one transaction: a status change guarded by the
 * expected current status, its ledger movement and its event. Two racing requests cannot both
 * win; the loser gets a 409 naming the state the job is actually in.
 */
import type { Db, Queryable } from '../db/pool.js';
import { transaction } from '../db/pool.js';
import { HttpError, NotFoundError, StateConflictError } from '../errors.js';
import { safeEqual } from '../auth/credentials.js';
import { jobEvent } from './create.js';
import { completionFee, payWorker, refundPoster } from './money.js';
import { getJob, transitionJob, type JobChanges } from './queries.js';
import type { JobResult, JobRow, JobStatus } from './types.js';

/** Who is acting: an agent (Bearer + X-Signature), an anonymous poster's job key, the admin, or the clock. */
export type JobActor =
  | { kind: 'agent'; agentId: string }
  | { kind: 'poster_key'; keyHash: string }
  | { kind: 'admin' }
  | { kind: 'clock' };

export class JobForbiddenError extends HttpError {
  constructor(message: string) {
    super('forbidden', message);
    this.name = 'JobForbiddenError';
  }
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
  effects?(tx: Queryable, job: JobRow): Promise<void>;
  event: string;
}

async function step(db: Db, jobId: string, actor: JobActor, s: Step): Promise<JobRow> {
  const found = await getJob(db, jobId);
  if (!found) throw new NotFoundError('job');
  s.authorize(found, actor);
  return transaction(db, async (tx) => {
    const job = await transitionJob(tx, jobId, s.from, s.to, s.changes?.(found, actor) ?? {});
    if (!job) {
      const current = await getJob(tx, jobId);
      throw new StateConflictError('job', current?.status ?? 'gone', s.action);
    }
    await s.effects?.(tx, job);
    await jobEvent(tx, s.event, job);
    return job;
  });
}

const posterOnly = (action: string) => (job: JobRow, actor: JobActor) => {
  if (!isPoster(job, actor)) throw new JobForbiddenError(`only the job's poster can ${action} it`);
};

export function claimJob(db: Db, jobId: string, actor: JobActor): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'claim', from: ['open'], to: 'assigned', event: 'job.claimed',
    authorize(job, a) {
      if (a.kind !== 'agent') throw new JobForbiddenError('only a registered agent can claim a job');
      if (job.poster_agent_id === a.agentId) throw new JobForbiddenError('an agent cannot claim its own job');
      if (job.deadline && job.deadline.getTime() <= Date.now()) throw new StateConflictError('job', 'past its deadline', 'claim');
    },
    changes: (_job, a) => ({ worker_agent_id: (a as { agentId: string }).agentId }),
  });
}

export function submitJob(db: Db, jobId: string, actor: JobActor, result: JobResult): Promise<JobRow> {
  return step(db, jobId, actor, {
    action: 'submit', from: ['assigned'], to: 'submitted', event: 'job.submitted',
    authorize(job, a) {
      if (a.kind !== 'agent' || job.worker_agent_id !== a.agentId) throw new JobForbiddenError('only the assigned worker can submit a result');
    },
    changes: () => ({ result }),
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
    effects: refundPoster,
  });
}
