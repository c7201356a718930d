/** Starts every worker of this process and returns one handle to drain them. */
import { Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config } from '../shared/config.js';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import type { RedisHealthLog } from '../shared/redis.js';
import type { Facilitator } from '../shared/x402/index.js';
import type { LightningBackend } from '../shared/lightning/index.js';
import { paymentRails } from '../shared/payments/rails/index.js';
import { bookSettledMany, type PurposeHandlers } from '../shared/payments/settle.js';
import { QueueName } from '../queues/names.js';
import { webhookRetry } from '../queues/webhooks.js';
import type { SettlementPayload } from '../queues/settlement.js';
import { settlementProcessor } from './settlement.js';
import { setCommit } from '../shared/db/group-commit.js';
import { batched } from '../shared/db/batched.js';
import { claimAttempts } from '../shared/payments/queries.js';
import { maintenanceProcessor } from './maintenance.js';
import type { FeedPayload } from '../queues/feed.js';
import type { ScanPayload } from '../queues/scans.js';
import { scanProcessor } from './scan.js';
import { feedProcessor } from './feed.js';
import { provisioningProcessor } from './provisioning.js';
import type { ProvisioningPayload } from '../queues/provisioning.js';
import type { HostingDriver } from '../shared/hosting/driver.js';
import type { WebhookPayload } from '../queues/webhooks.js';
import { webhookProcessor } from './webhook.js';
import { jobFailures } from '../shared/metrics.js';

export interface WorkerDeps {
  config: Config;
  db: Db;
  /** A connection with maxRetriesPerRequest: null; each worker duplicates it. */
  connection: Redis;
  log: Logger;
  facilitator: Facilitator;
  /** The Lightning backend, when this process settles sats. */
  lightning?: LightningBackend;
  purposes: PurposeHandlers;
  settlementQueue: Queue<SettlementPayload>;
  /** Where the scan worker asks for feed regenerations. */
  feedQueue: Queue<FeedPayload>;
  /** Where the reconciler re-enqueues unfinished scans. */
  scanQueue?: Queue<ScanPayload>;
  /** Where the reconciler and the clock re-enqueue hosting work. */
  provisioningQueue: Queue<ProvisioningPayload>;
  hostingDriver: HostingDriver;
  /** Webhook deliveries: the outbox pass and the reconciler enqueue here, and a worker sends them. */
  webhookQueue?: Queue<WebhookPayload>;
  /** Where the workers' Redis errors go (one line per outage); logged one by one without it. */
  redisHealth?: RedisHealthLog;
}

export interface Workers {
  workers: Worker[];
  close(): Promise<void>;
}

export function startWorkers(deps: WorkerDeps): Workers {
  const prefix = deps.config.QUEUE_PREFIX;
  const lock = deps.config.WORKER_LOCK_MS;
  const common = { connection: deps.connection, prefix, lockDuration: lock, stalledInterval: lock };
  // Settlements that finish together are booked as one set in one transaction (one commit, the
  // shared ledger accounts locked once, one statement per kind of write for purposes with a
  // batch form); at most WORKER_CONCURRENCY can be waiting at a time.
  const bookings = setCommit(deps.db, bookSettledMany);
  // Likewise the attempts of jobs that start together are counted by one statement.
  const claim = batched((ids: string[]) => claimAttempts(deps.db, ids));
  const workers = [
    new Worker(QueueName.settlement, settlementProcessor({ db: deps.db, rails: paymentRails(deps), purposes: deps.purposes, book: bookings.run, claim }, deps.log), { ...common, concurrency: deps.config.WORKER_CONCURRENCY }),
    new Worker(
      QueueName.maintenance,
      maintenanceProcessor({
        db: deps.db, log: deps.log, settlement: deps.settlementQueue, reconcileAfterMs: deps.config.RECONCILE_AFTER_MS, scans: deps.scanQueue,
        provisioning: deps.provisioningQueue, hostingGraceDays: deps.config.HOSTING_GRACE_DAYS,
        webhooks: deps.webhookQueue && { queue: deps.webhookQueue, retry: webhookRetry(deps.config) },
      }),
      { ...common, concurrency: 1 },
    ),
    // Scanning is synchronous CPU work with a 2 s budget; a few at a time only overlaps their I/O.
    new Worker(QueueName.scans, scanProcessor({ db: deps.db, log: deps.log, feedQueue: deps.feedQueue }), { ...common, concurrency: 4 }),
    new Worker(QueueName.provisioning, provisioningProcessor({ db: deps.db, log: deps.log, driver: deps.hostingDriver, masterKey: deps.config.SIGNING_MASTER_KEY }), { ...common, concurrency: 4 }),
    // One at a time per process; the queue's deduplication keeps it to one across processes.
    new Worker(QueueName.feed, feedProcessor({ config: deps.config, db: deps.db, redis: deps.connection, log: deps.log }), { ...common, concurrency: 1 }),
    // Deliveries wait on other people's servers: many at once, each bounded by WEBHOOK_TIMEOUT_MS.
    new Worker(QueueName.webhooks, webhookProcessor({
      db: deps.db, log: deps.log, signingMasterKey: deps.config.SIGNING_MASTER_KEY, timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
      production: deps.config.NODE_ENV === 'production',
    }), { ...common, concurrency: 16 }),
  ];
  for (const w of workers) {
    w.on('failed', (job, err) => {
      const final = !(job && job.attemptsMade < (job.opts.attempts ?? 1));
      jobFailures.inc({ queue: w.name, final: String(final) });
      const level = final ? 'warn' : 'info';
      deps.log[level]({ queue: w.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed');
    });
    if (deps.redisHealth) deps.redisHealth.watch(w, `worker ${w.name}`);
    else w.on('error', (err) => deps.log.error({ queue: w.name, err }, 'worker error'));
  }
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
