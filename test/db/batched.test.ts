/**
 * Batched statements against a real PostgreSQL: calls that arrive together share one
 * statement, and a write asked for twice happens twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batched } from '../../shared/db/batched.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await db.pool.query("CREATE TABLE counters (id text PRIMARY KEY, n integer NOT NULL DEFAULT 0)");
  await db.pool.query("INSERT INTO counters (id) SELECT 'c' || g FROM generate_series(1, 20) g");
});

afterAll(async () => {
  await db.drop();
});

/** A batched increment that also records each statement's keys. */
function incrementer() {
  const statements: string[][] = [];
  const increment = batched(async (ids: string[]) => {
    statements.push(ids);
    const { rows } = await db.pool.query<{ id: string; n: number }>('UPDATE counters SET n = n + 1 WHERE id = ANY($1::text[]) RETURNING id, n', [ids]);
    return new Map(rows.map((r) => [r.id, r.n]));
  });
  return { increment, statements };
}

describe('batched', () => {
  it('answers the calls that arrive while a statement runs with one statement, each with its own row', async () => {
    const { increment, statements } = incrementer();
    const answers = await Promise.all(['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => increment(id)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(statements).toEqual([['c1'], ['c2', 'c3', 'c4', 'c5']]);
  });

  it('runs a write asked for twice twice: a repeated key waits for the next statement', async () => {
    const { increment, statements } = incrementer();
    const answers = await Promise.all(['c6', 'c7', 'c7', 'c7'].map((id) => increment(id)));
    expect(answers).toEqual([1, 1, 2, 3]);
    expect(statements).toEqual([['c6'], ['c7'], ['c7'], ['c7']]);
  });

  it('answers undefined for a key the statement did not return', async () => {
    const { increment } = incrementer();
    expect(await Promise.all([increment('c8'), increment('nope')])).toEqual([1, undefined]);
  });

  it('rejects the calls of a failed statement and still runs the next', async () => {
    let fail = true;
    const read = batched(async (ids: string[]) => {
      if (fail) {
        fail = false;
        await db.pool.query('SELECT no_such_column FROM counters');
      }
      const { rows } = await db.pool.query<{ id: string; n: number }>('SELECT id, n FROM counters WHERE id = ANY($1::text[])', [ids]);
      return new Map(rows.map((r) => [r.id, r.n]));
    });
    const outcomes = await Promise.allSettled([read('c9'), read('c10')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
  });
});
