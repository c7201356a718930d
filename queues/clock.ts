/**
 * The clock role: node-cron schedules that enqueue scheduled work and do nothing else, so that
 * the work itself runs in workers and survives a clock restart.
 */
import cron from 'node-cron';
import type { Queue } from 'bullmq';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';
import type { RedisHealthLog } from '../shared/redis.js';
import { enqueueMaintenance, type MaintenancePayload, type MaintenanceTask } from './maintenance.js';
import { enqueueFeedTick, type FeedPayload } from './feed.js';

export interface Clock {
  stop(): Promise<void>;
}

/** Rounds the firing time down to the schedule's resolution so every clock names the same tick. */
function tickOf(date: Date, seconds: boolean): number {
  const ms = date.getTime();
  return seconds ? ms - (ms % 1000) : ms - (ms % 60000);
}

/** What one schedule does on a tick: enqueue a job named after the tick. */
type Schedule = [name: string, expression: string, enqueue: (tick: number) => Promise<void>];

/**
 * Starts the schedules: maintenance (reconcile, purges) and, when a feed queue is given, the
 * threat feed regeneration on FEED_CRON.
 */
export function startClock(config: Config, maintenance: Queue<MaintenancePayload>, log: Logger, feed?: Queue<FeedPayload>, redisHealth?: RedisHealthLog): Clock {
  const task = (name: MaintenanceTask, expression: string): Schedule => [name, expression, (tick) => enqueueMaintenance(maintenance, name, tick)];
  const schedules: Schedule[] = [
    task('reconcile', config.RECONCILE_CRON),
    task('purge-idempotency-keys', '17 * * * *'),
    task('expire-jobs', config.EXPIRE_JOBS_CRON),
    task('expire-contracts', config.EXPIRE_CONTRACTS_CRON),
    task('reset-scan-quotas', '*/5 * * * *'),
    task('expire-deployments', '* * * * *'),
    task('dispatch-events', config.WEBHOOK_DISPATCH_CRON),
  ];
  if (feed) schedules.push(['regenerate-feed', config.FEED_CRON, (tick) => enqueueFeedTick(feed, tick)]);
  const tasks = schedules.map(([name, expression, enqueue]) => {
    const withSeconds = expression.trim().split(/\s+/).length === 6;
    return cron.schedule(expression, async (ctx) => {
      const tick = tickOf(ctx?.triggeredAt ?? new Date(), withSeconds);
      try {
        await enqueue(tick);
      } catch (err) {
        // During a Redis outage the health log has said so once; a line per tick adds nothing.
        if (!redisHealth?.isDown) log.warn({ err: (err as Error).message, task: name }, 'clock could not enqueue; the next tick will');
      }
    }, { name, noOverlap: true });
  });
  log.info({ schedules: schedules.map(([name, expression]) => [name, expression]) }, 'clock started');
  return {
    async stop() {
      await Promise.all(tasks.map((t) => t.stop()));
    },
  };
}
