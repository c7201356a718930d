/**
 * Scheduled tasks. The reconciler re-enqueues settlement for payments whose Postgres row is
 * still pending after RECONCILE_AFTER_MS: a lost Redis job (flush, failover, retries used up)
 * then loses no money, and the payment id as job id keeps it to one job.
 */
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import { purgeKeys } from '../shared/idempotency.js';
import { stalePendingPayments } from '../shared/payments/queries.js';
import { maintenancePayload } from '../queues/maintenance.js';
import { requeueSettlement, type SettlementPayload } from '../queues/settlement.js';

export interface MaintenanceDeps {
  db: Db;
  log: Logger;
  settlement: Queue<SettlementPayload>;
  reconcileAfterMs: number;
}

export async function reconcile(deps: MaintenanceDeps): Promise<{ examined: number; requeued: number }> {
  const stale = await stalePendingPayments(deps.db, deps.reconcileAfterMs);
  let requeued = 0;
  for (const p of stale.filter((s) => s.rail === 'x402')) {
    const what = await requeueSettlement(deps.settlement, p.id);
    if (what !== 'in_flight') requeued++;
  }
  if (requeued) deps.log.info({ requeued, examined: stale.length }, 'reconciler re-enqueued pending payments');
  return { examined: stale.length, requeued };
}

export function maintenanceProcessor(deps: MaintenanceDeps) {
  return async (job: Job): Promise<unknown> => {
    const parsed = maintenancePayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad maintenance payload: ${parsed.error.message}`);
    switch (parsed.data.task) {
      case 'reconcile':
        return reconcile(deps);
      case 'purge-idempotency-keys':
        return { purged: await purgeKeys(deps.db, 24) };
    }
  };
}
