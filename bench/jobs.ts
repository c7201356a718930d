/**
 * Job creation, paid by x402, against the real service (web and worker as separate processes):
 * N payments are signed before the clock starts, then posted by C concurrent clients. A job
 * counts when it is paid and open: a 201 (settled within SETTLE_WAIT_MS), or a 202 whose
 * Location has been polled until the job is `open`. Reported next to the two ceilings.
 *
 * Run alone with `npx tsx bench/jobs.ts` (measures the ceilings first). Overrides: BENCH_N
 * (default 2000), BENCH_CONCURRENCY (64), BENCH_WALLETS (payers signing in turn, default 1),
 * BENCH_PROFILE=1 (CPU profiles of web and worker, limited to the timed phase). The service's
 * own variables (WORKER_CONCURRENCY, ...) pass through from the environment.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchCeilings, type Ceilings } from './ceilings.js';
import { forEachConcurrent, httpClient, sleep, type HttpClient, type HttpReply } from './lib/load.js';
import { monotonicMicros, printProfile, profilesIn, summarizeProfile, type ProfileSummary } from './lib/profile.js';
import { startService, type RunningService } from './lib/service.js';
import { fmtShare, withCpuShares } from './lib/spawn.js';
import { envInt, fmtLatency, fmtRate, fmtRatio, summarize, type LatencySummary } from './lib/stats.js';
import { decodePaymentRequired, presignPayments } from './lib/x402-sign.js';

/** A paid POST whose resource is ready once a GET of its Location says so. */
export interface PaidRoute {
  label: string;
  path: string;
  body(i: number): unknown;
  /** True when the polled resource (GET Location) is paid and usable. */
  ready(json: Record<string, any>): boolean;
}

export const jobRoute: PaidRoute = {
  label: 'job creation',
  path: '/api/jobs',
  body: (i) => ({ title: `Bench job ${i}`, description: 'A job posted by the benchmark.', tags: ['bench'], reward: { amount: '1.00', currency: 'USDC' } }),
  ready: (json) => (json.job?.status ?? json.status) === 'open',
};

export interface PaidBench {
  label: string;
  n: number;
  concurrency: number;
  done: number;
  created201: number;
  accepted202: number;
  failures: Record<string, number>;
  seconds: number;
  perSecond: number;
  latency: LatencySummary;
  signPerSecond: number;
  wallets: number;
  /** Share of a core used during the timed phase. */
  cpu: { web?: number; worker?: number; loadGenerator?: number };
  profiles: ProfileSummary[];
  ratios?: { vsPipeline: number; vsHttp: number };
}

export type PaidBenchResult = PaidBench | { label: string; skipped: string };

const POLL_EVERY_MS = 25;
const POLL_FOR_MS = 60_000;

function post(client: HttpClient, route: PaidRoute, i: number, payment?: string): Promise<HttpReply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (payment) headers['payment-signature'] = payment;
  return client.send({ method: 'POST', path: route.path, headers, body: JSON.stringify(route.body(i)) });
}

/** Why a reply is not a success, in a few words (status and the error code or x402 error). */
function reason(reply: HttpReply): string {
  try {
    const b = JSON.parse(reply.body) as { error?: unknown };
    const e = typeof b.error === 'string' ? b.error : (b.error as { code?: string } | undefined)?.code;
    return `${reply.status}${e ? ` ${e}` : ''}`;
  } catch {
    return String(reply.status);
  }
}

/** Posts one payment; resolves to 201, 202 (polled until ready) or a failure reason. */
async function payOne(client: HttpClient, route: PaidRoute, i: number, payment: string): Promise<'201' | '202' | string> {
  const reply = await post(client, route, i, payment);
  if (reply.status === 201) return '201';
  if (reply.status !== 202) return reason(reply);
  const location = reply.headers.location;
  if (!location) return '202 without Location';
  const deadline = performance.now() + POLL_FOR_MS;
  for (let k = 0; k < POLL_FOR_MS / POLL_EVERY_MS && performance.now() < deadline; k++) {
    const got = await client.send({ method: 'GET', path: location });
    if (got.status === 200 && route.ready(JSON.parse(got.body))) return '202';
    await sleep(POLL_EVERY_MS);
  }
  return '202 never ready';
}

/** A short line about the state of the scratch database after the run; best effort. */
async function dbCheck(service: RunningService): Promise<string> {
  const c = new pg.Client({ connectionString: service.db.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM payments GROUP BY status ORDER BY status');
    return rows.map((r) => `${r.n} ${r.status}`).join(', ') || 'no payments';
  } finally {
    await c.end();
  }
}

/**
 * Runs the paid-creation benchmark for `route`; `ceilings` (measured earlier in the same run)
 * give the ratios.
 */
export async function benchPaidRoute(route: PaidRoute, ceilings?: Ceilings): Promise<PaidBenchResult> {
  const n = envInt('BENCH_N', 2000, 1, 100_000);
  const concurrency = envInt('BENCH_CONCURRENCY', 64, 1, 1024);
  const wallets = envInt('BENCH_WALLETS', 1, 1, 10_000);
  const profile = process.env.BENCH_PROFILE === '1';
  const service = await startService({ profile });
  const warmups = Math.min(20, n);
  let window: [number, number] | undefined;
  let result: PaidBenchResult;
  try {
    const client = httpClient(service.port, concurrency, 60_000);
    try {
      const probe = await post(client, route, 0);
      if (probe.status === 404) return { label: route.label, skipped: `POST ${route.path} not available` };
      if (probe.status !== 402 || !probe.headers['payment-required']) {
        throw new Error(`POST ${route.path} without payment answered ${probe.status}, not a 402 with PAYMENT-REQUIRED: ${probe.body.slice(0, 300)}`);
      }
      const required = decodePaymentRequired(String(probe.headers['payment-required']));
      const signed = await presignPayments(required, n + warmups, wallets);
      const signPerSecond = (n + warmups) / (signed.signMs / 1000);
      console.log(`${route.label}: ${wallets} wallet(s) signed ${n + warmups} payments of ${required.accepts[0].amount} minor units in ${(signed.signMs / 1000).toFixed(1)} s (${fmtRate(signPerSecond)}/s), before the clock`);
      // Warm-up: proves the payloads are accepted (a wrong shape fails here, loudly) and lets the JIT settle.
      const warm: Record<string, number> = {};
      await forEachConcurrent(signed.headers.slice(n), 4, performance.now() + 120_000, async (h, i) => {
        const r = await payOne(client, route, n + i, h);
        warm[r] = (warm[r] ?? 0) + 1;
      });
      if ((warm['201'] ?? 0) + (warm['202'] ?? 0) < warmups) throw new Error(`warm-up payments were refused: ${JSON.stringify(warm)}`);

      const failures: Record<string, number> = {};
      const latencies: number[] = [];
      let created201 = 0;
      let accepted202 = 0;
      window = [monotonicMicros(), 0];
      const start = performance.now();
      const { result: { skipped }, shares } = await withCpuShares([service.web.pid, service.worker.pid, process.pid], () => forEachConcurrent(signed.headers.slice(0, n), concurrency, start + 180_000, async (h, i) => {
        const t0 = performance.now();
        const r = await payOne(client, route, i, h).catch((err: Error) => `error ${err.message.slice(0, 60)}`);
        if (r === '201' || r === '202') {
          latencies.push(performance.now() - t0);
          if (r === '201') created201++;
          else accepted202++;
        } else {
          failures[r] = (failures[r] ?? 0) + 1;
        }
      }));
      const seconds = (performance.now() - start) / 1000;
      window[1] = monotonicMicros();
      if (skipped) failures['not sent (time limit)'] = skipped;
      const done = created201 + accepted202;
      const out: PaidBench = {
        label: route.label, n, concurrency, done, created201, accepted202, failures, seconds, perSecond: done / seconds,
        latency: summarize(latencies), signPerSecond, profiles: [], wallets,
        cpu: { web: shares[0], worker: shares[1], loadGenerator: shares[2] },
      };
      if (ceilings) out.ratios = { vsPipeline: out.perSecond / ceilings.pipeline.jobsPerSecond, vsHttp: out.perSecond / ceilings.http.reqPerSecond };
      console.log(`${route.label}: ${done}/${n} paid and open in ${seconds.toFixed(2)} s = ${fmtRate(out.perSecond)}/s with ${concurrency} clients ` +
        `(${created201} answered 201, ${accepted202} 202 then polled); ${fmtLatency(out.latency)}` +
        (Object.keys(failures).length ? `; failures ${JSON.stringify(failures)}` : ''));
      console.log(`${route.label}: CPU during the timed phase: web ${fmtShare(shares[0])}, worker ${fmtShare(shares[1])} ` +
        `(WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? '16, the default'}), load generator ${fmtShare(shares[2])}`);
      if (ceilings) {
        console.log(`${route.label}: ${fmtRatio(out.perSecond, ceilings.pipeline.jobsPerSecond)} of the BullMQ+INSERT ceiling (${fmtRate(ceilings.pipeline.jobsPerSecond)} jobs/s), ` +
          `${fmtRatio(out.perSecond, ceilings.http.reqPerSecond)} of the Express hello-world ceiling (${fmtRate(ceilings.http.reqPerSecond)} req/s)`);
      }
      console.log(`${route.label}: payments in the database afterwards: ${await dbCheck(service).catch((e: Error) => `(could not read: ${e.message})`)}`);
      result = out;
    } finally {
      client.close();
    }
  } finally {
    await service.stop();
  }
  if (service.profileDir && 'profiles' in result && window) {
    for (const role of ['web', 'worker']) {
      const dir = join(service.profileDir, role);
      const file = existsSync(dir) ? profilesIn(dir)[0] : undefined;
      if (!file) {
        console.log(`${route.label}: no CPU profile from the ${role} process`);
        continue;
      }
      const s = summarizeProfile(file, 15, window);
      result.profiles.push(s);
      printProfile(`${route.label}, ${role} process`, s);
    }
  }
  return result;
}

/** POST /api/jobs; skipped with a note while the route does not exist. */
export async function benchJobs(ceilings?: Ceilings): Promise<PaidBenchResult> {
  const r = await benchPaidRoute(jobRoute, ceilings);
  if ('skipped' in r) console.log(`${r.label}: skipped: ${r.skipped}`);
  return r;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchCeilings()
    .then((c) => benchJobs(c))
    .then(() => process.exit(0), (err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
