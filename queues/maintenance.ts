/**
 * Scheduled work. The clock enqueues one job per task per tick with the tick in its id, so that
 * two clocks (a deploy overlap, a mistake) still produce one run per tick.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { QueueName } from './names.js';

export const maintenanceTask = z.enum([
  'reconcile', 'purge-idempotency-keys', 'expire-jobs', 'expire-contracts', 'reset-scan-quotas', 'expire-deployments', 'dispatch-events',
]);
export type MaintenanceTask = z.infer<typeof maintenanceTask>;
export const maintenancePayload = z.object({ task: maintenanceTask, tick: z.number().int() });
export type MaintenancePayload = z.infer<typeof maintenancePayload>;

export function createMaintenanceQueue(connection: Redis, prefix: string): Queue<MaintenancePayload> {
  return new Queue<MaintenancePayload>(QueueName.maintenance, { connection, prefix });
}

/** `tick` is the scheduled time in ms; jobs of the same task and tick collapse into one. */
export async function enqueueMaintenance(queue: Queue<MaintenancePayload>, task: MaintenanceTask, tick: number): Promise<void> {
  const payload = maintenancePayload.parse({ task, tick });
  await queue.add(task, payload, {
    jobId: `${task}-${tick}`,
    attempts: 3,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 24 * 3600 },
  });
}
