/**
 * The ceilings the service's figures are compared against, measured on this machine in this
 * run: a bare Express 5 hello-world (req/s), a raw BullMQ add -> worker -> one INSERT pipeline
 * (jobs/s), and raw Redis and Postgres round trips for context.
 *
 * Run alone with `npx tsx bench/ceilings.ts`. Overrides: BENCH_CONCURRENCY (default 64),
 * BENCH_SECONDS (default 5), BENCH_PIPELINE_N (default 5000), BENCH_WORKER_CONCURRENCY (16).
 */
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { runForDuration, forEachConcurrent, sleep } from './lib/load.js';
import { describeCpu, measureCpu, SERVERS, type CpuShares } from './lib/cpu.js';
import { startNode, waitUntil } from './lib/spawn.js';
import { deletePrefix, pgServerUrl, randomPrefix, redisUrl, scratchDb } from './lib/scratch.js';
import { presignPayments, TRANSFER_WITH_AUTHORIZATION } from './lib/x402-sign.js';
import { envInt, fmtLatency, fmtMs, fmtRate, summarize, type LatencySummary } from './lib/stats.js';

export interface HttpCeiling {
  reqPerSecond: number;
  latency: LatencySummary;
  concurrency: number;
  seconds: number;
  failures: Record<string, number>;
  /** CPU of the server and of the load generator (this process), in that order. */
  cpu: CpuShares;
}

export interface PipelineCeiling {
  jobs: number;
  jobsPerSecond: number;
  /** Producer side alone: how fast the adds went in. */
  addsPerSecond: number;
  producerInFlight: number;
  workerConcurrency: number;
  /** CPU of the worker and of the producer (this process), in that order. */
  cpu: CpuShares;
}

export interface RoundTrips {
  redisPingSerialPerSecond: number;
  redisPingPipelinedPerSecond: number;
  pgSelectSerialPerSecond: number;
  /** The service's verifyPayment (parse, terms, EIP-712 recovery) per second on one core. */
  verifyPerSecond: number;
  /** viem's recoverTypedDataAddress (JavaScript secp256k1) per second on one core, for comparison. */
  viemRecoverPerSecond: number;
}

export interface Ceilings {
  http: HttpCeiling;
  pipeline: PipelineCeiling;
  roundTrips: RoundTrips;
}

/** Express hello-world in a child process, C keep-alive clients for `seconds`. */
export async function benchHelloWorld(concurrency: number, seconds: number): Promise<HttpCeiling> {
  const child = startNode('hello-server', ['bench/lib/hello-server.ts'], { PORT: '0' });
  try {
    const port = Number((await child.waitForLine(/^listening (\d+)/, 30_000))[1]);
    const { result: run, cpu } = await measureCpu([child.pid, process.pid], SERVERS, () => runForDuration({
      port, concurrency, seconds, warmupSeconds: 1, make: () => ({ method: 'GET', path: '/hello' }),
    }));
    const out: HttpCeiling = {
      reqPerSecond: run.ok / run.seconds, latency: summarize(run.latencies), concurrency, seconds: run.seconds, failures: run.failures,
      cpu,
    };
    console.log(`ceiling: Express 5 hello-world, ${concurrency} keep-alive clients, ${run.seconds.toFixed(1)} s: ` +
      `${fmtRate(out.reqPerSecond)} req/s, ${fmtLatency(out.latency)}` +
      (Object.keys(run.failures).length ? `, failures ${JSON.stringify(run.failures)}` : ''));
    console.log(`  ${describeCpu(cpu, ['server', 'load generator'])} (its 1 s warm-up included)`);
    return out;
  } finally {
    await child.stop();
  }
}

/**
 * queue.add (at most `inFlight` adds outstanding, as concurrent HTTP handlers would) -> a
 * Worker in a child process -> one INSERT per job. Timed from the first add to the moment the
 * table holds every row.
 */
export async function benchPipeline(jobs: number, inFlight: number, workerConcurrency: number): Promise<PipelineCeiling> {
  const db = await scratchDb(true);
  const prefix = randomPrefix();
  const queueName = 'pipeline';
  const connection = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const queue = new Queue(queueName, { connection, prefix });
  const worker = startNode('pipeline-worker', ['bench/lib/pipeline-worker.ts'], {
    QUEUE_NAME: queueName, QUEUE_PREFIX: prefix, REDIS_URL: redisUrl(), DATABASE_URL: db.url, CONCURRENCY: String(workerConcurrency),
  });
  try {
    await pool.query('CREATE TABLE bench_jobs (id text PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
    await worker.waitForLine(/^ready/, 30_000);
    // The same retention options as the service's settlement jobs, so Redis does the same work.
    const opts = { attempts: 13, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600, count: 10000 } };
    const ids = Array.from({ length: jobs }, (_, i) => `j${i}`);
    const start = performance.now();
    let added = start;
    const { cpu } = await measureCpu([worker.pid, process.pid], SERVERS, async () => {
      await forEachConcurrent(ids, inFlight, start + 120_000, async (id) => {
        await queue.add('insert', { id, title: 'bench', amount: '1100000' }, { ...opts, jobId: id });
      });
      added = performance.now();
      await waitUntil(`${jobs} rows in bench_jobs`, async () => {
        const rows = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM bench_jobs')).rows[0].n);
        return rows >= jobs;
      }, 120_000, 20);
    });
    const seconds = (performance.now() - start) / 1000;
    const out: PipelineCeiling = {
      jobs, jobsPerSecond: jobs / seconds, addsPerSecond: jobs / ((added - start) / 1000), producerInFlight: inFlight, workerConcurrency,
      cpu,
    };
    console.log(`ceiling: BullMQ add -> worker (concurrency ${workerConcurrency}, child process) -> one INSERT: ` +
      `${jobs} jobs in ${seconds.toFixed(2)} s = ${fmtRate(out.jobsPerSecond)} jobs/s end to end ` +
      `(adds alone, ${inFlight} in flight: ${fmtRate(out.addsPerSecond)} jobs/s)`);
    console.log(`  ${describeCpu(cpu, ['worker', 'producer'], { count: jobs, unit: 'job' })}`);
    return out;
  } finally {
    await worker.stop();
    await queue.close().catch(() => {});
    await deletePrefix(connection, prefix).catch(() => {});
    connection.disconnect();
    await pool.end().catch(() => {});
    await db.drop();
  }
}

/** Redis PING one by one and pipelined, Postgres SELECT 1 one by one: the cost of a round trip. */
export async function benchRoundTrips(count: number): Promise<RoundTrips> {
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  const pool = new pg.Pool({ connectionString: `${pgServerUrl()}/postgres`, max: 1 });
  try {
    await redis.ping();
    await pool.query('SELECT 1');
    const rate = async (n: number, fn: () => Promise<unknown>) => {
      const t0 = performance.now();
      await fn();
      return n / ((performance.now() - t0) / 1000);
    };
    const serial = await rate(count, async () => {
      for (let i = 0; i < count; i++) await redis.ping();
    });
    const pipelined = await rate(count * 10, async () => {
      for (let b = 0; b < count / 10; b++) {
        const p = redis.pipeline();
        for (let i = 0; i < 100; i++) p.ping();
        await p.exec();
      }
    });
    const pgSerial = await rate(count, async () => {
      for (let i = 0; i < count; i++) await pool.query('SELECT 1');
    });
    const { verifyPerSecond, viemRecoverPerSecond } = await benchVerification(400);
    const { recoveryBuild } = await import('../shared/x402/ecrecover.js');
    const out = { redisPingSerialPerSecond: serial, redisPingPipelinedPerSecond: pipelined, pgSelectSerialPerSecond: pgSerial, verifyPerSecond, viemRecoverPerSecond };
    console.log(`context: Redis PING one by one ${fmtRate(serial)}/s (${fmtMs(1000 / serial)} a round trip), ` +
      `pipelined by 100 ${fmtRate(pipelined)}/s; Postgres SELECT 1 one by one ${fmtRate(pgSerial)}/s (${fmtMs(1000 / pgSerial)}); ` +
      `x402 verifyPayment (the service's, ${recoveryBuild} secp256k1) ${fmtRate(verifyPerSecond)}/s on one core (${fmtMs(1000 / verifyPerSecond)} each; ` +
      `viem's JavaScript recovery alone ${fmtMs(1000 / viemRecoverPerSecond)})`);
    return out;
  } finally {
    redis.disconnect();
    await pool.end();
  }
}

/**
 * What verifying one x402 payment costs in CPU: the service's own `verifyPayment` (payload
 * parsing, terms, EIP-712 hashing and signer recovery), as the API runs it for each payment,
 * and viem's JavaScript `recoverTypedDataAddress` for comparison.
 */
export async function benchVerification(count: number): Promise<{ verifyPerSecond: number; viemRecoverPerSecond: number }> {
  const { recoverTypedDataAddress } = await import('viem');
  const { parsePaymentPayload, verifyPayment } = await import('../shared/x402/index.js');
  const accepted = {
    scheme: 'exact' as const, network: 'eip155:84532' as const, amount: '1100000', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    payTo: '0x000000000000000000000000000000000000dEaD', maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' },
  };
  const resource = { url: 'http://127.0.0.1/bench', description: 'bench', mimeType: 'application/json' };
  const signed = await presignPayments({ x402Version: 2, error: 'payment_required', resource, accepts: [accepted] }, count);
  const payloads = signed.headers.map((h) => JSON.parse(Buffer.from(h, 'base64').toString('utf8')));
  const domain = { name: 'USDC', version: '2', chainId: 84532, verifyingContract: accepted.asset as `0x${string}` };
  const warmup = Math.floor(count / 8); // the JIT's first calls are not counted
  const rate = async (fn: (p: any) => Promise<unknown>) => {
    let t0 = performance.now();
    for (const [i, p] of payloads.entries()) {
      if (i === warmup) t0 = performance.now();
      await fn(p);
    }
    return (count - warmup) / ((performance.now() - t0) / 1000);
  };
  const verifyPerSecond = await rate((p) => verifyPayment(parsePaymentPayload(p), accepted));
  const viemRecoverPerSecond = await rate((p) => {
    const a = p.payload.authorization;
    return recoverTypedDataAddress({
      domain, types: TRANSFER_WITH_AUTHORIZATION, primaryType: 'TransferWithAuthorization', signature: p.payload.signature,
      message: { ...a, value: BigInt(a.value), validAfter: BigInt(a.validAfter), validBefore: BigInt(a.validBefore) },
    });
  });
  return { verifyPerSecond, viemRecoverPerSecond };
}

/** Every ceiling, one after the other (never in parallel: they would share the two cores). */
export async function benchCeilings(): Promise<Ceilings> {
  const concurrency = envInt('BENCH_CONCURRENCY', 64, 1, 1024);
  const seconds = envInt('BENCH_SECONDS', 5, 1, 120);
  const http = await benchHelloWorld(concurrency, seconds);
  await sleep(500);
  const pipeline = await benchPipeline(envInt('BENCH_PIPELINE_N', 5000, 100, 200_000), concurrency, envInt('BENCH_WORKER_CONCURRENCY', 16, 1, 256));
  const roundTrips = await benchRoundTrips(5000);
  return { http, pipeline, roundTrips };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchCeilings().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
