/**
 * The clock role: node-cron schedules that enqueue scheduled work and do nothing else, so that
 * the work itself runs in workers and survives a clock restart.
 */
import cron from 'node-cron';
import type { Queue } from 'bullmq';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';
import { enqueueMaintenance, type MaintenancePayload, type MaintenanceTask } from './maintenance.js';

export interface Clock {
  stop(): Promise<void>;
}

/** Rounds the firing time down to the schedule's resolution so every clock names the same tick. */
function tickOf(date: Date, seconds: boolean): number {
  const ms = date.getTime();
  return seconds ? ms - (ms % 1000) : ms - (ms % 60000);
}

export function startClock(config: Config, maintenance: Queue<MaintenancePayload>, log: Logger): Clock {
  const schedules: [MaintenanceTask, string][] = [
    ['reconcile', config.RECONCILE_CRON],
    ['purge-idempotency-keys', '17 * * * *'],
  ];
  const tasks = schedules.map(([task, expression]) => {
    const withSeconds = expression.trim().split(/\s+/).length === 6;
    return cron.schedule(expression, async (ctx) => {
      const tick = tickOf(ctx?.triggeredAt ?? new Date(), withSeconds);
      try {
        await enqueueMaintenance(maintenance, task, tick);
      } catch (err) {
        log.warn({ err, task }, 'clock could not enqueue; the next tick will');
      }
    }, { name: task, noOverlap: true });
  });
  log.info({ schedules }, 'clock started');
  return {
    async stop() {
      await Promise.all(tasks.map((t) => t.stop()));
    },
  };
}
