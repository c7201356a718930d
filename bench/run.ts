/**
 * `npm run bench`: every benchmark in sequence (never two at once: they would share the two
 * cores), each printing its figures next to the ceilings measured in this same run, then a
 * summary table. Writes nothing to the repository.
 *
 * Overrides: `npm run bench -- scanner` or BENCH_ONLY=ceilings,jobs,scanner,feed,directory,feedhttp,scale (a subset;
 * `scale` seeds a million rows per table and runs only when named), BENCH_N, BENCH_CONCURRENCY,
 * BENCH_SECONDS, BENCH_PIPELINE_N, BENCH_WORKER_CONCURRENCY, BENCH_PROFILE=1 (CPU profiles of
 * the service's processes during the jobs and read benchmarks). See docs/performance.md.
 */
import { existsSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { benchCeilings, type Ceilings } from './ceilings.js';
import { benchJobs, type PaidBenchResult } from './jobs.js';
import { killAllChildren, ROOT } from './lib/spawn.js';
import { postgresVersion, redisUrl } from './lib/scratch.js';
import { fmtMs, fmtRate, fmtRatio } from './lib/stats.js';
import type { ReadBench } from './reads.js';
import type { ScaleBench } from './scale.js';

type Row = [benchmark: string, figure: string, ceiling: string, ratio: string];

const SECTIONS = ['ceilings', 'jobs', 'scanner', 'feed', 'directory', 'feedhttp', 'scale'] as const;
type Section = (typeof SECTIONS)[number];
/** Sections that run only when named: `scale` seeds a million rows per table (several minutes). */
const OPT_IN: readonly Section[] = ['scale'];

/** Sections from the command line (`npm run bench -- scanner feed`), else BENCH_ONLY, else all but the opt-in ones. */
function selected(): Set<Section> {
  const args = process.argv.slice(2).flatMap((a) => a.split(','));
  const only = args.length ? args : process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!only) return new Set(SECTIONS.filter((s) => !OPT_IN.includes(s)));
  const unknown = only.filter((s) => !SECTIONS.includes(s as Section));
  if (unknown.length) throw new RangeError(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; expected ${SECTIONS.join(', ')}`);
  return new Set(only as Section[]);
}

async function redisVersion(): Promise<string> {
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  try {
    const info = await redis.info('server');
    return `Redis ${info.match(/redis_version:(\S+)/)?.[1] ?? '?'}`;
  } finally {
    redis.disconnect();
  }
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function describeMachine(): Promise<void> {
  const [pgv, rv] = await Promise.all([postgresVersion(), redisVersion()]);
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), ${gib(totalmem())} memory (${gib(freemem())} free), ` +
    `Node ${process.version}, ${pgv}, ${rv}; load average ${load()}`);
  if (loadavg()[0] > cpus().length * 0.5) {
    console.log(`note: the machine is busy (1-minute load ${loadavg()[0].toFixed(2)} on ${cpus().length} cores); every figure below is lower and noisier than on a quiet machine`);
  }
}

/** Imports bench/<name>.ts and runs its `fn` export, or says why it cannot. */
async function optional<T>(name: string, fn: string): Promise<T | string> {
  const file = join(ROOT, 'bench', `${name}.ts`);
  if (!existsSync(file)) return `bench/${name}.ts does not exist`;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const run = mod[fn];
  if (typeof run !== 'function') return `bench/${name}.ts exports no ${fn}()`;
  return (await (run as () => Promise<T>)()) as T;
}

function section(title: string): void {
  console.log(`\n== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
}

/** Summary rows of a read benchmark: each load against the hello-world runs around it. */
function readRows(name: string, r: ReadBench | string): Row[] {
  if (typeof r === 'string') return [[name, `skipped: ${r}`, '', '']];
  return [
    [`${name}: hello-world before / after (ceiling)`, `${fmtRate(r.hello[0].reqPerSecond)} / ${fmtRate(r.hello[1].reqPerSecond)} req/s, ${r.helloCpuMs.toFixed(3)} ms CPU each`, `${r.hello[0].concurrency} clients`, ''],
    ...r.runs.map((run): Row => [
      `${run.label}${name === 'directory' ? `, ${r.rows.toLocaleString('en-US')} agents` : ''}`,
      `${fmtRate(run.reqPerSecond)} req/s, p50 ${fmtMs(run.latency.p50)}, p99 ${fmtMs(run.latency.p99)}, ${run.cpuMsPerRequest.toFixed(3)} ms CPU each`,
      `${fmtRate(r.helloMean)} req/s (hello-world)`,
      `${fmtRatio(run.reqPerSecond, r.helloMean)} (by CPU ${fmtRatio(r.helloCpuMs, run.cpuMsPerRequest)})`,
    ]),
  ];
}

function printTable(rows: Row[]): void {
  const head: Row = ['benchmark', 'figure', 'ceiling (same run)', 'ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: Row) => r.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const sections = selected();
  const started = performance.now();
  const rows: Row[] = [];
  section('machine');
  await describeMachine();

  let ceilings: Ceilings | undefined;
  if (sections.has('ceilings')) {
    section('ceilings');
    ceilings = await benchCeilings();
    const { http, pipeline, roundTrips: rt } = ceilings;
    rows.push(
      ['Express 5 hello-world (ceiling)', `${fmtRate(http.reqPerSecond)} req/s, p50 ${fmtMs(http.latency.p50)}, p99 ${fmtMs(http.latency.p99)}`, `${http.concurrency} clients`, ''],
      ['BullMQ add -> worker -> INSERT (ceiling)', `${fmtRate(pipeline.jobsPerSecond)} jobs/s`, `${pipeline.jobs} jobs`, ''],
      ['Redis PING one by one / pipelined', `${fmtRate(rt.redisPingSerialPerSecond)}/s / ${fmtRate(rt.redisPingPipelinedPerSecond)}/s`, 'context', ''],
      ['Postgres SELECT 1 one by one', `${fmtRate(rt.pgSelectSerialPerSecond)}/s`, 'context', ''],
      ['x402 verifyPayment, one core', `${fmtRate(rt.verifyPerSecond)}/s (${fmtMs(1000 / rt.verifyPerSecond)} each)`, 'context', ''],
    );
  }

  if (sections.has('jobs')) {
    section('job creation (x402-paid POST /api/jobs, web + worker processes)');
    const r: PaidBenchResult = await benchJobs(ceilings);
    if ('skipped' in r) {
      rows.push(['job creation', `skipped: ${r.skipped}`, '', '']);
    } else {
      const fig = `${fmtRate(r.perSecond)} jobs/s (${r.done}/${r.n}), p50 ${fmtMs(r.latency.p50)}, p99 ${fmtMs(r.latency.p99)}`;
      if (ceilings) {
        rows.push(
          ['job creation vs queue ceiling', fig, `${fmtRate(ceilings.pipeline.jobsPerSecond)} jobs/s`, fmtRatio(r.perSecond, ceilings.pipeline.jobsPerSecond)],
          ['job creation vs HTTP ceiling', `${fmtRate(r.perSecond)} jobs/s`, `${fmtRate(ceilings.http.reqPerSecond)} req/s`, fmtRatio(r.perSecond, ceilings.http.reqPerSecond)],
        );
      } else {
        rows.push(['job creation', fig, 'not measured (BENCH_ONLY)', '']);
      }
    }
  }

  if (sections.has('scanner')) {
    section('scanner');
    const r = await optional<{ mbPerSecond: number; rulesOnlyMbPerSecond: number; allCorporaMbPerSecond: number; ceilingMbPerSecond: number }>('scanner', 'benchScanner');
    if (typeof r === 'string') console.log(`scanner: skipped: ${r}`);
    // Its ceiling: one plain RegExp pass over the same texts; a worst-size (1 MiB) skill costs 1/X s of one core.
    rows.push(typeof r === 'string' ? ['skill scanner', `skipped: ${r}`, '', ''] : [
      'skill scanner (corpus)', `${r.mbPerSecond} MB/s per core (${fmtMs(1000 / r.mbPerSecond)} per 1 MiB)`,
      `${r.ceilingMbPerSecond} MB/s: one RegExp pass`, fmtRatio(r.mbPerSecond, r.ceilingMbPerSecond)]);
    if (typeof r !== 'string') {
      rows.push(['skill scanner, rules only (no intent model)', `${r.rulesOnlyMbPerSecond} MB/s per core`,
        `${r.ceilingMbPerSecond} MB/s: one RegExp pass`, fmtRatio(r.rulesOnlyMbPerSecond, r.ceilingMbPerSecond)]);
      rows.push(['skill scanner, all corpora (skills and skills-blind*)', `${r.allCorporaMbPerSecond} MB/s per core`,
        `${r.ceilingMbPerSecond} MB/s: one RegExp pass`, fmtRatio(r.allCorporaMbPerSecond, r.ceilingMbPerSecond)]);
    }
  }

  if (sections.has('feed')) {
    section('feed regeneration');
    const r = await optional<{ medianMs: number; worstMs: number; scans: number }>('feed', 'benchFeed');
    if (typeof r === 'string') console.log(`feed: skipped: ${r}`);
    rows.push(typeof r === 'string' ? ['feed regeneration', `skipped: ${r}`, '', ''] : [
      `feed regeneration (${r.scans} scans)`, `median ${fmtMs(r.medianMs)}, worst ${fmtMs(r.worstMs)}`, 'once a minute (FEED_CRON)', `${fmtRatio(r.medianMs, 60_000)} of one worker`,
    ]);
  }

  if (sections.has('directory')) {
    section('directory over HTTP (GET /api/v1/agents, web + worker processes)');
    const r = await optional<ReadBench>('reads', 'benchDirectory');
    rows.push(...readRows('directory', r));
  }

  if (sections.has('feedhttp')) {
    section('feed over HTTP (GET /api/feed, web + worker processes)');
    const r = await optional<ReadBench>('reads', 'benchFeedHttp');
    rows.push(...readRows('feed over HTTP', r));
  }

  if (sections.has('scale')) {
    section('scale: the read paths at 1k, 100k and 1M rows (opt-in)');
    const r = await optional<ScaleBench>('scale', 'benchScale');
    if (typeof r === 'string') {
      rows.push(['scale', `skipped: ${r}`, '', '']);
    } else {
      for (const q of r.queries) rows.push([`${q.what}, ${q.rows.toLocaleString('en-US')} rows`, `p50 ${fmtMs(q.p50)}, p99 ${fmtMs(q.p99)}`, 'one client, no HTTP', '']);
      if (r.feed) rows.push([`feed regeneration (${r.feed.scans.toLocaleString('en-US')} scans)`, `median ${fmtMs(r.feed.medianMs)}, worst ${fmtMs(r.feed.worstMs)}`, 'once a minute (FEED_CRON)', fmtRatio(r.feed.medianMs, 60_000)]);
      if (r.ledgerCheck) rows.push([`ledger:check (${r.ledgerCheck.transfers.toLocaleString('en-US')} transfers)`, `${r.ledgerCheck.seconds.toFixed(1)} s`, 'usable: minutes, not hours', '']);
    }
  }

  section(`summary (${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${load()})`);
  printTable(rows);
}

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\ninterrupted: killing the benchmark processes; scratch databases ac_bench_* may be left behind');
  killAllChildren();
  process.exit(130);
});

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (!interrupted) console.error(err);
    killAllChildren();
    process.exit(1);
  },
);
