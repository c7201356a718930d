/**
 * Processor of the threat feed queue: one regeneration per job. The queue's deduplication
 * keeps regenerations from overlapping; the store's version check is the backstop.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '../shared/logger.js';
import { feedPayload } from '../queues/feed.js';
import { publishFeed, type PublishDeps, type PublishResult } from '../feed/publish.js';

export interface FeedWorkerDeps extends PublishDeps {
  log: Logger;
}

export function feedProcessor(deps: FeedWorkerDeps) {
  return async (job: Job): Promise<PublishResult> => {
    const parsed = feedPayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad feed payload: ${parsed.error.message}`);
    const result = await publishFeed(deps);
    deps.log.debug({ reason: parsed.data.reason, items: result.items, stored: result.stored, ms: result.timings.total }, 'feed regenerated');
    return result;
  };
}
