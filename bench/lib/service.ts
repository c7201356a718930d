/**
 * The real service for a benchmark: a scratch database migrated by `main.ts migrate`, then
 * `main.ts web` and `main.ts worker` as two processes on a free port and a queue prefix of
 * their own. `stop()` ends both gracefully (so a CPU profile gets written), deletes the
 * prefix's Redis keys and drops the database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueueName } from '../../queues/names.js';
import { httpClient } from './load.js';
import { freePort, runNode, startNode, waitUntil, type Child } from './spawn.js';
import { deletePrefix, randomPrefix, redisUrl, scratchDb, type ScratchDb } from './scratch.js';

export interface RunningService {
  port: number;
  prefix: string;
  db: ScratchDb;
  web: Child;
  worker: Child;
  /** Where `--cpu-prof` writes, when profiling. */
  profileDir?: string;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** Write a CPU profile of each process (node --cpu-prof) into a temporary folder. */
  profile?: boolean;
  /** Extra environment for both processes. */
  env?: Record<string, string>;
}

/**
 * RATE_LIMIT_PER_MINUTE for the service: off (0) unless BENCH_RATE_LIMIT says otherwise. Every
 * load comes from 127.0.0.1, so a limit meant to count every request and refuse none must be
 * far above what one run sends (1000000000, say).
 */
function rateLimit(): string {
  const value = process.env.BENCH_RATE_LIMIT ?? '0';
  if (!/^\d+$/.test(value)) throw new Error(`BENCH_RATE_LIMIT must be a whole number, not "${value}"`);
  return value;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const db = await scratchDb(false);
  const prefix = randomPrefix();
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: db.url, REDIS_URL: redisUrl(), QUEUE_PREFIX: prefix, PORT: String(port), HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: rateLimit(), LOG_LEVEL: 'warn', NODE_ENV: 'development', SETTLE_WAIT_MS: '10000', ...options.env,
  };
  const profileDir = options.profile ? mkdtempSync(join(tmpdir(), 'ac-bench-prof-')) : undefined;
  const prof = (role: string) => (profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(profileDir, role)] : []);
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.map((c) => c.stop(15_000)));
    await deletePrefix(redis, prefix).catch(() => {});
    redis.disconnect();
    await db.drop();
  };
  try {
    await runNode('main.ts migrate', ['main.ts', 'migrate'], env, 60_000);
    const web = startNode('web', ['main.ts', 'web'], env, prof('web'));
    const worker = startNode('worker', ['main.ts', 'worker'], env, prof('worker'));
    children.push(web, worker);
    const client = httpClient(port, 1, 2000);
    try {
      await waitUntil('the web process to answer /healthz', async () => (await client.send({ method: 'GET', path: '/healthz' })).status === 200, 30_000);
    } finally {
      client.close();
    }
    const queue = new Queue(QueueName.settlement, { connection: redis, prefix });
    try {
      await waitUntil('the settlement worker to connect', async () => (await queue.getWorkersCount()) > 0, 30_000);
    } finally {
      await queue.close();
    }
    return { port, prefix, db, web, worker, profileDir, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
