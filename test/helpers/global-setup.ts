/**
 * Runs once before the suite: makes sure Postgres and Redis answer, and builds a migrated
 * template database that every test file clones (CREATE DATABASE ... TEMPLATE is far faster
 * than migrating per file). Names carry this run's process id, so two suites running at once
 * (two developers, a helper and CI) never touch each other's databases; leftovers of runs whose
 * process is gone are dropped.
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { createPool } from '../../shared/db/pool.js';
import { migrate } from '../../shared/db/migrate.js';
import { adminUrl, redisUrl, serverUrl } from './urls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    runId: string;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function dropStale(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ac\\_test\\_%'");
  for (const { datname } of rows) {
    const pid = Number(/^ac_test_(?:tpl_)?r(\d+)/.exec(datname)?.[1]);
    if (pid && alive(pid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`).catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((err) => {
    throw new Error(`tests need Redis at ${redisUrl()} (${err.message}); start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`);
  });
  await redis.quit();

  const runId = `r${process.pid}`;
  const template = `ac_test_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect().catch((err) => {
    throw new Error(`tests need PostgreSQL at ${serverUrl()} (${err.message}); start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`);
  });
  try {
    await dropStale(admin);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const pool = createPool(`${serverUrl()}/${template}`, 1);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  project.provide('templateDb', template);
  project.provide('runId', runId);
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
}
