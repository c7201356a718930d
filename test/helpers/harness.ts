/**
 * The whole service in-process for one test file: a fresh database, a queue prefix of its own,
 * the app (buildApp's listener, called with supertest, or listening on 127.0.0.1 for the x402 clients), and
 * workers that a test can start, stop or crash.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { Redis } from 'ioredis';
import { buildApp } from '../../api/app.js';
import { subscribeFeedUpdates } from '../../api/feed-updates.js';
import type { AppDeps } from '../../api/context.js';
import { loadConfig, type Config } from '../../shared/config.js';
import { createLogger } from '../../shared/logger.js';
import { createRedis } from '../../shared/redis.js';
import { createFacilitator } from '../../shared/payments/facilitator.js';
import { createLightningBackend } from '../../shared/lightning/index.js';
import { purposeHandlers } from '../../shared/purposes.js';
import { x402SettingsFromConfig, type Facilitator } from '../../shared/x402/index.js';
import { createSettlementEvents, createSettlementQueue } from '../../queues/settlement.js';
import { createMaintenanceQueue } from '../../queues/maintenance.js';
import { createScanEvents, createScanQueue } from '../../queues/scans.js';
import { createFeedQueue } from '../../queues/feed.js';
import { createProvisioningQueue } from '../../queues/provisioning.js';
import { LocalDriver } from '../../shared/hosting/local-driver.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebhookQueue } from '../../queues/webhooks.js';
import { startWorkers, type Workers } from '../../workers/main.js';
import { checkLedger } from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from './db.js';
import { redisUrl } from './urls.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface Harness {
  deps: AppDeps;
  config: Config;
  db: TestDb;
  app: ReturnType<typeof buildApp>;
  /** Origin of the listening server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Starts the workers; `facilitator` replaces the embedded one (to inject faults). */
  startWorkers(opts?: { facilitator?: Facilitator }): Workers;
  stopWorkers(): Promise<void>;
  maintenanceQueue: ReturnType<typeof createMaintenanceQueue>;
  scanQueue: ReturnType<typeof createScanQueue>;
  feedQueue: ReturnType<typeof createFeedQueue>;
  provisioningQueue: ReturnType<typeof createProvisioningQueue>;
  /** Where the local hosting driver writes this file's manifests. */
  deployDir: string;
  webhookQueue: ReturnType<typeof createWebhookQueue>;
  /** Throws with every problem when the ledger's invariants do not hold. */
  assertLedger(): Promise<void>;
  close(): Promise<void>;
}

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const db = await createTestDb();
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const server: { s?: Server } = {};
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, REDIS_URL: redisUrl(), QUEUE_PREFIX: prefix,
    ADMIN_TOKEN, SETTLE_WAIT_MS: '5000', RATE_LIMIT_PER_MINUTE: '0', ...env,
  } as NodeJS.ProcessEnv);
  const log = createLogger('silent');
  const producer = createRedis(config.REDIS_URL, 'producer');
  const blocking = createRedis(config.REDIS_URL, 'worker');
  await Promise.all([producer.connect(), blocking.connect()]);
  const settlement = createSettlementQueue(producer, prefix);
  const maintenanceQueue = createMaintenanceQueue(producer, prefix);
  const settlementEvents = createSettlementEvents(blocking.duplicate(), prefix);
  await settlementEvents.waitUntilReady();
  const scanQueue = createScanQueue(producer, prefix);
  const feedQueue = createFeedQueue(producer, prefix);
  const provisioningQueue = createProvisioningQueue(producer, prefix);
  const deployDir = await mkdtemp(join(tmpdir(), 'ac-deploy-'));
  const driver = new LocalDriver(deployDir, 'agent-hosting');
  const webhookQueue = createWebhookQueue(producer, prefix);
  const scanEvents = createScanEvents(blocking.duplicate(), prefix);
  await scanEvents.waitUntilReady();
  const facilitator = createFacilitator(config);
  const lightning = createLightningBackend(config, db.pool);
  const feedUpdates = subscribeFeedUpdates(blocking, prefix);
  const deps: AppDeps = {
    config, db: db.pool, redis: producer, log, feedUpdates, facilitator, lightning, hostingDriverKind: driver.kind, x402: x402SettingsFromConfig(config),
    queues: { settlement, settlementEvents, scans: scanQueue, scanEvents, feed: feedQueue, provisioning: provisioningQueue, webhooks: webhookQueue, maintenance: maintenanceQueue },
  };
  const app = buildApp(deps);
  await new Promise<void>((resolve) => {
    server.s = createServer(app).listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.s!.address() as AddressInfo).port;
  // Absolute URLs the service prints must point at this server.
  const baseUrl = `http://127.0.0.1:${port}`;
  Object.assign(config, { publicBaseUrl: baseUrl, scanBaseUrl: baseUrl, hostingBaseUrl: baseUrl, gatewayBaseUrl: baseUrl });

  let workers: Workers | undefined;
  const h: Harness = {
    deps, config, db, app, baseUrl, maintenanceQueue, scanQueue, feedQueue, provisioningQueue, deployDir, webhookQueue,
    startWorkers(opts = {}) {
      workers = startWorkers({
        config, db: db.pool, connection: blocking, log, facilitator: opts.facilitator ?? facilitator, lightning, purposes: purposeHandlers(),
        settlementQueue: settlement, feedQueue, scanQueue, provisioningQueue, hostingDriver: driver, webhookQueue,
      });
      return workers;
    },
    async stopWorkers() {
      await workers?.close();
      workers = undefined;
    },
    async assertLedger() {
      const report = await checkLedger(db.pool);
      if (!report.ok) throw new Error(`ledger invariants broken:\n${report.problems.join('\n')}`);
    },
    async close() {
      await workers?.close();
      await new Promise<void>((r) => (server.s ? server.s.close(() => r()) : r()));
      server.s?.closeAllConnections();
      await Promise.all([settlementEvents.close(), scanEvents.close(), feedUpdates.close()]);
      const queues = [settlement, maintenanceQueue, scanQueue, feedQueue, provisioningQueue, webhookQueue];
      for (const q of queues) await q.obliterate({ force: true }).catch(() => {});
      await Promise.all(queues.map((q) => q.close()));
      await rm(deployDir, { recursive: true, force: true });
      await deleteKeys(producer, `${prefix}:*`);
      await Promise.all([producer.quit(), blocking.quit()]);
      await db.drop();
    },
  };
  return h;
}

async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}
