/**
 * A fresh, migrated database for one test file, cloned from the template that global setup
 * built, and dropped when the file is done.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, type Db } from '../../shared/db/pool.js';
import { adminUrl, serverUrl } from './urls.js';

export interface TestDb {
  pool: Db;
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function createTestDb(): Promise<TestDb> {
  const template = inject('templateDb');
  // The run id leads the name so that a later run can tell whether its owner is still alive.
  const name = `ac_test_${inject('runId')}_${randomBytes(5).toString('hex')}`;
  // Cloning needs the template to have no other connections; a parallel clone may hold it for
  // a moment, so retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (err) {
      if (attempt > 40) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  const url = `${serverUrl()}/${name}`;
  const pool = createPool(url, 10);
  return {
    pool,
    url,
    name,
    async drop() {
      await pool.end().catch(() => {});
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
