/**
 * Waiting for jobs to finish, by job id, over one QueueEvents subscription.
 *
 * BullMQ's `job.waitUntilFinished` is called after the add, so it must ask Redis whether the job
 * finished meanwhile (one script call per job) before it trusts the events. Here the wait is
 * registered BEFORE the job is added: the completion of a NEW job (an id never added before)
 * cannot come before the listener, and that question is not needed, as long as the
 * subscription reads from a known position. An id that may have been added before (a retried
 * request) may have finished long ago: that wait asks, as BullMQ does.
 *
 * A QueueEvents reads its stream from `$` (the end, whatever that is when its first XREAD reaches
 * Redis) until it has delivered an event; from then on it reads from the last id it delivered,
 * across reconnections too, and misses nothing. Until this process has seen one event from it,
 * a wait therefore also asks Redis, as BullMQ does.
 */
import type { Job, QueueEvents } from 'bullmq';

export interface FinishWait {
  /**
   * Resolves when the job has completed or failed (an attempt of it: the row is the truth, read
   * it after), or after the wait's time limit; never rejects.
   */
  finished(job: Job): Promise<void>;
  /** Gives up the wait (the job was never added). */
  cancel(): void;
}

interface Subscription {
  /** True once the subscription has delivered an event: it now reads from a known id. */
  positioned: boolean;
  waiters: Map<string, Set<() => void>>;
}

const subscriptions = new WeakMap<QueueEvents, Subscription>();

/** The one pair of listeners of `events`, which wakes the waiters of a finished job by its id. */
function subscriptionOf(events: QueueEvents): Subscription {
  let sub = subscriptions.get(events);
  if (sub) return sub;
  const created: Subscription = { positioned: false, waiters: new Map() };
  const wake = ({ jobId }: { jobId: string }) => {
    created.positioned = true;
    for (const wakeOne of created.waiters.get(jobId) ?? []) wakeOne();
  };
  events.on('completed', wake);
  events.on('failed', wake);
  subscriptions.set(events, created);
  return created;
}

/**
 * Starts waiting for job `jobId` of the queue of `events`, at most `ttlMs` from now: call it
 * before adding the job, then `finished(job)` once added, or `cancel()` if the add failed.
 *
 * @param newJob - true when no job of this id can have been added before (its id was made for
 *   this request); false makes the wait ask Redis whether it finished already
 */
export function waitForJob(events: QueueEvents, jobId: string, ttlMs: number, newJob: boolean): FinishWait {
  const sub = subscriptionOf(events);
  const askRedis = !newJob || !sub.positioned;
  let resolve!: () => void;
  const woken = new Promise<void>((r) => (resolve = r));
  const timer = setTimeout(() => done(), ttlMs);
  let waiting = sub.waiters.get(jobId);
  if (!waiting) sub.waiters.set(jobId, (waiting = new Set()));
  waiting.add(done);

  function done(): void {
    clearTimeout(timer);
    const left = sub.waiters.get(jobId);
    left?.delete(done);
    if (left?.size === 0) sub.waiters.delete(jobId);
    resolve();
  }

  return {
    async finished(job) {
      // A job that may have finished before the add, or before the first XREAD: ask.
      if (askRedis) {
        await Promise.race([woken, job.waitUntilFinished(events, ttlMs).catch(() => {})]);
        done();
      }
      await woken;
    },
    cancel: done,
  };
}
