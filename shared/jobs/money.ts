/**
 * The job board's ledger movements. Transfer ids are derived from the job id, so every movement
 * is idempotent: a retried settlement or transition books nothing twice.
 *
 *   paid:      external -> poster (payment_in, generic) ; poster -> fees (posting fee) ;
 *              poster -> escrow:job:<id> (pending: the reward, held)
 *   completed: post the hold ; escrow -> worker (reward - fee) ; escrow -> fees (completion fee)
 *   refunded:  void the hold (cancelled, expired, dispute won by the poster)
 */
import type { Queryable } from '../db/pool.js';
import { AccountIds, createTransfer, createTransfers, ensureAccount, ensureAccounts, openAccount, postPending, voidPending, type NewAccount, type NewTransfer } from '../ledger/index.js';
import type { JobRow } from './types.js';

const USDC = 'USDC' as const;

/** An anonymous poster's money is kept under its wallet address. */
export const walletAccount = (address: string) => `wallet:${address.toLowerCase()}:${USDC}`;

export function posterAccount(job: Pick<JobRow, 'poster_agent_id' | 'poster_wallet'>): string {
  return job.poster_agent_id ? AccountIds.agentAvailable(job.poster_agent_id) : walletAccount(job.poster_wallet);
}

const escrowAccount = (jobId: string) => AccountIds.escrow('job', jobId);
const holdId = (jobId: string) => `job:${jobId}:escrow`;

/** Takes the posting fee and holds the reward in escrow. */
export async function holdReward(tx: Queryable, job: JobRow): Promise<void> {
  const fees = AccountIds.fees(USDC);
  await openAccount(tx, { id: fees, currency: USDC, kind: 'system' });
  await ensureAccount(tx, escrowOf(job));
  for (const transfer of rewardTransfers(job, fees)) await createTransfer(tx, transfer);
}

/** A job's escrow account, to be ensured. */
function escrowOf(job: JobRow): NewAccount {
  return { id: escrowAccount(job.id), currency: USDC, kind: 'system' };
}

/** The posting fee (when there is one) and the pending hold of the reward, in that order. */
function rewardTransfers(job: JobRow, fees: string): NewTransfer[] {
  const poster = posterAccount(job);
  const hold: NewTransfer = {
    id: holdId(job.id), debit: poster, credit: escrowAccount(job.id), amount: job.reward_amount, code: 'escrow', pending: true,
    metadata: { job_id: job.id },
  };
  if (job.posting_fee <= 0n) return [hold];
  return [{ id: `job:${job.id}:posting-fee`, debit: poster, credit: fees, amount: job.posting_fee, code: 'fee', metadata: { job_id: job.id } }, hold];
}

/**
 * `holdReward` for many jobs: the escrow accounts in one statement, the fees and holds in
 * another, in the order `holdReward` for each job in turn would write them.
 */
export async function holdRewards(tx: Queryable, jobs: JobRow[]): Promise<void> {
  if (jobs.length === 0) return;
  const fees = AccountIds.fees(USDC);
  await openAccount(tx, { id: fees, currency: USDC, kind: 'system' });
  await ensureAccounts(tx, jobs.map(escrowOf));
  await createTransfers(tx, jobs.flatMap((job) => rewardTransfers(job, fees)));
}

/** The service's cut of a completed job, rounded down in the worker's favour. */
export function completionFee(reward: bigint, feePct: number): bigint {
  const basisPoints = BigInt(Math.round(feePct * 100));
  return (reward * basisPoints) / 10_000n;
}

/** Releases the escrow to the worker, minus the completion fee. */
export async function payWorker(tx: Queryable, job: JobRow, fee: bigint): Promise<void> {
  if (!job.worker_agent_id) throw new Error(`job ${job.id} has no worker to pay`);
  const escrow = escrowAccount(job.id);
  const worker = AccountIds.agentAvailable(job.worker_agent_id);
  await openAccount(tx, { id: worker, currency: USDC, kind: 'user' });
  await postPending(tx, { id: `job:${job.id}:escrow-post`, pendingId: holdId(job.id) });
  await createTransfer(tx, { id: `job:${job.id}:payout`, debit: escrow, credit: worker, amount: job.reward_amount - fee, code: 'payout', metadata: { job_id: job.id } });
  if (fee > 0n) {
    await createTransfer(tx, { id: `job:${job.id}:completion-fee`, debit: escrow, credit: AccountIds.fees(USDC), amount: fee, code: 'fee', metadata: { job_id: job.id } });
  }
}

/** Gives the held reward back to the poster. */
export async function refundPoster(tx: Queryable, job: JobRow): Promise<void> {
  await voidPending(tx, { id: `job:${job.id}:escrow-void`, pendingId: holdId(job.id) });
}
