/**
 * The skill scan queue: one job per scan, keyed by the scan id, so that enqueueing the same
 * scan twice (an API retry, the reconciler) creates one job. The job id is `scan-<id>`: BullMQ
 * refuses custom ids that parse as integers, and 1 scan id in about 1,900 is all decimal digits.
 */
import { Queue, QueueEvents, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { requeueJob, type Requeued } from './requeue.js';
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

/** Puts an unfinished scan's job back in line (see requeueJob). */
export function requeueScan(queue: Queue<ScanPayload>, scanId: string): Promise<Requeued> {
  return requeueJob(queue, scanJobId(scanId), () => enqueueScan(queue, scanId));
}
