/**
 * Posting a job: the job (pending its payment) and the payment proof are written in one
 * transaction. Settlement (jobPaymentHandler) opens it and holds the reward in escrow.
 */
import type { Db, Queryable } from '../db/pool.js';
import { hashApiKey, newApiKey } from '../auth/credentials.js';
import { recordEvent, recordEvents, type NewEvent } from '../events.js';
import { newId, newPaymentId } from '../ids.js';
import { recordPaidInsert, type AcceptedPayment } from '../payments/record.js';
import type { PaymentRow } from '../payments/queries.js';
import type { PurposeHandler } from '../payments/settle.js';
import { getJob, getJobs, insertJobStatement, transitionJob, transitionJobs } from './queries.js';
import { holdReward, holdRewards, posterAccount } from './money.js';
import type { JobRow } from './types.js';

export const JOB_PURPOSE = 'job';

export interface JobInput {
  title: string;
  description: string;
  tags: string[];
  requirements: string[] | null;
  reward: bigint;
  deadline: Date | null;
}

export interface PostedJob {
  job: JobRow;
  payment: PaymentRow;
  /** For an anonymous poster: the key that manages this job, shown once. */
  posterKey: string | null;
}

export async function postJob(db: Db, input: JobInput, fee: bigint, paid: AcceptedPayment, posterAgentId: string | null): Promise<PostedJob> {
  const id = newId();
  const paymentId = newPaymentId();
  const posterKey = posterAgentId ? null : newApiKey('ac_job_');
  // The job and its payment in one statement: no BEGIN and COMMIT round trips on the paid path.
  const insert = insertJobStatement({
    id, title: input.title, description: input.description, tags: input.tags, requirements: input.requirements,
    reward_amount: input.reward, posting_fee: fee, deadline: input.deadline,
    poster_agent_id: posterAgentId, poster_wallet: paid.payer.toLowerCase(),
    poster_key_hash: posterKey ? hashApiKey(posterKey) : null, payment_id: paymentId,
  });
  const { resource: job, payment } = await recordPaidInsert<JobRow>(db, insert.text, insert.values, paid, JOB_PURPOSE, id, paymentId, (q) => getJob(q, id));
  return { job, payment, posterKey };
}

function parties(job: JobRow): string[] {
  return [job.poster_agent_id, job.worker_agent_id].filter((x): x is string => x !== null);
}

/**
 * Records a job event with its parties, in the caller's transaction. `releasedWorker` is a worker
 * the transition took off the job: no longer a party of the row, still one of the event.
 */
export function jobEvent(tx: Queryable, type: string, job: JobRow, extra: Record<string, unknown> = {}, releasedWorker: string | null = null): Promise<void> {
  const e = jobEventOf(type, job, extra, releasedWorker);
  return recordEvent(tx, e.type, e.subjectId, e.agentIds, e.payload);
}

/** The event `jobEvent` records, for `recordEvents`. */
function jobEventOf(type: string, job: JobRow, extra: Record<string, unknown> = {}, releasedWorker: string | null = null): NewEvent {
  const agentIds = releasedWorker ? [...parties(job), releasedWorker] : parties(job);
  return { type, subjectId: job.id, agentIds, payload: { job_id: job.id, status: job.status, ...extra } };
}

export const jobPaymentHandler: PurposeHandler = {
  async inflowAccount(tx, payment) {
    const job = await getJob(tx, payment.subject_id);
    if (!job) throw new Error(`payment ${payment.id} is for job ${payment.subject_id}, which does not exist`);
    return posterAccount(job);
  },
  async onSettled(tx, payment) {
    const job = await transitionJob(tx, payment.subject_id, ['pending_payment'], 'open');
    if (!job) return;
    await holdReward(tx, job);
    await jobEvent(tx, 'job.created', job);
  },
  async onFailed(tx, payment, reason) {
    const job = await transitionJob(tx, payment.subject_id, ['pending_payment'], 'payment_failed', { failure_reason: reason });
    if (job) await jobEvent(tx, 'job.payment_failed', job, { reason });
  },
  many: {
    async inflowAccounts(tx, payments) {
      const jobs = await getJobs(tx, payments.map((p) => p.subject_id));
      return payments.map((payment) => {
        const job = jobs.get(payment.subject_id);
        if (!job) throw new Error(`payment ${payment.id} is for job ${payment.subject_id}, which does not exist`);
        return posterAccount(job);
      });
    },
    async onSettled(tx, payments) {
      const ids = payments.map((p) => p.subject_id);
      if (new Set(ids).size !== ids.length) throw new Error('two payments for one job in a settlement group: they are booked one by one');
      const opened = await transitionJobs(tx, ids, ['pending_payment'], 'open');
      const jobs: JobRow[] = [];
      for (const payment of payments) {
        const job = opened.get(payment.subject_id);
        if (!job) continue;
        // Each job's payment covers its own fee and hold, so booking every incoming transfer
        // first refuses nothing that booking them in turn would have accepted, nor the reverse.
        if (payment.amount < job.posting_fee + job.reward_amount) throw new Error(`payment ${payment.id} does not cover job ${job.id}: booked on its own`);
        jobs.push(job);
      }
      await holdRewards(tx, jobs);
      await recordEvents(tx, jobs.map((job) => jobEventOf('job.created', job)));
    },
  },
};

