import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../shared/db/pool.js';
import { checkLedger, createTransfer, ensureAccount, postPending, voidPending } from '../../shared/ledger/index.js';
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
