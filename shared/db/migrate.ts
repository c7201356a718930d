/**
 * A small migrator: numbered plain .sql files in ./migrations, applied in order, each in its own
 * transaction, all under one advisory lock so that two release steps cannot race. An applied file
 * is never edited; its checksum is kept and a mismatch stops the run.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgCode, pgCode, type Db } from './pool.js';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
/** An arbitrary constant; the same number in every process that migrates. */
const LOCK_KEY = 460_902_731;

export interface Migration {
  id: number;
  name: string;
  sql: string;
  checksum: string;
}

export async function loadMigrations(): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => {
      const sql = await readFile(dir + name, 'utf8');
      return { id: Number(name.slice(0, 4)), name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await loadMigrations();
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ id: number; checksum: string; name: string }>(
      'SELECT id, name, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((r) => [r.id, r]));
    for (const m of migrations) {
      const prior = done.get(m.id);
      if (prior) {
        if (prior.checksum !== m.checksum) {
          throw new Error(`migration ${m.name} was edited after it was applied; add a new migration instead`);
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id, name, checksum) VALUES ($1, $2, $3)', [m.id, m.name, m.checksum]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return applied;
}

/**
 * Creates the database named in `databaseUrl` when it does not exist, by connecting to the
 * server's `postgres` database. Returns true when it created one.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const probe = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    return false;
  } catch (err) {
    if (pgCode(err) !== PgCode.invalidCatalogName) throw err;
  } finally {
    await probe.end().catch(() => {});
  }
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return true;
  } catch (err) {
    if (pgCode(err) === PgCode.duplicateDatabase) return false; // another process won the race
    throw err;
  } finally {
    await client.end();
  }
}
