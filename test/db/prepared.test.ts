/**
 * Prepared statements against a real PostgreSQL: the column lists they name instead of `*` are
 * complete, and a connection that prepared them keeps working after a migration adds a column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../shared/db/pool.js';
import { JOB_COLUMNS } from '../../shared/jobs/queries.js';
import { PAYMENT_COLUMNS } from '../../shared/payments/queries.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(async () => {
  await db.drop();
});

async function columnsOf(table: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
    [table],
  );
  return rows.map((r) => r.column_name);
}

describe('prepared statements', () => {
  it('name every column of payments and jobs, so no row comes back short', async () => {
    expect([...PAYMENT_COLUMNS].sort()).toEqual((await columnsOf('payments')).sort());
    expect([...JOB_COLUMNS].sort()).toEqual((await columnsOf('jobs')).sort());
  });

  it('keep answering on the same connection after a migration adds a column', async () => {
    await db.pool.query('CREATE TABLE prepared_rows (id text PRIMARY KEY, n int NOT NULL)');
    await db.pool.query("INSERT INTO prepared_rows VALUES ('a', 1)");
    const client = await db.pool.connect();
    try {
      const read = () => preparedQuery<{ id: string; n: number }>(client, 'SELECT id, n FROM prepared_rows WHERE id = $1', ['a']);
      expect((await read()).rows).toEqual([{ id: 'a', n: 1 }]);
      await db.pool.query('ALTER TABLE prepared_rows ADD COLUMN added text');
      expect((await read()).rows).toEqual([{ id: 'a', n: 1 }]);
    } finally {
      client.release();
    }
  });

  it('prepare one text once per connection and tell different texts apart', async () => {
    const client = await db.pool.connect();
    try {
      const one = await preparedQuery<{ v: number }>(client, 'SELECT $1::int + 1 AS v', [1]);
      const two = await preparedQuery<{ v: number }>(client, 'SELECT $1::int + 2 AS v', [1]);
      const again = await preparedQuery<{ v: number }>(client, 'SELECT $1::int + 1 AS v', [5]);
      expect([one.rows[0].v, two.rows[0].v, again.rows[0].v]).toEqual([2, 3, 6]);
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + %'");
      expect(rows[0].n).toBe(2);
    } finally {
      client.release();
    }
  });
});
