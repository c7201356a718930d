/**
 * Runs once before the suite: makes sure Postgres and Redis answer, and builds a migrated
 * template database that every test file clones (CREATE DATABASE ... TEMPLATE is far faster
 * than migrating per file).
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import { createPool } from '../../shared/db/pool.js';
import { migrate } from '../../shared/db/migrate.js';
import { adminUrl, serverUrl, TEMPLATE_DB } from './urls.js';

export default async function setup(): Promise<() => Promise<void>> {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((err) => {
    throw new Error(`tests need Redis at 127.0.0.1:6379 (${err.message}); start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`);
  });
  await redis.quit();

  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect().catch((err) => {
    throw new Error(`tests need PostgreSQL at ${serverUrl()} (${err.message}); start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`);
  });
  try {
    // Drop leftovers of interrupted earlier runs (their files are long gone).
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'ac_test_%' AND datname <> $1", [TEMPLATE_DB]);
    for (const r of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(r.datname)} WITH (FORCE)`).catch(() => {});
    }
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const pool = createPool(`${serverUrl()}/${TEMPLATE_DB}`, 1);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
}
