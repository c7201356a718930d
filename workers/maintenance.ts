/**
 * Scheduled tasks. The reconciler re-enqueues settlement for payments whose Postgres row is
 * still pending after RECONCILE_AFTER_MS: a lost Redis job (flush, failover, retries used up)
 * then loses no money, and the payment id as job id keeps it to one job.
 */
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import { purgeKeys } from '../shared/idempotency.js';
import { ConflictError } from '../shared/errors.js';
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
import { dueDeployments, transitionDeployment } from '../shared/hosting/deployments.js';
import { enqueueProvisioning, type ProvisioningPayload } from '../queues/provisioning.js';
import { dispatchEvents, stalePendingDeliveries } from '../shared/webhooks/queries.js';
import { reconcilerRequeues } from '../shared/metrics.js';
import { enqueueWebhook, requeueWebhook, type WebhookPayload, type WebhookRetry } from '../queues/webhooks.js';

export interface MaintenanceDeps {
  db: Db;
  log: Logger;
  settlement: Queue<SettlementPayload>;
  reconcileAfterMs: number;
  /** When given, the reconciler also re-enqueues scans left queued or running. */
  scans?: Queue<ScanPayload>;
  /** When given, the reconciler re-enqueues hosting work and the clock expires deployments. */
  provisioning?: Queue<ProvisioningPayload>;
  hostingGraceDays?: number;
  /** When given, events are dispatched to webhooks and lost deliveries re-enqueued. */
  webhooks?: { queue: Queue<WebhookPayload>; retry: WebhookRetry };
}

/** Deployments still provisioning or upgrading after RECONCILE_AFTER_MS: their job was lost or gave up. */
export async function reconcileDeployments(deps: MaintenanceDeps & { provisioning: Queue<ProvisioningPayload> }): Promise<{ requeued: number }> {
  const { rows } = await deps.db.query<{ deploy_id: string; updated_at: Date }>(
    `SELECT deploy_id, updated_at FROM deployments WHERE status IN ('provisioning', 'upgrading')
       AND updated_at < now() - make_interval(secs => $1::double precision / 1000) LIMIT 500`,
    [deps.reconcileAfterMs],
  );
  for (const r of rows) await enqueueProvisioning(deps.provisioning, r.deploy_id, r.updated_at);
  reconcilerRequeues.inc({ kind: 'deployment' }, rows.length);
  return { requeued: rows.length };
}

/**
 * The clock's hosting pass: a trial past its 7 days becomes `expired`, a paid plan past its paid
 * time and the grace becomes `suspended`; each is scaled to zero by the provisioning worker.
 */
export async function expireDeployments(deps: MaintenanceDeps & { provisioning: Queue<ProvisioningPayload> }, now = new Date()): Promise<{ expired: number; suspended: number }> {
  const counts = { expired: 0, suspended: 0 };
  for (const due of await dueDeployments(deps.db, deps.hostingGraceDays ?? 3, now)) {
    const row = due.why === 'trial_ended'
      ? await transitionDeployment(deps.db, due.deploy_id, ['provisioning', 'running'], { status: 'expired' }, 'deployment.expired')
      : await transitionDeployment(deps.db, due.deploy_id, ['running'], { status: 'suspended' }, 'deployment.suspended');
    if (!row) continue;
    counts[due.why === 'trial_ended' ? 'expired' : 'suspended']++;
    await enqueueProvisioning(deps.provisioning, row.deploy_id, row.updated_at).catch((err) => {
      deps.log.warn({ err: (err as Error).message, deployId: row.deploy_id }, 'could not enqueue a suspension; the reconciler will not, so the next pass retries');
    });
  }
  return counts;
}

/** Events handed to the webhook queue per outbox pass; the next pass takes the rest. */
const DISPATCH_BATCH = 500;

/**
 * The outbox pass: new event rows become delivery rows (committed first), then jobs. A job that
 * cannot be added now (Redis away) is added by the reconciler once its row is stale.
 */
export async function dispatchWebhooks(deps: Pick<MaintenanceDeps, 'db' | 'log'> & { webhooks: NonNullable<MaintenanceDeps['webhooks']> }): Promise<{ dispatched: number }> {
  const keys = await dispatchEvents(deps.db, DISPATCH_BATCH);
  for (const key of keys) await enqueueWebhook(deps.webhooks.queue, deps.webhooks.retry, key);
  return { dispatched: keys.length };
}

/** Re-enqueues deliveries still pending after RECONCILE_AFTER_MS whose job Redis lost. */
export async function reconcileWebhooks(deps: MaintenanceDeps & { webhooks: NonNullable<MaintenanceDeps['webhooks']> }): Promise<{ examined: number; requeued: number }> {
  const stale = await stalePendingDeliveries(deps.db, deps.reconcileAfterMs);
  let requeued = 0;
  for (const key of stale) {
    if ((await requeueWebhook(deps.webhooks.queue, deps.webhooks.retry, key)) !== 'in_flight') requeued++;
  }
  reconcilerRequeues.inc({ kind: 'webhook' }, requeued);
  if (requeued) deps.log.info({ requeued, examined: stale.length }, 'reconciler re-enqueued webhook deliveries');
  return { examined: stale.length, requeued };
}

export async function reconcile(deps: MaintenanceDeps): Promise<{ examined: number; requeued: number }> {
  const stale = await stalePendingPayments(deps.db, deps.reconcileAfterMs);
  let requeued = 0;
  for (const p of stale) {
    const what = await requeueSettlement(deps.settlement, p.id);
    if (what !== 'in_flight') requeued++;
  }
  reconcilerRequeues.inc({ kind: 'payment' }, requeued);
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
  reconcilerRequeues.inc({ kind: 'scan' }, requeued);
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
      // Another transition won the race (a state conflict): nothing to do. Anything else is worth a line.
      if (!(err instanceof ConflictError)) deps.log.warn({ err, jobId: id }, `could not ${what}`);
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
        const scans = deps.scans ? await reconcileScans({ ...deps, scans: deps.scans }) : undefined;
        const webhooks = deps.webhooks ? await reconcileWebhooks({ ...deps, webhooks: deps.webhooks }) : undefined;
        const deployments = deps.provisioning ? await reconcileDeployments({ ...deps, provisioning: deps.provisioning }) : undefined;
        return { ...payments, scans, webhooks, deployments };
      }
      case 'expire-deployments':
        return deps.provisioning ? expireDeployments({ ...deps, provisioning: deps.provisioning }) : { skipped: true };
      case 'reset-scan-quotas':
        return { reset: await resetDueQuotas(deps.db) };
      case 'expire-jobs':
        return expireDueJobs(deps);
      case 'dispatch-events':
        return deps.webhooks ? dispatchWebhooks({ ...deps, webhooks: deps.webhooks }) : { dispatched: 0 };
      case 'expire-contracts':
        return expireDueContracts(deps);
      case 'purge-idempotency-keys':
        return { purged: await purgeKeys(deps.db, 24) };
    }
  };
}
