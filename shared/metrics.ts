/**
 * The process's Prometheus metrics: one registry, the metric objects the HTTP layer and the
 * workers write to, and the scrape-time readings (queue depth, feed age). Each process exposes
 * its own figures and Prometheus scrapes each process; nothing here is shared across processes.
 * Label values are bounded: route patterns, queue names, rails and fixed outcome lists only.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

let defaultsStarted = false;

/** Node's default metrics, registered on the first scrape rather than at import. */
function startDefaults(): void {
  if (defaultsStarted) return;
  collectDefaultMetrics({ register: registry });
  defaultsStarted = true;
}

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route pattern (never the raw URL), method and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  // From a cached feed read (~1 ms) to a paid request that waits for its settlement (seconds).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export const queueJobs = new Gauge({
  name: 'bullmq_queue_jobs',
  help: 'Jobs per queue and state, read from Redis at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const queueScrapeOk = new Gauge({
  name: 'bullmq_queue_scrape_ok',
  help: '1 when the last scrape read this queue\'s depth, 0 when Redis failed or timed out',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'bullmq_job_failures_total',
  help: 'Failed job attempts per queue; final="true" when no attempt is left',
  labelNames: ['queue', 'final'] as const,
  registers: [registry],
});

/** How a settlement attempt ended; `pending` is one more retry, not an end. */
export const PAYMENT_OUTCOMES = ['settled', 'failed', 'needs_review', 'pending'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export const payments = new Counter({
  name: 'payments_total',
  help: 'Settlement attempts by rail and outcome (settled, failed, needs_review, pending)',
  labelNames: ['rail', 'outcome'] as const,
  registers: [registry],
});

export const settlementLatency = new Histogram({
  name: 'payment_settlement_seconds',
  help: 'Time from a payment\'s creation to its settlement, by rail',
  labelNames: ['rail'] as const,
  // A healthy settlement takes about a second; retries back off up to about 68 minutes.
  buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600],
  registers: [registry],
});

export const reconcilerRequeues = new Counter({
  name: 'reconciler_requeues_total',
  help: 'Units of work the reconciler enqueued again, by kind (payment, scan, webhook, deployment)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const feedAge = new Gauge({
  name: 'feed_age_seconds',
  help: 'Seconds since the stored feed rendering\'s Last-Modified (the newest scan it includes); NaN when none is stored or Redis did not answer',
  registers: [registry],
});

/** Counts one settlement attempt's end, and its latency when it settled. */
export function observePayment(rail: string, outcome: PaymentOutcome, createdAt?: Date): void {
  payments.inc({ rail, outcome });
  if (outcome === 'settled' && createdAt) settlementLatency.observe({ rail }, Math.max(0, (Date.now() - createdAt.getTime()) / 1000));
}

/** What queue depth is read from: a BullMQ Queue has this method. */
export interface CountableQueue {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

/** What a scrape reads besides the counters: this process's queues and the feed's age. */
export interface ScrapeSources {
  queues?: CountableQueue[];
  /** The stored feed's Last-Modified, or undefined when none was published yet. */
  feedLastModified?: () => Promise<Date | undefined>;
  /** Per reading; a Redis outage must not hang the scrape. Default 1000 ms. */
  timeoutMs?: number;
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function readQueue(q: CountableQueue, ms: number): Promise<void> {
  try {
    const counts = await within(q.getJobCounts(...QUEUE_STATES), ms);
    for (const state of QUEUE_STATES) queueJobs.set({ queue: q.name, state }, counts[state] ?? 0);
    queueScrapeOk.set({ queue: q.name }, 1);
  } catch {
    // Stale figures would read as a healthy queue: drop them and say the reading failed.
    for (const state of QUEUE_STATES) queueJobs.remove({ queue: q.name, state });
    queueScrapeOk.set({ queue: q.name }, 0);
  }
}

async function readFeedAge(read: () => Promise<Date | undefined>, ms: number): Promise<void> {
  const at = await within(read(), ms).catch(() => undefined);
  // NaN, not 0, when unknown: a missing feed must not read as a fresh one.
  feedAge.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Number.NaN);
}

/** The Prometheus text for this process, reading queue depth and feed age first (in parallel). */
export async function scrapeMetrics(sources: ScrapeSources = {}): Promise<{ contentType: string; body: string }> {
  startDefaults();
  const ms = sources.timeoutMs ?? 1000;
  await Promise.all([
    ...(sources.queues ?? []).map((q) => readQueue(q, ms)),
    sources.feedLastModified ? readFeedAge(sources.feedLastModified, ms) : undefined,
  ]);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
