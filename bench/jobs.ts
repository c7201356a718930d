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
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchCeilings, type Ceilings } from './ceilings.js';
import { forEachConcurrent, httpClient, sleep, type HttpClient, type HttpReply } from './lib/load.js';
import { mainThreadProfile, monotonicMicros, printProfile, summarizeProfile, type ProfileSummary } from './lib/profile.js';
import { startService, type RunningService } from './lib/service.js';
import { describeCpu, measureCpu, SERVERS, type CpuShares } from './lib/cpu.js';
import { databaseBackendsCpu } from './lib/backends.js';
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
  /** CPU of web, worker and the load generator (this process) during the timed phase. */
  cpu: CpuShares;
  /** CPU seconds of the PostgreSQL sessions of the scratch database during the timed phase. */
  backendSeconds: number;
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

/** The 402 of an unpaid POST, then `count` payments signed for it; a string when the route is absent. */
async function signFor(client: HttpClient, route: PaidRoute, count: number, wallets: number): Promise<{ headers: string[]; perSecond: number } | string> {
  const probe = await post(client, route, 0);
  if (probe.status === 404) return `POST ${route.path} not available`;
  if (probe.status !== 402 || !probe.headers['payment-required']) {
    throw new Error(`POST ${route.path} without payment answered ${probe.status}, not a 402 with PAYMENT-REQUIRED: ${probe.body.slice(0, 300)}`);
  }
  const required = decodePaymentRequired(String(probe.headers['payment-required']));
  const signed = await presignPayments(required, count, wallets);
  const perSecond = count / (signed.signMs / 1000);
  console.log(`${route.label}: ${wallets} wallet(s) signed ${count} payments of ${required.accepts[0].amount} minor units ` +
    `in ${(signed.signMs / 1000).toFixed(1)} s (${fmtRate(perSecond)}/s), before the clock`);
  return { headers: signed.headers, perSecond };
}

/**
 * Untimed: proves the payloads are accepted (a wrong shape fails here, loudly), then lets the
 * service reach its steady state at the timed concurrency: its pools open their connections,
 * the JIT compiles the paid path, each group size's statement is prepared. Those costs are paid
 * once per process; measured in the timed phase they were its whole tail (the first eighth of
 * 2,000 jobs had a p99 of 733 ms, every later eighth 184 to 219 ms). Their latency is printed as
 * the cold start.
 */
async function warmUp(client: HttpClient, route: PaidRoute, headers: string[], firstIndex: number, concurrency: number): Promise<LatencySummary> {
  const tally: Record<string, number> = {};
  const latencies: number[] = [];
  const pay = async (h: string, i: number): Promise<void> => {
    const t0 = performance.now();
    const r = await payOne(client, route, firstIndex + i, h);
    latencies.push(performance.now() - t0);
    tally[r] = (tally[r] ?? 0) + 1;
  };
  const first = Math.min(4, headers.length);
  await forEachConcurrent(headers.slice(0, first), 4, performance.now() + 120_000, pay);
  await forEachConcurrent(headers.slice(first), concurrency, performance.now() + 120_000, (h, i) => pay(h, first + i));
  if ((tally['201'] ?? 0) + (tally['202'] ?? 0) < headers.length) throw new Error(`warm-up payments were refused: ${JSON.stringify(tally)}`);
  return summarize(latencies);
}

interface Tally {
  created201: number;
  accepted202: number;
  failures: Record<string, number>;
  latencies: number[];
}

/** The timed phase: every payment posted by `concurrency` clients, at most 180 s of sending. */
async function postAll(client: HttpClient, route: PaidRoute, headers: string[], concurrency: number): Promise<Tally> {
  const t: Tally = { created201: 0, accepted202: 0, failures: {}, latencies: [] };
  const { skipped } = await forEachConcurrent(headers, concurrency, performance.now() + 180_000, async (h, i) => {
    const t0 = performance.now();
    const r = await payOne(client, route, i, h).catch((err: Error) => `error ${err.message.slice(0, 60)}`);
    if (r === '201' || r === '202') {
      t.latencies.push(performance.now() - t0);
      if (r === '201') t.created201++;
      else t.accepted202++;
    } else {
      t.failures[r] = (t.failures[r] ?? 0) + 1;
    }
  });
  if (skipped) t.failures['not sent (time limit)'] = skipped;
  return t;
}

function report(out: PaidBench, ceilings: Ceilings | undefined): void {
  const label = out.label;
  console.log(`${label}: ${out.done}/${out.n} paid and open in ${out.seconds.toFixed(2)} s = ${fmtRate(out.perSecond)}/s with ${out.concurrency} clients, ` +
    `${out.wallets} paying wallet(s), WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? '16 (default)'} ` +
    `(${out.created201} answered 201, ${out.accepted202} 202 then polled); ${fmtLatency(out.latency)}` +
    (Object.keys(out.failures).length ? `; failures ${JSON.stringify(out.failures)}` : ''));
  console.log(`${label}: ${describeCpu(out.cpu, ['web', 'worker', 'load generator'], { count: Math.max(1, out.done), unit: 'job' })}`);
  console.log(`${label}: postgres sessions of this database alone (not other suites', nor the server's background processes): ` +
    `${((out.backendSeconds * 1000) / Math.max(1, out.done)).toFixed(2)} ms/job`);
  if (!ceilings) return;
  console.log(`${label}: ${fmtRatio(out.perSecond, ceilings.pipeline.jobsPerSecond)} of the BullMQ+INSERT ceiling (${fmtRate(ceilings.pipeline.jobsPerSecond)} jobs/s), ` +
    `${fmtRatio(out.perSecond, ceilings.http.reqPerSecond)} of the Express hello-world ceiling (${fmtRate(ceilings.http.reqPerSecond)} req/s)`);
}

/** Self time of the web and worker main threads during the timed phase (BENCH_PROFILE=1). */
function readProfiles(label: string, profileDir: string, window: [number, number]): ProfileSummary[] {
  const out: ProfileSummary[] = [];
  for (const role of ['web', 'worker']) {
    const file = mainThreadProfile(join(profileDir, role));
    if (!file) {
      console.log(`${label}: no CPU profile from the ${role} process`);
      continue;
    }
    const s = summarizeProfile(file, 15, window);
    out.push(s);
    printProfile(`${label}, ${role} process`, s);
  }
  return out;
}

/**
 * Runs the paid-creation benchmark for `route` against a fresh service; `ceilings` (measured
 * earlier in the same run) give the ratios.
 */
export async function benchPaidRoute(route: PaidRoute, ceilings?: Ceilings): Promise<PaidBenchResult> {
  const n = envInt('BENCH_N', 2000, 1, 100_000);
  const concurrency = envInt('BENCH_CONCURRENCY', 64, 1, 1024);
  const wallets = envInt('BENCH_WALLETS', 1, 1, 10_000);
  const warmups = envInt('BENCH_WARMUP', 4 * concurrency, 4, 100_000);
  const service = await startService({ profile: process.env.BENCH_PROFILE === '1' });
  const client = httpClient(service.port, concurrency, 60_000);
  let out: PaidBench;
  const window: [number, number] = [0, 0];
  try {
    const signed = await signFor(client, route, n + warmups, wallets);
    if (typeof signed === 'string') return { label: route.label, skipped: signed };
    const cold = await warmUp(client, route, signed.headers.slice(n), n, concurrency);
    console.log(`${route.label}: cold start (untimed warm-up, ${warmups} payments, the first 4 alone, then ${concurrency} clients): ${fmtLatency(cold)}`);
    window[0] = monotonicMicros();
    const start = performance.now();
    const pids = [service.web.pid, service.worker.pid, process.pid];
    const backendsSince = await databaseBackendsCpu(service.db.url);
    const { result: t, cpu } = await measureCpu(pids, SERVERS, () => postAll(client, route, signed.headers.slice(0, n), concurrency));
    const backendSeconds = await backendsSince();
    const seconds = (performance.now() - start) / 1000;
    window[1] = monotonicMicros();
    const done = t.created201 + t.accepted202;
    out = {
      label: route.label, n, concurrency, wallets, done, created201: t.created201, accepted202: t.accepted202, failures: t.failures,
      seconds, perSecond: done / seconds, latency: summarize(t.latencies), signPerSecond: signed.perSecond, cpu, backendSeconds, profiles: [],
    };
    if (ceilings) out.ratios = { vsPipeline: out.perSecond / ceilings.pipeline.jobsPerSecond, vsHttp: out.perSecond / ceilings.http.reqPerSecond };
    report(out, ceilings);
    console.log(`${route.label}: payments in the database afterwards: ${await dbCheck(service).catch((e: Error) => `(could not read: ${e.message})`)}`);
  } finally {
    client.close();
    await service.stop();
  }
  // The profiles are written when the processes exit, so only now.
  if (service.profileDir) out.profiles = readProfiles(route.label, service.profileDir, window);
  return out;
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
