/**
 * Threat feed regeneration. Two sources ask for one: the clock on every FEED_CRON tick, and
 * the scan worker whenever a scan comes back unsafe (and, once, a read of a feed that was never
 * published). However many ask, regenerations never overlap and bursts collapse:
 *
 * - every job carries the same BullMQ deduplication id with `keepLastIfActive`: while one
 *   regeneration waits, further requests are absorbed by it; while one runs, at most one more
 *   is kept to run after it (it will see the rows that arrived meanwhile);
 * - a clock's job also has the tick in its job id, so two clocks (a deploy overlap, a mistake)
 *   add one job per tick: the second add finds the first job's id and adds nothing.
 */
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { QueueName } from './names.js';

export const feedPayload = z.object({
  reason: z.enum(['tick', 'scan', 'first-read']),
  /** The scheduled time of a clock tick, in ms. */
  tick: z.number().int().optional(),
  /** The unsafe scan that asked. */
  scanId: z.string().regex(/^[0-9a-f]{16}$/).optional(),
});
export type FeedPayload = z.infer<typeof feedPayload>;

/** One deduplication id for every regeneration: they are interchangeable. */
export const FEED_DEDUP_ID = 'regenerate';

const common: JobsOptions = {
  deduplication: { id: FEED_DEDUP_ID, keepLastIfActive: true },
  // A regeneration that fails (Postgres or Redis away) is retried briefly; the next tick would
  // do the same work anyway.
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnFail: { age: 24 * 3600 },
};

export function createFeedQueue(connection: Redis, prefix: string): Queue<FeedPayload> {
  return new Queue<FeedPayload>(QueueName.feed, { connection, prefix });
}

/** Job id of a clock tick's regeneration. */
export function feedTickJobId(tick: number): string {
  return `tick-${tick}`;
}

/**
 * The clock's regeneration for `tick` (the scheduled time in ms, rounded to the schedule's
 * resolution). Kept an hour after it completes, so a second clock's late add of the same tick
 * still finds it.
 */
export async function enqueueFeedTick(queue: Queue<FeedPayload>, tick: number): Promise<void> {
  const payload = feedPayload.parse({ reason: 'tick', tick });
  await queue.add('regenerate', payload, { ...common, jobId: feedTickJobId(tick), removeOnComplete: { age: 3600 } });
}

/** Asks for a regeneration soon; collapses into one already waiting. */
export async function requestFeedRegeneration(queue: Queue<FeedPayload>, reason: 'scan' | 'first-read', scanId?: string): Promise<void> {
  const payload = feedPayload.parse({ reason, scanId });
  await queue.add('regenerate', payload, { ...common, removeOnComplete: { age: 3600, count: 1000 } });
}
