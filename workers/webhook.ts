/**
 * Processor of the webhook queue: one signed POST of one event to one agent. The delivery row
 * decides: a delivered or failed row is left alone (running a job twice sends nothing twice);
 * a 2xx marks it delivered; anything else is retried with backoff until the last attempt marks
 * it failed, where it stays, visible in GET .../events, until the agent asks for a redelivery.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import { deriveSigningSecret } from '../shared/auth/credentials.js';
import {
  eventIdOf, failDelivery, loadDelivery, postWebhook, recordAttempt, toEventJson, type WebhookRequest, type WebhookResult,
} from '../shared/webhooks/index.js';
import { webhookPayload } from '../queues/webhooks.js';

export interface WebhookWorkerDeps {
  db: Db;
  log: Logger;
  signingMasterKey: string;
  timeoutMs: number;
  /** Production: https only, no inward addresses (checked on every attempt). */
  production: boolean;
  /** The sender; tests may substitute one. */
  send?: (req: WebhookRequest) => Promise<WebhookResult>;
}

export type WebhookOutcome = 'delivered' | 'already' | 'failed';

/** BullMQ counts attempts made before this one; this run is the last when none remain after it. */
function isLastAttempt(job: Job): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

export function webhookProcessor(deps: WebhookWorkerDeps) {
  const send = deps.send ?? postWebhook;
  return async (job: Job): Promise<WebhookOutcome> => {
    const parsed = webhookPayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad webhook payload: ${parsed.error.message}`);
    const key = parsed.data;
    const work = await loadDelivery(deps.db, key);
    if (!work) throw new UnrecoverableError(`no delivery of event ${key.eventId} to agent ${key.agentId}`);
    if (work.status !== 'pending') return 'already';
    const ctx = { eventId: eventIdOf(key.eventId), agentId: key.agentId, type: work.event.type };
    if (!work.webhook_url) {
      await failDelivery(deps.db, key, 'the agent has no webhook_url');
      return 'failed';
    }
    const result = await send({
      url: work.webhook_url,
      body: JSON.stringify(toEventJson(work.event)),
      signingSecret: deriveSigningSecret(deps.signingMasterKey, key.agentId, work.signing_salt),
      eventId: ctx.eventId, eventType: work.event.type, timeoutMs: deps.timeoutMs, production: deps.production,
    });
    if (result.ok) {
      await recordAttempt(deps.db, key, { ok: true, status: result.status });
      deps.log.info({ ...ctx, status: result.status, attempt: job.attemptsMade + 1 }, 'webhook delivered');
      return 'delivered';
    }
    const final = result.permanent || isLastAttempt(job);
    await recordAttempt(deps.db, key, { ok: false, status: result.status, error: result.error, final });
    if (final) {
      // What needs a person: the agent's endpoint has been down (or refused) for the whole window.
      deps.log.warn({ ...ctx, error: result.error, attempts: job.attemptsMade + 1 }, 'webhook delivery failed for good; the agent can ask for a redelivery');
      throw new UnrecoverableError(result.error);
    }
    throw new Error(result.error);
  };
}
