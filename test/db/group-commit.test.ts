/**
 * Group commit against a real PostgreSQL: units that arrive together share one transaction,
 * nothing is answered before its COMMIT, and a failing unit costs its neighbours nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit, TransactionAbortedError, type Queryable } from '../../shared/db/pool.js';
import { groupCommit, setCommit } from '../../shared/db/group-commit.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await db.pool.query('CREATE TABLE gc_rows (id text PRIMARY KEY, tx bigint NOT NULL)');
});

afterAll(async () => {
  await db.drop();
});

beforeEach(async () => {
  await db.pool.query('TRUNCATE gc_rows');
});

/** A unit that writes one row and answers the transaction it ran in. */
const write = (id: string) => async (tx: Queryable): Promise<string> => {
  const { rows } = await tx.query<{ tx: string }>('INSERT INTO gc_rows (id, tx) VALUES ($1, txid_current()) RETURNING tx::text', [id]);
  return rows[0].tx;
};

async function committedIds(): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM gc_rows ORDER BY id');
  return rows.map((r) => r.id);
}

describe('groupCommit', () => {
  it('runs units that arrive together in one transaction, each answered once it is committed', async () => {
    const commit = groupCommit(db.pool);
    const ids = Array.from({ length: 9 }, (_, i) => `u${i}`);
    const txs = await Promise.all(ids.map((id) => commit.run(write(id))));
    // The first unit starts at once on its own; the eight arriving meanwhile form one group.
    expect(new Set(txs.slice(1)).size).toBe(1);
    expect(txs[0]).not.toBe(txs[1]);
    expect(commit.stats).toMatchObject({ groups: 1, grouped: 8, alone: 1, fallbacks: 0 });
    expect(await committedIds()).toEqual(ids);
  });

  it('answers no unit before its group has committed', async () => {
    const commit = groupCommit(db.pool);
    const seen = await Promise.all(['a', 'b', 'c'].map((id) => commit.run(write(id)).then(async () => {
      const { rows } = await db.pool.query('SELECT 1 FROM gc_rows WHERE id = $1', [id]);
      return rows.length;
    })));
    expect(seen).toEqual([1, 1, 1]);
  });

  it('gives a failing unit its own error and commits its neighbours, none of its writes', async () => {
    const commit = groupCommit(db.pool);
    const failing = async (tx: Queryable) => {
      await write('bad')(tx);
      throw new Error('this unit refuses');
    };
    const outcomes = await Promise.allSettled([commit.run(write('first')), commit.run(write('x')), commit.run(failing), commit.run(write('y'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toHaveProperty('message', 'this unit refuses');
    expect(await committedIds()).toEqual(['first', 'x', 'y']);
    expect(commit.stats.fallbacks).toBe(1);
  });

  it('never reports as committed a unit that swallowed a failed statement (PostgreSQL rolled it back)', async () => {
    const commit = groupCommit(db.pool);
    const swallowing = async (tx: Queryable) => {
      await write('dup')(tx);
      await write('dup')(tx).catch(() => undefined);
      return 'looked fine';
    };
    const outcomes = await Promise.allSettled([commit.run(write('first')), commit.run(swallowing), commit.run(write('z'))]);
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: expect.any(TransactionAbortedError) });
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(await committedIds()).toEqual(['first', 'z']);
  });

  it('runs each unit\'s after-commit hooks once, after the commit that kept its work', async () => {
    const commit = groupCommit(db.pool);
    const heard: string[] = [];
    const hooked = (id: string, fail = false) => async (tx: Queryable) => {
      await write(id)(tx);
      afterCommit(tx, () => heard.push(id));
      if (fail) throw new Error('no');
    };
    await Promise.allSettled([commit.run(hooked('h0')), commit.run(hooked('h1')), commit.run(hooked('h2', true)), commit.run(hooked('h3'))]);
    expect(heard.sort()).toEqual(['h0', 'h1', 'h3']);
  });
});

describe('setCommit', () => {
  /** Writes every input of a group with one statement and answers each input's transaction. */
  const calls: number[] = [];
  const writeAll = async (tx: Queryable, ids: string[]): Promise<string[]> => {
    calls.push(ids.length);
    if (ids.includes('bad')) throw new Error('a bad input fails its set');
    const { rows } = await tx.query<{ tx: string }>('INSERT INTO gc_rows (id, tx) SELECT unnest($1::text[]), txid_current() RETURNING tx::text', [ids]);
    return rows.map((r) => r.tx);
  };

  beforeEach(() => {
    calls.length = 0;
  });

  it('runs the inputs that arrive together as one set, in one call and one transaction', async () => {
    const set = setCommit(db.pool, writeAll);
    const ids = Array.from({ length: 6 }, (_, i) => `s${i}`);
    const txs = await Promise.all(ids.map((id) => set.run(id)));
    expect(calls).toEqual([1, 5]);
    expect(new Set(txs.slice(1)).size).toBe(1);
    expect(set.stats).toMatchObject({ groups: 1, grouped: 5, alone: 1, fallbacks: 0 });
    expect(await committedIds()).toEqual(ids);
  });

  it('runs each input of a failed set again as a set of one, so only the bad one fails', async () => {
    const set = setCommit(db.pool, writeAll);
    const outcomes = await Promise.allSettled(['f0', 'f1', 'bad', 'f2'].map((id) => set.run(id)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(set.stats).toMatchObject({ fallbacks: 1 });
    expect(calls).toEqual([1, 3, 1, 1, 1]);
    expect(await committedIds()).toEqual(['f0', 'f1', 'f2']);
  });
});
