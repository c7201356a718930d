import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Queryable } from '../../shared/db/pool.js';
import { AccountConflictError, checkLedger, createTransfer, ensureAccount, getAccount, openAccount, postPending, voidPending } from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
const rail = 'external:x402:USDC';
const payer = 'agent:0000000000000000000000d1:available';
const escrow = 'escrow:job:round-trips';

beforeAll(async () => {
  db = await createTestDb();
  await ensureAccount(db.pool, { id: rail, currency: 'USDC', kind: 'external' });
  await ensureAccount(db.pool, { id: payer, currency: 'USDC', kind: 'user' });
  await ensureAccount(db.pool, { id: escrow, currency: 'USDC', kind: 'system' });
  await createTransfer(db.pool, { id: 'rt-fund', debit: rail, credit: payer, amount: 1_000n, code: 'deposit' });
});

afterAll(async () => {
  try {
    expect((await checkLedger(db.pool)).problems).toEqual([]);
  } finally {
    await db.drop();
  }
});

/**
 * Runs `fn` inside a transaction the test opens itself (so BEGIN and COMMIT are not counted:
 * they are the caller's) and returns how many statements the ledger sent for it.
 */
async function statementsFor(fn: (q: Queryable) => Promise<unknown>): Promise<number> {
  const client: pg.PoolClient = await db.pool.connect();
  let sent = 0;
  const counting: Queryable = {
    query: (text: string, values?: unknown[]) => {
      sent++;
      return client.query(text, values);
    },
  };
  try {
    await client.query('BEGIN');
    await fn(counting);
    await client.query('COMMIT');
    return sent;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

describe('round trips per ledger operation', () => {
  it('ensures an existing account in one statement', async () => {
    expect(await statementsFor((q) => ensureAccount(q, { id: rail, currency: 'USDC', kind: 'external' }))).toBe(1);
  });

  it('creates a new account in one statement', async () => {
    expect(await statementsFor((q) => ensureAccount(q, { id: 'agent:rt-new:available', currency: 'USDC', kind: 'user' }))).toBe(1);
  });

  it('creates a transfer in one statement', async () => {
    expect(await statementsFor((q) => createTransfer(q, { id: 'rt-single', debit: payer, credit: escrow, amount: 5n, code: 'payout' }))).toBe(1);
  });

  it('answers a replayed transfer in one statement', async () => {
    const input = { id: 'rt-replay', debit: payer, credit: escrow, amount: 5n, code: 'payout' };
    await createTransfer(db.pool, input);
    expect(await statementsFor((q) => createTransfer(q, input))).toBe(1);
  });

  it('posts a pending transfer in one statement', async () => {
    await createTransfer(db.pool, { id: 'rt-hold-post', debit: payer, credit: escrow, amount: 10n, code: 'escrow', pending: true });
    expect(await statementsFor((q) => postPending(q, { id: 'rt-hold-post:post', pendingId: 'rt-hold-post', amount: 4n }))).toBe(1);
  });

  it('voids a pending transfer in one statement', async () => {
    await createTransfer(db.pool, { id: 'rt-hold-void', debit: payer, credit: escrow, amount: 10n, code: 'escrow', pending: true });
    expect(await statementsFor((q) => voidPending(q, { id: 'rt-hold-void:void', pendingId: 'rt-hold-void' }))).toBe(1);
  });

  it('answers a replayed post in one statement', async () => {
    await createTransfer(db.pool, { id: 'rt-hold-again', debit: payer, credit: escrow, amount: 10n, code: 'escrow', pending: true });
    await postPending(db.pool, { id: 'rt-hold-again:post', pendingId: 'rt-hold-again' });
    expect(await statementsFor((q) => postPending(q, { id: 'rt-hold-again:post', pendingId: 'rt-hold-again' }))).toBe(1);
  });
});

describe('openAccount', () => {
  /** Runs `fn` inside transaction() on `pool` and answers how many statements it sent itself. */
  async function sentBy(pool: TestDb['pool'], fn: (q: Queryable) => Promise<unknown>, commit = true): Promise<number> {
    let sent = 0;
    const rollback = new Error('roll back');
    try {
      await transaction(pool, async (tx) => {
        const query = tx.query.bind(tx);
        // Counted on the client itself, so that commit hooks and its identity stay as they are.
        tx.query = ((text: string, values?: unknown[]) => {
          sent++;
          return query(text, values);
        }) as typeof tx.query;
        try {
          await fn(tx);
        } finally {
          tx.query = query;
        }
        if (!commit) throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
    return sent;
  }

  it('needs no round trip for an account this process saw committed, in the same database only', async () => {
    const id = 'agent:0000000000000000000000e1:available';
    const account = { id, currency: 'USDC' as const, kind: 'user' as const };
    expect(await sentBy(db.pool, (q) => openAccount(q, account))).toBe(1);
    expect(await sentBy(db.pool, (q) => openAccount(q, account))).toBe(0);
    const other = await createTestDb();
    try {
      expect(await sentBy(other.pool, (q) => openAccount(q, account))).toBe(1);
      expect(await getAccount(other.pool, id)).toMatchObject({ id, kind: 'user' });
    } finally {
      await other.drop();
    }
  });

  it('forgets nothing it did not see committed: an account created in a rolled-back transaction is created again', async () => {
    const account = { id: 'agent:0000000000000000000000e2:available', currency: 'USDC' as const, kind: 'user' as const };
    expect(await sentBy(db.pool, (q) => openAccount(q, account), false)).toBe(1);
    expect(await getAccount(db.pool, account.id)).toBeNull();
    expect(await sentBy(db.pool, (q) => openAccount(q, account))).toBe(1);
    expect(await getAccount(db.pool, account.id)).not.toBeNull();
  });

  it('refuses a remembered account under another kind, as ensureAccount does', async () => {
    await expect(sentBy(db.pool, (q) => openAccount(q, { id: rail, currency: 'USDC', kind: 'user' }))).rejects.toThrow(AccountConflictError);
  });
});
