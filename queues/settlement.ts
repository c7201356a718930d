/**
 * The x402 settlement queue: one job per payment, keyed by the payment id, so that enqueueing
 * the same payment twice (an API retry, the reconciler) creates one job.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { requeueJob, type Requeued } from './requeue.js';
import { QueueName, retryingJob } from './names.js';

export const settlementPayload = z.object({ paymentId: z.string().regex(/^pay_[0-9a-f]{24}$/) });
export type SettlementPayload = z.infer<typeof settlementPayload>;

export function createSettlementQueue(connection: Redis, prefix: string): Queue<SettlementPayload> {
  return new Queue<SettlementPayload>(QueueName.settlement, { connection, prefix });
}

export function createSettlementEvents(connection: Redis, prefix: string): QueueEvents {
  return new QueueEvents(QueueName.settlement, { connection, prefix });
}

export async function enqueueSettlement(queue: Queue<SettlementPayload>, paymentId: string): Promise<Job<SettlementPayload>> {
  const payload = settlementPayload.parse({ paymentId });
  return queue.add('settle', payload, { ...retryingJob, jobId: paymentId });
}

/** Puts a pending payment's job back in line (see requeueJob). */
export function requeueSettlement(queue: Queue<SettlementPayload>, paymentId: string): Promise<Requeued> {
  return requeueJob(queue, paymentId, () => enqueueSettlement(queue, paymentId));
}
