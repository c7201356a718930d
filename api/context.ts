/** What the HTTP layer is built from, and what it adds to each request. */
import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config } from '../shared/config.js';
import type { Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import type { AgentRow } from '../shared/agents/types.js';
import type { Facilitator, X402Settings } from '../shared/x402/index.js';
import type { LightningBackend } from '../shared/lightning/index.js';
import type { SettlementPayload } from '../queues/settlement.js';
import type { ScanPayload } from '../queues/scans.js';
import type { FeedPayload } from '../queues/feed.js';
import type { ProvisioningPayload } from '../queues/provisioning.js';
import type { WebhookPayload } from '../queues/webhooks.js';
import type { FeedUpdates } from './feed-updates.js';
import type { MaintenancePayload } from '../queues/maintenance.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Fail-fast connection for counters, replay caches and enqueueing. */
  redis: Redis;
  log: Logger;
  /** The feed's store announcements; without them, every feed read asks Redis whether its copy is current. */
  feedUpdates?: FeedUpdates;
  facilitator: Facilitator;
  x402: X402Settings;
  /** Which hosting driver the workers use (GET /api/plans says so). */
  hostingDriverKind: 'local' | 'kubernetes';
  /** Issues and reads the invoices of scan packs (L402). */
  lightning: LightningBackend;
  queues: {
    settlement: Queue<SettlementPayload>;
    /** Lets a paid request wait a bounded time for its settlement job. */
    settlementEvents: QueueEvents;
    scans: Queue<ScanPayload>;
    /** Lets POST /api/scan wait a bounded time (SCAN_WAIT_MS) for its scan. */
    scanEvents: QueueEvents;
    /** Feed regenerations; the API asks for one only when the feed was never published. */
    feed: Queue<FeedPayload>;
    /** Hosting: provision, resize, suspend deployments. */
    provisioning: Queue<ProvisioningPayload>;
    /** Webhook deliveries: a redelivery asked for by an agent is enqueued here. */
    webhooks: Queue<WebhookPayload>;
    /** Only shown on the queue dashboard, when given. */
    maintenance?: Queue<MaintenancePayload>;
  };
}

export type Principal = { kind: 'agent'; agent: AgentRow } | { kind: 'admin' };

declare module 'express-serve-static-core' {
  interface Request {
    /** The exact bytes of the body, kept for X-Signature and Idempotency-Key hashing. */
    rawBody?: Buffer;
    principal?: Principal;
    /** Set by the signature middleware when spending is left to the handler (x402 routes). */
    spendSignature?: () => Promise<void>;
  }
}
