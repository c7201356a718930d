/**
 * Scheduled tasks. The reconciler re-enqueues settlement for payments whose Postgres row is
 * still pending after RECONCILE_AFTER_MS: a lost Redis job (flush, failover, retries used up)
 * then loses no money, and the payment id as job id keeps it to one job.
 */
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import { purgeKeys } from '../shared/idempotency.js';
import { dueJobs, lapsedClaims } from '../shared/jobs/queries.js';
import { expireJob, lapseClaim } from '../shared/jobs/lifecycle.js';
import { dueProposals } from '../shared/contracts/queries.js';
import { expireContract } from '../shared/contracts/lifecycle.js';
import { stalePendingPayments } from '../shared/payments/queries.js';
import { maintenancePayload } from '../queues/maintenance.js';
import { requeueSettlement, type SettlementPayload } from '../queues/settlement.js';
import { requeueScan, type ScanPayload } from '../queues/scans.js';
import { unfinishedScans } from '../shared/scans/queries.js';
import { resetDueQuotas } from '../shared/scans/plans.js';

export interface MaintenanceDeps {
  db: Db;
  log: Logger;
  settlement: Queue<SettlementPayload>;
  reconcileAfterMs: number;
  /** When given, the reconciler also re-enqueues scans left queued or running. */
  scans?: Queue<ScanPayload>;
}

export async function reconcile(deps: MaintenanceDeps): Promise<{ examined: number; requeued: number }> {
  const stale = await stalePendingPayments(deps.db, deps.reconcileAfterMs);
  let requeued = 0;
  for (const p of stale) {
    const what = await requeueSettlement(deps.settlement, p.id);
    if (what !== 'in_flight') requeued++;
  }
  if (requeued) deps.log.info({ requeued, examined: stale.length }, 'reconciler re-enqueued pending payments');
  return { examined: stale.length, requeued };
}

/**
 * Re-enqueues scans still queued or running after RECONCILE_AFTER_MS (a lost Redis job, a
 * crashed worker); the scan id in the job id keeps it to one job, and a finished scan is never
 * scanned again.
 */
export async function reconcileScans(deps: MaintenanceDeps & { scans: Queue<ScanPayload> }): Promise<{ examined: number; requeued: number }> {
  const stale = await unfinishedScans(deps.db, deps.reconcileAfterMs);
  let requeued = 0;
  for (const id of stale) {
    if ((await requeueScan(deps.scans, id)) !== 'in_flight') requeued++;
  }
  if (requeued) deps.log.info({ requeued, examined: stale.length }, 'reconciler re-enqueued unfinished scans');
  return { examined: stale.length, requeued };
}

/** Runs a clock transition on each job; one that another transition beat (409) is skipped. */
async function eachJob(deps: Pick<MaintenanceDeps, 'log'>, ids: string[], what: string, run: (id: string) => Promise<unknown>): Promise<number> {
  let done = 0;
  for (const id of ids) {
    try {
      await run(id);
      done++;
    } catch (err) {
      // Another transition won the race (409): nothing to do. Anything else is worth a line.
      if ((err as { status?: number }).status !== 409) deps.log.warn({ err, jobId: id }, `could not ${what}`);
    }
  }
  return done;
}

/**
 * Expires and refunds jobs past their deadline, then hands back to the board the jobs whose
 * claim lapsed. Expiry goes first: a job past both its deadline and its claim is finished, not
 * reopened.
 */
export async function expireDueJobs(deps: Pick<MaintenanceDeps, 'db' | 'log'>): Promise<{ expired: number; lapsed: number }> {
  const expired = await eachJob(deps, await dueJobs(deps.db), 'expire job', (id) => expireJob(deps.db, id));
  const lapsed = await eachJob(deps, await lapsedClaims(deps.db), 'lapse claim', (id) => lapseClaim(deps.db, id));
  return { expired, lapsed };
}

/**
 * Expires proposals past their deadline that no provider accepted: the value and the client's
 * stake are voided back. A proposal whose acceptance is settling is left to that settlement.
 */
export async function expireDueContracts(deps: Pick<MaintenanceDeps, 'db' | 'log'>): Promise<{ expired: number }> {
  return { expired: await eachJob(deps, await dueProposals(deps.db), 'expire contract', (id) => expireContract(deps.db, id)) };
}

export function maintenanceProcessor(deps: MaintenanceDeps) {
  return async (job: Job): Promise<unknown> => {
    const parsed = maintenancePayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad maintenance payload: ${parsed.error.message}`);
    switch (parsed.data.task) {
      case 'reconcile': {
        const payments = await reconcile(deps);
        return deps.scans ? { ...payments, scans: await reconcileScans({ ...deps, scans: deps.scans }) } : payments;
      }
      case 'reset-scan-quotas':
        return { reset: await resetDueQuotas(deps.db) };
      case 'expire-jobs':
        return expireDueJobs(deps);
      case 'expire-contracts':
        return expireDueContracts(deps);
      case 'purge-idempotency-keys':
        return { purged: await purgeKeys(deps.db, 24) };
    }
  };
}
