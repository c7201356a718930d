/**
 * The queue ceiling's consumer: a BullMQ Worker whose processor does one INSERT per job,
 * nothing else. Started as a child by bench/ceilings.ts with QUEUE_NAME, QUEUE_PREFIX,
 * REDIS_URL, DATABASE_URL and CONCURRENCY; prints `ready` once the worker is connected, and
 * exits on SIGTERM or by itself after BENCH_CHILD_MAX_MS (default 120 s).
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';

const concurrency = Number(process.env.CONCURRENCY ?? 16);
const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
// One connection per job in flight, as the service's pool would allow.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: concurrency });

const worker = new Worker(
  process.env.QUEUE_NAME ?? 'bench',
  async (job) => {
    await pool.query('INSERT INTO bench_jobs (id, payload) VALUES ($1, $2)', [job.id, job.data]);
  },
  { connection, prefix: process.env.QUEUE_PREFIX ?? 'bench', concurrency },
);
worker.on('error', (err) => console.error(`worker error: ${err.message}`));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.close().catch(() => {});
  await pool.end().catch(() => {});
  connection.disconnect();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
setTimeout(() => void stop(), Number(process.env.BENCH_CHILD_MAX_MS ?? 120_000)).unref();

await worker.waitUntilReady();
await pool.query('SELECT 1');
console.log('ready');
