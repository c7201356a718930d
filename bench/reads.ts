/**
 * The hot read paths over HTTP, against the real service (web and worker processes, as in
 * bench/jobs.ts), each next to the Express hello-world ceiling measured just before and just
 * after it with the same load generator (64 keep-alive clients by default). With
 * BENCH_PROFILE=1 the web process runs under `node --cpu-prof`, and its self time is printed
 * for each load's timed phase.
 *
 * - `directory`: GET /api/v1/agents with BENCH_AGENTS (default 100,000) agents in the table:
 *   the first page, `q=` searches (rare, common and unmatched words, a partial handle) asked in
 *   turn and so answered again from the pages the web process keeps (migration 0020), `q=`
 *   searches never asked before (each a handle, each read from the table), and combined filters;
 * - `feedhttp`: GET /api/feed once the feed is built from 100,000 scans: a full 200, a
 *   conditional GET answered 304, the RSS; each without and with `Accept-Encoding: gzip`.
 *
 * Run alone with `npx tsx bench/reads.ts [directory|feedhttp]`, or `BENCH_ONLY=directory npm run bench`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchHelloWorld, type HttpCeiling } from './ceilings.js';
import { describeCpu, measureCpu, SERVERS, type CpuShares } from './lib/cpu.js';
import { runForDuration, type HttpRequest } from './lib/load.js';
import { mainThreadProfile, monotonicMicros, printProfile, summarizeProfile } from './lib/profile.js';
import { startService, type RunningService } from './lib/service.js';
import { seedAgents, seededHandle } from './lib/seed.js';
import { seedScans } from './feed.js';
import { envInt, fmtLatency, fmtRate, fmtRatio, summarize, type LatencySummary } from './lib/stats.js';
import { createPool } from '../shared/db/pool.js';

export interface ReadRun {
  label: string;
  reqPerSecond: number;
  latency: LatencySummary;
  failures: Record<string, number>;
  /** CPU of web, and of the load generator (this process). */
  cpu: CpuShares;
  /** Against the mean of the hello-world runs just before and after. */
  ratio: number;
  /** CPU milliseconds of the web process per request (warm-up included on both sides of the division). */
  cpuMsPerRequest: number;
  /** The hello-world server's CPU per request over this one's: a ratio less moved by others' load than req/s. */
  cpuRatio: number;
  /** The timed phase on the profile clock (monotonicMicros), to read the web process's profile over it. */
  window: [number, number];
}

export interface ReadBench {
  rows: number;
  /** The two hello-world runs bracketing the section, and their mean. */
  hello: HttpCeiling[];
  helloMean: number;
  /** The hello-world server's CPU milliseconds per request, mean of the two runs. */
  helloCpuMs: number;
  runs: ReadRun[];
}

/** CPU milliseconds per request of the first pid measured (the server). */
const cpuMsPer = (cpu: CpuShares, reqPerSecond: number) => ((cpu.pids[0] ?? Number.NaN) * 1000) / reqPerSecond;

const concurrency = () => envInt('BENCH_CONCURRENCY', 64);
const seconds = () => envInt('BENCH_SECONDS', 5, 1, 600);

/**
 * A load: its label, the request to send, the status that counts as answered (2xx when
 * omitted), and how many clients (BENCH_CONCURRENCY when omitted).
 */
type Load = [label: string, make: () => HttpRequest, status?: number, clients?: number];

async function timed(svc: RunningService, [label, make, status, clients]: Load): Promise<Omit<ReadRun, 'ratio' | 'cpuRatio'>> {
  const window: [number, number] = [0, 0];
  const { result: run, cpu } = await measureCpu([svc.web.pid, process.pid], SERVERS, () => runForDuration({
    port: svc.port, concurrency: clients ?? concurrency(), seconds: seconds(), warmupSeconds: 1, make,
    ...(status ? { ok: (s: number) => s === status } : {}),
    onTimedPhase: (phase) => (window[phase === 'start' ? 0 : 1] = monotonicMicros()),
  }));
  const reqPerSecond = run.ok / run.seconds;
  const out = { label, reqPerSecond, latency: summarize(run.latencies), failures: run.failures, cpu, cpuMsPerRequest: cpuMsPer(cpu, reqPerSecond), window };
  console.log(`${label}: ${fmtRate(out.reqPerSecond)} req/s, ${fmtLatency(out.latency)}, web CPU ${out.cpuMsPerRequest.toFixed(3)} ms/request` +
    (Object.keys(run.failures).length ? `, failures ${JSON.stringify(run.failures)}` : ''));
  console.log(`  ${describeCpu(cpu, ['web', 'load generator'])}`);
  return out;
}

/** Runs `loads` against a started service, bracketed by two hello-world ceilings. */
async function bracketed(svc: RunningService, rows: number, loads: Load[]): Promise<ReadBench> {
  const hello = [await benchHelloWorld(concurrency(), seconds())];
  const measured: Omit<ReadRun, 'ratio' | 'cpuRatio'>[] = [];
  for (const load of loads) measured.push(await timed(svc, load));
  hello.push(await benchHelloWorld(concurrency(), seconds()));
  const helloMean = (hello[0].reqPerSecond + hello[1].reqPerSecond) / 2;
  const helloCpuMs = (cpuMsPer(hello[0].cpu, hello[0].reqPerSecond) + cpuMsPer(hello[1].cpu, hello[1].reqPerSecond)) / 2;
  const runs = measured.map((r) => ({ ...r, ratio: r.reqPerSecond / helloMean, cpuRatio: helloCpuMs / r.cpuMsPerRequest }));
  for (const r of runs) {
    console.log(`  ${r.label}: ${fmtRatio(r.reqPerSecond, helloMean)} of hello-world (${fmtRate(helloMean)} req/s, mean of the runs before and after); ` +
      `by server CPU per request ${fmtRatio(helloCpuMs, r.cpuMsPerRequest)} (${helloCpuMs.toFixed(3)} vs ${r.cpuMsPerRequest.toFixed(3)} ms)`);
  }
  return { rows, hello, helloMean, helloCpuMs, runs };
}

/** The web process's self time during each load (BENCH_PROFILE=1); the profile is written when it exits. */
function printProfiles(svc: RunningService, bench: ReadBench | undefined): void {
  if (!svc.profileDir || !bench) return;
  const file = mainThreadProfile(join(svc.profileDir, 'web'));
  if (!file) {
    console.log('no CPU profile from the web process');
    return;
  }
  for (const run of bench.runs) printProfile(`${run.label}, web process`, summarizeProfile(file, 25, run.window));
}

const profiling = () => process.env.BENCH_PROFILE === '1';

/** Words a user would type: a partial handle (rare), a common word, a description word, a name, one that matches nothing. */
export function searchTerms(agents: number): string[] {
  return [
    seededHandle(Math.floor(agents / 3)).slice(0, -1), 'otter', 'lantern', 'transl', 'Falcon Bot', 'solidity', 'zebra-unicorn',
    seededHandle(Math.floor(agents / 2)),
  ];
}

export async function benchDirectory(): Promise<ReadBench> {
  const agents = envInt('BENCH_AGENTS', 100_000, 1, 10_000_000);
  const svc = await startService({ profile: profiling() });
  const pool = createPool(svc.db.url, 1);
  let bench: ReadBench | undefined;
  try {
    const t0 = performance.now();
    await seedAgents(pool, agents);
    console.log(`directory: seeded ${fmtRate(agents)} agents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const terms = searchTerms(agents).map(encodeURIComponent);
    const filters = ['tag=python', 'tag=security&verified=true', 'service=translate&featured=false', 'featured=true', 'tag=rust&q=audit'];
    let i = 0;
    // Handles of agents spread over the table, none asked before: each a page no process keeps.
    let fresh = 0;
    const freshTerm = () => encodeURIComponent(seededHandle(1 + ((fresh++ * 7_919) % agents)));
    bench = await bracketed(svc, agents, [
      ['GET /api/v1/agents (first page)', () => ({ method: 'GET', path: '/api/v1/agents' })],
      ['GET /api/v1/agents?q=... (8 terms in turn)', () => ({ method: 'GET', path: `/api/v1/agents?q=${terms[i++ % terms.length]}` })],
      // The same searches below saturation: the latency a searching user sees on a machine not pinned at 100%.
      ['GET /api/v1/agents?q=..., 4 clients', () => ({ method: 'GET', path: `/api/v1/agents?q=${terms[i++ % terms.length]}` }), undefined, 4],
      ['GET /api/v1/agents?q=<a handle never asked before>', () => ({ method: 'GET', path: `/api/v1/agents?q=${freshTerm()}` })],
      ['GET /api/v1/agents?<filters> (5 combinations)', () => ({ method: 'GET', path: `/api/v1/agents?${filters[i++ % filters.length]}` })],
    ]);
  } finally {
    await pool.end();
    await svc.stop();
  }
  printProfiles(svc, bench);
  return bench;
}

/** What common feed readers and browsers send. */
const GZIP = 'gzip, deflate, br';

/** The ETag `path` is served with, given these request headers; says the size and encoding once. */
async function etagOf(svc: RunningService, path: string, headers: Record<string, string>): Promise<string> {
  const { httpClient } = await import('./lib/load.js');
  const client = httpClient(svc.port, 1);
  try {
    const res = await client.send({ method: 'GET', path, headers });
    console.log(`feedhttp: ${path} with ${JSON.stringify(headers)}: ${res.status}, ${res.headers['content-length'] ?? '?'} bytes, ` +
      `Content-Encoding ${res.headers['content-encoding'] ?? 'none'}, ETag ${res.headers.etag}`);
    return String(res.headers.etag);
  } finally {
    client.close();
  }
}

export async function benchFeedHttp(): Promise<ReadBench> {
  const svc = await startService({ profile: profiling() });
  const pool = createPool(svc.db.url, 1);
  let bench: ReadBench | undefined;
  try {
    await seedScans(pool);
    const { httpClient } = await import('./lib/load.js');
    const client = httpClient(svc.port, 1);
    // The first read asks the worker for the first build and waits for it.
    const first = await client.send({ method: 'GET', path: '/api/feed' });
    client.close();
    if (first.status !== 200) throw new Error(`GET /api/feed answered ${first.status}: ${first.body.slice(0, 200)}`);
    const etag = String(first.headers.etag);
    console.log(`feedhttp: feed of ${first.body.length} bytes (JSON), ETag ${etag}`);
    // Feed readers send Accept-Encoding (and, once they hold a copy, its ETag): each load runs
    // without the header and with it, as a service that does not compress ignores it.
    const gzipped = await etagOf(svc, '/api/feed', { 'accept-encoding': GZIP });
    bench = await bracketed(svc, 100_000, [
      ['GET /api/feed (200, full body)', () => ({ method: 'GET', path: '/api/feed' })],
      ['GET /api/feed, If-None-Match (304)', () => ({ method: 'GET', path: '/api/feed', headers: { 'if-none-match': etag } }), 304],
      ['GET /api/feed.rss (200, full body)', () => ({ method: 'GET', path: '/api/feed.rss' })],
      ['GET /api/feed, Accept-Encoding: gzip (200)', () => ({ method: 'GET', path: '/api/feed', headers: { 'accept-encoding': GZIP } })],
      ['GET /api/feed, Accept-Encoding: gzip, If-None-Match (304)', () => ({ method: 'GET', path: '/api/feed', headers: { 'accept-encoding': GZIP, 'if-none-match': gzipped } }), 304],
      ['GET /api/feed.rss, Accept-Encoding: gzip (200)', () => ({ method: 'GET', path: '/api/feed.rss', headers: { 'accept-encoding': GZIP } })],
    ]);
  } finally {
    await pool.end();
    await svc.stop();
  }
  printProfiles(svc, bench);
  return bench;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const which = process.argv[2] ?? 'directory,feedhttp';
  (async () => {
    if (which.includes('directory')) await benchDirectory();
    if (which.includes('feedhttp')) await benchFeedHttp();
  })().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
