/**
 * Puts a unit of work back in line for the reconciler: adds its job when Redis has none (lost to
 * a flush or failover), retries it when it failed, and replaces a completed one whose row is
 * still unfinished. A job that is waiting, delayed or active is left alone.
 */
import type { Queue } from 'bullmq';

export type Requeued = 'added' | 'retried' | 'in_flight';

export async function requeueJob(queue: Queue, jobId: string, add: () => Promise<unknown>): Promise<Requeued> {
  const existing = await queue.getJob(jobId);
  if (!existing) {
    await add();
    return 'added';
  }
  const state = await existing.getState();
  if (state === 'failed') {
    await existing.retry('failed');
    return 'retried';
  }
  if (state === 'completed' || state === 'unknown') {
    await existing.remove().catch(() => {});
    await add();
    return 'added';
  }
  return 'in_flight';
}
