/**
 * Queue names and shared job options. Names are stable: changing one strands the jobs already
 * waiting under the old name.
 */
import type { JobsOptions } from 'bullmq';

export const QueueName = {
  settlement: 'x402-settlement',
  maintenance: 'maintenance',
  scans: 'skill-scans',
  feed: 'threat-feed',
  provisioning: 'hosting-provisioning',
  webhooks: 'webhook-delivery',
} as const;

/**
 * Transient faults (a facilitator time-out, Redis or Postgres hiccups) retry with exponential
 * backoff: 1 s, 2 s, 4 s ... about 68 minutes in all over 13 attempts. A row still pending after
 * that is picked up again by the reconciler; it is never marked failed for being slow.
 */
export const retryingJob: JobsOptions = {
  attempts: 13,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
