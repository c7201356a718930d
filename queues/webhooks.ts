/**
 * The webhook delivery queue: one job per (event, agent), keyed `wh-<event id>-<agent id>`, so
 * the outbox pass, the reconciler and a redelivery never send the same delivery twice at once.
 * The delivery row in Postgres is the truth; this queue only schedules attempts.
 */
import { Queue, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { requeueJob, type Requeued } from './requeue.js';
import { QueueName } from './names.js';

export const webhookPayload = z.object({
  eventId: z.string().regex(/^[1-9]\d{0,17}$/),
  agentId: z.string().regex(/^[0-9a-f]{24}$/),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

export interface WebhookRetry {
  /** Attempts in all (WEBHOOK_MAX_ATTEMPTS). */
  attempts: number;
  /** The first wait; each next one doubles (WEBHOOK_RETRY_BASE_MS). */
  baseDelayMs: number;
}

export function webhookJobId(p: WebhookPayload): string {
  return `wh-${p.eventId}-${p.agentId}`;
}

function jobOptions(retry: WebhookRetry, p: WebhookPayload): JobsOptions {
  return {
    jobId: webhookJobId(p),
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.baseDelayMs },
    removeOnComplete: { age: 3600, count: 10000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

export function createWebhookQueue(connection: Redis, prefix: string): Queue<WebhookPayload> {
  return new Queue<WebhookPayload>(QueueName.webhooks, { connection, prefix });
}

export async function enqueueWebhook(queue: Queue<WebhookPayload>, retry: WebhookRetry, p: WebhookPayload): Promise<Job<WebhookPayload>> {
  const payload = webhookPayload.parse(p);
  return queue.add('deliver', payload, jobOptions(retry, payload));
}

/** Puts a pending delivery's job back in line when Redis lost it (see requeueJob). */
export function requeueWebhook(queue: Queue<WebhookPayload>, retry: WebhookRetry, p: WebhookPayload): Promise<Requeued> {
  return requeueJob(queue, webhookJobId(p), () => enqueueWebhook(queue, retry, p));
}

/**
 * A redelivery asked for by the agent: a fresh job with a full set of attempts, replacing a
 * finished one. One already running is left to finish.
 */
export async function redeliverWebhook(queue: Queue<WebhookPayload>, retry: WebhookRetry, p: WebhookPayload): Promise<'queued' | 'in_flight'> {
  const existing = await queue.getJob(webhookJobId(p));
  if (existing) {
    const state = await existing.getState();
    if (state === 'active') return 'in_flight';
    await existing.remove().catch(() => {});
  }
  await enqueueWebhook(queue, retry, p);
  return 'queued';
}

/** The retry policy from the configuration. */
export function webhookRetry(config: { WEBHOOK_MAX_ATTEMPTS: number; WEBHOOK_RETRY_BASE_MS: number }): WebhookRetry {
  return { attempts: config.WEBHOOK_MAX_ATTEMPTS, baseDelayMs: config.WEBHOOK_RETRY_BASE_MS };
}
