/**
 * The hosting provisioning queue: one job per deployment state to act on. The processor reads the
 * row and does what its state needs (provision, resize, suspend), so the job id names the
 * deployment and the time of its last change: enqueueing the same state twice (the API, the
 * clock, the reconciler) creates one job, and a later change gets a job of its own.
 */
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { QueueName, retryingJob } from './names.js';

export const provisioningPayload = z.object({ deployId: z.string().regex(/^DEP-[A-Z0-9]{6}$/) });
export type ProvisioningPayload = z.infer<typeof provisioningPayload>;

export function createProvisioningQueue(connection: Redis, prefix: string): Queue<ProvisioningPayload> {
  return new Queue<ProvisioningPayload>(QueueName.provisioning, { connection, prefix });
}

export async function enqueueProvisioning(queue: Queue<ProvisioningPayload>, deployId: string, changedAt: Date): Promise<Job<ProvisioningPayload>> {
  const payload = provisioningPayload.parse({ deployId });
  return queue.add('act', payload, { ...retryingJob, jobId: `${deployId}-${changedAt.getTime()}` });
}
