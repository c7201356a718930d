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

describe('the ledger\'s write, called while the ledger was empty', () => {
  it('looks transfers up by their index once the ledger has grown, not by a scan planned for an empty table', async () => {
    const client = await db.pool.connect();
    const plans: string[] = [];
    try {
      await client.query(`INSERT INTO ledger_accounts (id, currency, kind, debits_must_not_exceed_credits)
        SELECT 'agent:' || lpad(g::text, 24, '0') || ':available', 'USDC', 'user', true FROM generate_series(1, 200) g
        UNION ALL SELECT 'external:plan:USDC', 'USDC', 'external', false`);
      const write = (batch: string) => client.query(`SELECT * FROM ledger_create_transfers(
        ARRAY(SELECT '${batch}-' || g FROM generate_series(1, 4) g), ARRAY(SELECT 'external:plan:USDC' FROM generate_series(1, 4) g),
        ARRAY(SELECT 'agent:' || lpad(g::text, 24, '0') || ':available' FROM generate_series(1, 4) g), ARRAY(SELECT 100::bigint FROM generate_series(1, 4) g),
        ARRAY(SELECT 'test' FROM generate_series(1, 4) g), ARRAY(SELECT false FROM generate_series(1, 4) g),
        ARRAY(SELECT NULL::timestamptz FROM generate_series(1, 4) g), ARRAY(SELECT '{}'::jsonb FROM generate_series(1, 4) g))`);
      // Past the five calls after which PostgreSQL would otherwise settle on a generic plan.
      for (let i = 0; i < 8; i++) await write(`early${i}`);
      await client.query(`INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind)
        SELECT 'bulk-' || g, 'external:plan:USDC', 'agent:' || lpad((g % 200 + 1)::text, 24, '0') || ':available', 1, 'USDC', 'test', 'single'
        FROM generate_series(1, 30000) g`);
      // The plans of the function's statements, sent to this client (auto_explain ships with PostgreSQL).
      client.on('notice', (n) => plans.push(n.message ?? ''));
      await client.query("LOAD 'auto_explain'");
      await client.query("SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = 'notice'; SET client_min_messages = 'notice'");
      await write('late');
      const lookups = plans.filter((p) => p.includes('FROM ledger_transfers t WHERE t.id = ANY'));
      expect(lookups.length).toBeGreaterThan(0);
      for (const plan of lookups) expect(plan).not.toMatch(/Seq Scan on ledger_transfers/);
    } finally {
      await client.query('RESET ALL').catch(() => undefined);
      client.release(true);
    }
  });
});
