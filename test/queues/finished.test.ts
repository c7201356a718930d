/**
 * Waiting for jobs by id over one QueueEvents subscription, against a real Redis: the wait is
 * registered before the add and woken by the job's own completion or failure.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '../../shared/redis.js';
import { waitForJob } from '../../queues/finished.js';
import { redisUrl } from '../helpers/urls.js';

const prefix = `t${randomBytes(5).toString('hex')}`;
let producer: Redis;
let blocking: Redis;
let queue: Queue;
let events: QueueEvents;
let worker: Worker;
/** Jobs whose name is 'fail' throw; the others return their data. */
const processed: string[] = [];

beforeAll(async () => {
  producer = createRedis(redisUrl(), 'producer');
  blocking = createRedis(redisUrl(), 'worker');
  await Promise.all([producer.connect(), blocking.connect()]);
  queue = new Queue('finished-test', { connection: producer, prefix });
  events = new QueueEvents('finished-test', { connection: blocking.duplicate(), prefix });
  await events.waitUntilReady();
  worker = new Worker('finished-test', async (job: Job) => {
    processed.push(job.id!);
    if (job.name === 'fail') throw new Error('refused');
    return job.data;
  }, { connection: blocking, prefix, concurrency: 4 });
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker?.close();
  await events?.close();
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  await Promise.all([producer?.quit(), blocking?.quit()]);
});

const newId = () => `job_${randomBytes(6).toString('hex')}`;
const MINUTE = 60_000;

/** A job whose waitUntilFinished must not be called: the wait should not need to ask Redis. */
function refusingToAsk(job: Job): Job {
  job.waitUntilFinished = () => Promise.reject(new Error('asked Redis'));
  return job;
}

describe('waitForJob', () => {
  it('is woken by the completion of a new job without asking Redis once the subscription has seen an event', async () => {
    // The first wait of a fresh subscription asks Redis; it also positions the subscription.
    const first = newId();
    const firstWait = waitForJob(events, first, MINUTE, true);
    await firstWait.finished(await queue.add('ok', { n: 1 }, { jobId: first }));
    expect(processed).toContain(first);

    // A minute-long limit: were the wait not woken by the event, the test would time out.
    const ids = Array.from({ length: 8 }, newId);
    await Promise.all(ids.map(async (id) => {
      const wait = waitForJob(events, id, MINUTE, true);
      await wait.finished(refusingToAsk(await queue.add('ok', { id }, { jobId: id })));
      expect(processed).toContain(id);
    }));
    expect(events.listenerCount('completed')).toBe(1);
  });

  it('is woken by a failed job', async () => {
    const id = newId();
    const wait = waitForJob(events, id, MINUTE, true);
    await wait.finished(await queue.add('fail', {}, { jobId: id }));
    expect(await queue.getJobState(id)).toBe('failed');
  });

  it('asks Redis for a job that may have finished before the wait began', async () => {
    const id = newId();
    const before = waitForJob(events, id, MINUTE, true);
    await before.finished(await queue.add('ok', {}, { jobId: id }));
    // The same id again (a retried request): the add finds the finished job and no event comes.
    const again = waitForJob(events, id, MINUTE, false);
    await again.finished(await queue.add('ok', {}, { jobId: id }));
    expect(processed.filter((p) => p === id)).toHaveLength(1);
  });

  it('gives up at its time limit when nothing finishes the job', async () => {
    const id = newId();
    const wait = waitForJob(events, id, 50, true);
    // Delayed for a minute: it cannot finish within the wait.
    await wait.finished(await queue.add('ok', {}, { jobId: id, delay: MINUTE }));
    expect(await queue.getJobState(id)).toBe('delayed');
  });

  it('is cancelled when the job could not be added, and a later wait for the same id still works', async () => {
    const id = newId();
    waitForJob(events, id, MINUTE, true).cancel();
    const wait = waitForJob(events, id, MINUTE, true);
    await wait.finished(refusingToAsk(await queue.add('ok', {}, { jobId: id })));
    expect(processed).toContain(id);
  });
});
