/**
 * Scratch resources for one benchmark: a database `ac_bench_<random>` and a queue prefix
 * `bench<random>`, both removed afterwards. Servers come from BENCH_PG_URL (or TEST_PG_URL;
 * no database part) and REDIS_URL, defaulting to the local ones.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Redis } from 'ioredis';

export function pgServerUrl(): string {
  return (process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
}

export function redisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

export function randomPrefix(): string {
  return `bench${randomBytes(4).toString('hex')}`;
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `${pgServerUrl()}/postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface ScratchDb {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Names a scratch database; with `create` it is created empty here, otherwise the service
 * creates it (its `migrate` role does). Either way `drop()` removes it, connections and all.
 */
export async function scratchDb(create: boolean): Promise<ScratchDb> {
  const name = `ac_bench_${randomBytes(5).toString('hex')}`;
  if (create) await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: `${pgServerUrl()}/${name}`,
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** The server's version string, e.g. "PostgreSQL 15.20". */
export async function postgresVersion(): Promise<string> {
  const { rows } = await withAdmin((c) => c.query<{ v: string }>('SELECT current_setting(\'server_version\') AS v'));
  return `PostgreSQL ${rows[0].v.split(' ')[0]}`;
}

/** Deletes every key under `prefix:` (SCAN in batches, at most 10,000 rounds); returns how many. */
export async function deletePrefix(redis: Redis, prefix: string): Promise<number> {
  if (!/^[\w-]{3,}$/.test(prefix)) throw new Error(`refusing to delete keys of prefix "${prefix}"`);
  let cursor = '0';
  let deleted = 0;
  for (let round = 0; round < 10_000; round++) {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) deleted += await redis.unlink(...keys);
    cursor = next;
    if (cursor === '0') break;
  }
  return deleted;
}
