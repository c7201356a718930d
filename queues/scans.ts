/**
 * The skill scan queue: one job per scan, keyed by the scan id, so that enqueueing the same
 * scan twice (an API retry, the reconciler) creates one job. The job id is `scan-<id>`: BullMQ
 * refuses custom ids that parse as integers, and 1 scan id in about 1,900 is all decimal digits.
 */
import { Queue, QueueEvents, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { QueueName } from './names.js';

export const scanPayload = z.object({ scanId: z.string().regex(/^[0-9a-f]{16}$/) });
export type ScanPayload = z.infer<typeof scanPayload>;

/**
 * A scan is CPU work on data we already hold: a failure is a bug or a lost connection, so a
 * few quick retries, then the row is marked failed with the reason.
 */
export const scanJobOptions: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export function scanJobId(scanId: string): string {
  return `scan-${scanId}`;
}

export function createScanQueue(connection: Redis, prefix: string): Queue<ScanPayload> {
  return new Queue<ScanPayload>(QueueName.scans, { connection, prefix });
}

/** Lets POST /api/scan wait a bounded time for its job. Needs a blocking-capable connection. */
export function createScanEvents(connection: Redis, prefix: string): QueueEvents {
  return new QueueEvents(QueueName.scans, { connection, prefix });
}

export async function enqueueScan(queue: Queue<ScanPayload>, scanId: string): Promise<Job<ScanPayload>> {
  const payload = scanPayload.parse({ scanId });
  return queue.add('scan', payload, { ...scanJobOptions, jobId: scanJobId(scanId) });
}

/**
 * Puts an unfinished scan's job back in line: adds it when Redis has none, retries it when it
 * failed; a job waiting, delayed or active is left alone.
 */
export async function requeueScan(queue: Queue<ScanPayload>, scanId: string): Promise<'added' | 'retried' | 'in_flight'> {
  const existing = await queue.getJob(scanJobId(scanId));
  if (!existing) {
    await enqueueScan(queue, scanId);
    return 'added';
  }
  const state = await existing.getState();
  if (state === 'failed') {
    await existing.retry('failed');
    return 'retried';
  }
  if (state === 'completed' || state === 'unknown') {
    await existing.remove().catch(() => {});
    await enqueueScan(queue, scanId);
    return 'added';
  }
  return 'in_flight';
}
