/**
 * A check, not a benchmark: two `web` processes and one `worker` against the same database, the
 * same Redis and the same queue prefix, as a scaled-out deployment runs them. It fails loudly
 * when something one process holds in memory makes another answer wrongly:
 *
 * - the feed: the first read on web A has the worker build it; web B serves the same bytes; a
 *   new rendering stored in Redis is served by both within a second (by its announcement, with
 *   FEED_REVALIDATE_MS a minute), 304s follow the new ETag;
 * - scans: a scan posted to web A is run by the worker and read finished on web B;
 * - the directory: a flag set by the admin on web A shows at once on web B's filtered list (one B
 *   had served and kept before the change), and
 *   on its unfiltered first page within DIRECTORY_CACHE_MS;
 * - rate limits: requests spread over A and B share one budget (RATE_LIMIT_PER_MINUTE=40).
 *
 * `npx tsx bench/multi-process.ts`. Loopback only; its database and Redis keys are removed.
 */
import { Redis } from 'ioredis';
import { createPool } from '../shared/db/pool.js';
import { storeRenderings } from '../shared/feed-store.js';
import { httpClient, sleep, type HttpClient } from './lib/load.js';
import { seedAgents } from './lib/seed.js';
import { freePort, runNode, startNode, waitUntil, type Child } from './lib/spawn.js';
import { deletePrefix, randomPrefix, redisUrl, scratchDb } from './lib/scratch.js';

const ADMIN = 'multi-process-admin-token-0123456789';

function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  const db = await scratchDb(false);
  const prefix = randomPrefix();
  const ports = [await freePort(), await freePort()];
  const base = {
    DATABASE_URL: db.url, REDIS_URL: redisUrl(), QUEUE_PREFIX: prefix, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development',
    ADMIN_TOKEN: ADMIN, RATE_LIMIT_PER_MINUTE: '40', FEED_REVALIDATE_MS: '60000', TRIAL_SCANS_PER_DAY: '100', SIGNING_MASTER_KEY: 'multi-process-signing-key-0123456789abcdef',
  };
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  const children: Child[] = [];
  const clients: HttpClient[] = [];
  try {
    await runNode('migrate', ['main.ts', 'migrate'], base, 60_000);
    const pool = createPool(db.url, 1);
    await seedAgents(pool, 50);
    await pool.end();
    children.push(...ports.map((p, i) => startNode(`web ${'AB'[i]}`, ['main.ts', 'web'], { ...base, PORT: String(p) })));
    children.push(startNode('worker', ['main.ts', 'worker'], { ...base, PORT: '0' }));
    const [a, b] = ports.map((p) => httpClient(p, 4, 10_000));
    clients.push(a, b);
    for (const c of [a, b]) await waitUntil('a web process to be ready', async () => (await c.send({ method: 'GET', path: '/readyz' })).status === 200, 30_000);
    const get = (c: HttpClient, path: string, headers = {}) => c.send({ method: 'GET', path, headers });

    // The feed.
    const feedA = await get(a, '/api/feed');
    const feedB = await get(b, '/api/feed');
    check('feed: web B serves the rendering the worker built on web A\'s request', feedA.status === 200 && feedB.body === feedA.body && feedB.headers.etag === feedA.headers.etag);
    const json = JSON.stringify({ ...JSON.parse(feedA.body), title: 'stored by another worker' });
    const stored = await storeRenderings(redis, prefix, { json, rss: '<rss version="2.0"><channel><title>x</title></channel></rss>', lastModified: new Date(), version: Date.now() + 1 });
    const storedAt = performance.now();
    for (const [name, c] of [['A', a], ['B', b]] as const) {
      // FEED_REVALIDATE_MS is a minute here: only the store's announcement can make it this fast.
      let now = await get(c, '/api/feed');
      while (now.body !== json && performance.now() - storedAt < 1000) now = await get(c, '/api/feed');
      const after = performance.now() - storedAt;
      const old = await get(c, '/api/feed', { 'if-none-match': String(feedA.headers.etag) });
      const same = await get(c, '/api/feed', { 'if-none-match': stored.jsonEtag });
      check(`feed: web ${name} serves a newly stored rendering within a second (200 for the old ETag, 304 for the new)`,
        now.body === json && old.status === 200 && same.status === 304, `${now.status} ${old.status} ${same.status}, served ${after.toFixed(1)} ms after the store`);
    }

    // Scans: posted on A, run by the worker, read on B.
    const skill = { name: 'calm-formatter', files: [{ path: 'SKILL.md', text: '---\nname: calm-formatter\ndescription: Formats tables\n---\nFormats markdown tables.' }] };
    const posted = await a.send({ method: 'POST', path: '/api/scan', headers: { 'content-type': 'application/json' }, body: JSON.stringify(skill) });
    const id = (JSON.parse(posted.body) as { result?: { id?: string } }).result?.id;
    let status = '';
    await waitUntil('the scan to finish', async () => {
      status = (JSON.parse((await get(b, `/api/scan/${id}`)).body) as { result?: { status?: string } }).result?.status ?? '';
      return status === 'done';
    }, 20_000).catch(() => {});
    check('scans: posted on web A, run by the worker, read finished on web B', [200, 201, 202].includes(posted.status) && status === 'done', `${posted.status}, ${status}`);

    // The directory: a flag set through A, read through B.
    const first = JSON.parse((await get(b, '/api/v1/agents')).body) as { agents: { id: string; featured: boolean }[] };
    const target = first.agents.find((x) => !x.featured)!;
    // Asked on B before the change, so B keeps that page (under the directory's version it read).
    await get(b, '/api/v1/agents?featured=true&limit=100');
    const patched = await a.send({ method: 'PATCH', path: `/api/v1/agents/${target.id}`, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: '{"featured":true}' });
    const filtered = JSON.parse((await get(b, '/api/v1/agents?featured=true&limit=100')).body) as { agents: { id: string }[] };
    check('directory: a flag set on web A shows at once in web B\'s filtered list', patched.status === 200 && filtered.agents.some((x) => x.id === target.id));
    await sleep(1100);
    const later = JSON.parse((await get(b, '/api/v1/agents')).body) as { agents: { id: string; featured: boolean }[] };
    check('directory: and on web B\'s unfiltered first page after DIRECTORY_CACHE_MS', later.agents.find((x) => x.id === target.id)?.featured === true);

    // Rate limits: one budget across processes (the requests above counted too).
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await get(i % 2 ? a : b, '/healthz')).status);
    check('rate limits: requests spread over web A and B share one budget', statuses.includes(429), `first 429 after ${statuses.indexOf(429)} of these 40`);
  } finally {
    for (const c of clients) c.close();
    await Promise.all(children.map((c) => c.stop(10_000)));
    await deletePrefix(redis, prefix).catch(() => 0);
    redis.disconnect();
    await db.drop();
  }
}

main().then(() => process.exit(process.exitCode ?? 0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
