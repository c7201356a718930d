/**
 * How the read paths' cost grows with the tables: for each size in BENCH_SCALE_ROWS (default
 * 1,000, 100,000 and 1,000,000), a fresh database with that many agents and jobs, then the
 * latency (p50 and p99 over BENCH_SCALE_QUERIES calls, one client) of what the routes run:
 * the directory's first page, a later page by cursor, `q=` searches and filters; the job list's
 * first page and its filters. At the largest size it also times a feed regeneration over as
 * many scans, and `npm run ledger:check` (the CLI itself) over as many ledger transfers.
 *
 * The calls go through the domain functions (listDirectory, listJobs), so the figures are the
 * database and the driver without HTTP; bench/reads.ts measures the HTTP side. Seeding 1,000,000
 * rows of each kind takes several minutes here, so this section is opt-in:
 * `npm run bench -- scale`, or `npx tsx bench/scale.ts`. BENCH_SCALE_LISTS=0 skips the lists.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../shared/db/pool.js';
import { migrate } from '../shared/db/migrate.js';
import { listDirectory, type DirectoryFilter } from '../shared/agents/queries.js';
import { listJobs, type JobFilter } from '../shared/jobs/queries.js';
import { encodeCursor, decodeCursor } from '../shared/cursor.js';
import { loadConfig } from '../shared/config.js';
import { publishFeed } from '../feed/publish.js';
import { Redis } from 'ioredis';
import { seedScans } from './feed.js';
import { searchTerms } from './reads.js';
import { seedAgents, seedJobs, seedLedger, withIndexesRebuilt } from './lib/seed.js';
import { deletePrefix, randomPrefix, redisUrl, scratchDb } from './lib/scratch.js';
import { startNode } from './lib/spawn.js';
import { envInt, fmtMs, percentile } from './lib/stats.js';

export interface ScaleRow {
  rows: number;
  what: string;
  p50: number;
  p99: number;
}

export interface ScaleBench {
  queries: ScaleRow[];
  /** Seconds to seed each size (agents and jobs). */
  seeded: Record<number, number>;
  feed?: { scans: number; medianMs: number; worstMs: number };
  ledgerCheck?: { transfers: number; seconds: number; output: string };
}

async function latencies(calls: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(20, calls); i++) await fn(i); // warm: plans, caches, JIT
  const ms = new Float64Array(calls);
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn(i);
    ms[i] = performance.now() - t0;
  }
  ms.sort();
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

async function queriesAt(db: Db, rows: number, calls: number): Promise<ScaleRow[]> {
  const out: ScaleRow[] = [];
  const time = async (what: string, fn: (i: number) => Promise<unknown>) => {
    const r = await latencies(calls, fn);
    out.push({ rows, what, ...r });
    console.log(`scale: ${rows.toLocaleString('en-US')} rows, ${what}: p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}`);
  };
  const dir = (f: Omit<DirectoryFilter, 'limit'>) => listDirectory(db, { limit: 20, ...f });
  const jobs = (f: Omit<JobFilter, 'limit'>) => listJobs(db, { limit: 20, ...f });
  // A cursor halfway down the table: keyset pagination should not care how deep it is.
  const mid = await dir({});
  const deep = mid.length ? await db.query<{ created_at: Date; id: string }>(
    `SELECT created_at, id FROM agents WHERE status = 'active' ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`, [Math.floor(rows / 2)],
  ) : undefined;
  const after = deep?.rows[0] ? decodeCursor(encodeCursor({ createdAt: deep.rows[0].created_at, id: deep.rows[0].id })) : undefined;
  const terms = searchTerms(rows);
  const filters: Omit<DirectoryFilter, 'limit'>[] = [{ tag: 'python' }, { tag: 'security', verified: true }, { service: 'translate', featured: false },
    { featured: true }, { tag: 'rust', q: 'audit' }];
  await time('directory: first page', () => dir({}));
  await time('directory: a page halfway down (cursor)', () => dir({ after }));
  await time(`directory: q= (${terms.length} terms in turn)`, (i) => dir({ q: terms[i % terms.length] }));
  await time('directory: q= a word in no agent', () => dir({ q: 'zebra-unicorn' }));
  await time('directory: filters (5 combinations in turn)', (i) => dir(filters[i % filters.length]));
  await time('jobs: first page', () => jobs({}));
  await time('jobs: status=open', () => jobs({ status: 'open' }));
  await time('jobs: tag= (4 tags in turn)', (i) => jobs({ tag: ['python', 'legal', 'ml', 'no-such-tag'][i % 4] }));
  await time('jobs: poster= (a wallet)', (i) => jobs({ poster: `0x${(i % 500).toString(16).padStart(40, '0')}` }));
  return out;
}

async function feedAt(db: Db, scans: number): Promise<ScaleBench['feed']> {
  const prefix = randomPrefix();
  const config = loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused', REDIS_URL: redisUrl(), QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const t0 = performance.now();
    await withIndexesRebuilt(db, 'scans', () => seedScans(db, scans));
    console.log(`scale: seeded ${scans.toLocaleString('en-US')} scans in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await publishFeed({ config, db, redis });
    const totals: number[] = [];
    for (let i = 0; i < 5; i++) totals.push((await publishFeed({ config, db, redis })).timings.total);
    totals.sort((a, b) => a - b);
    const out = { scans, medianMs: totals[2], worstMs: totals[4] };
    console.log(`scale: feed regeneration over ${scans.toLocaleString('en-US')} scans: median ${fmtMs(out.medianMs)}, worst ${fmtMs(out.worstMs)} of 5`);
    return out;
  } finally {
    await deletePrefix(redis, prefix).catch(() => 0);
    redis.disconnect();
  }
}

async function ledgerCheckAt(db: Db, url: string, transfers: number): Promise<ScaleBench['ledgerCheck']> {
  const t0 = performance.now();
  await withIndexesRebuilt(db, 'ledger_transfers', () => seedLedger(db, transfers));
  console.log(`scale: seeded ${transfers.toLocaleString('en-US')} ledger transfers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const t1 = performance.now();
  const cli = startNode('ledger:check', ['shared/ledger/check-cli.ts'], { DATABASE_URL: url });
  const code = await cli.exited;
  const seconds = (performance.now() - t1) / 1000;
  const output = cli.tail().trim().split('\n').slice(-3).join(' / ');
  console.log(`scale: npm run ledger:check over ${transfers.toLocaleString('en-US')} transfers: ${seconds.toFixed(1)} s (exit ${code}): ${output}`);
  if (code !== 0) throw new Error(`ledger:check failed on the seeded ledger: ${output}`);
  return { transfers, seconds, output };
}

export async function benchScale(): Promise<ScaleBench> {
  const sizes = (process.env.BENCH_SCALE_ROWS ?? '1000,100000,1000000').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const calls = envInt('BENCH_SCALE_QUERIES', 200, 10, 100_000);
  // BENCH_SCALE_LISTS=0: only the feed regeneration and the ledger check, at the largest size.
  const lists = process.env.BENCH_SCALE_LISTS !== '0';
  const result: ScaleBench = { queries: [], seeded: {} };
  for (const [k, rows] of sizes.entries()) {
    const scratch = await scratchDb(true);
    // Not the service's pool: its 15 s statement time-out would stop a million-row insert.
    const db = new pg.Pool({ connectionString: scratch.url, max: 2 });
    db.on('error', () => {}); // an idle connection ended by the server must not end the run
    try {
      await migrate(db);
      const t0 = performance.now();
      if (!lists) {
        if (k === sizes.length - 1) {
          result.feed = await feedAt(db, rows);
          result.ledgerCheck = await ledgerCheckAt(db, scratch.url, rows);
        }
        continue;
      }
      await withIndexesRebuilt(db, 'agents', () => seedAgents(db, rows));
      await withIndexesRebuilt(db, 'jobs', () => seedJobs(db, rows));
      await db.query('VACUUM ANALYZE agents, jobs');
      result.seeded[rows] = (performance.now() - t0) / 1000;
      console.log(`scale: seeded ${rows.toLocaleString('en-US')} agents and as many jobs in ${result.seeded[rows].toFixed(0)} s`);
      result.queries.push(...(await queriesAt(db, rows, calls)));
      if (k === sizes.length - 1) {
        result.feed = await feedAt(db, rows);
        result.ledgerCheck = await ledgerCheckAt(db, scratch.url, rows);
      }
    } finally {
      await db.end();
      await scratch.drop();
    }
  }
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchScale().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
