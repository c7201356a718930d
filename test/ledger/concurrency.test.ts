import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db, type Queryable } from '../../shared/db/pool.js';
import {
  balanceOf,
  checkLedger,
  createTransfer,
  ensureAccount,
  getAccount,
  InsufficientFundsError,
  postPending,
  TransferConflictError,
  voidPending,
} from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

const PARALLEL = 20;
let db: TestDb;
// One connection per parallel transaction, so they truly overlap in the server.
let wide: Db;

beforeAll(async () => {
  db = await createTestDb();
  wide = createPool(db.url, PARALLEL + 2);
  await ensureAccount(db.pool, { id: 'external:x402:USDC', currency: 'USDC', kind: 'external' });
});

afterAll(async () => {
  try {
    await wide.end();
    expect((await checkLedger(db.pool)).problems).toEqual([]);
  } finally {
    await db.drop();
  }
});

/** Resolves once `n` callers have arrived: every transaction is open before any of them moves. */
function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === n) open();
    return gate;
  };
}

/**
 * BEGIN ... COMMIT by hand, without `transaction()`'s retry on deadlock, so a deadlock would
 * surface as a failure here instead of being quietly retried.
 */
async function inOwnTransaction<T>(wait: () => Promise<void>, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client: pg.PoolClient = await wide.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1');
    await wait();
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

async function fundedUser(id: string, amount: bigint): Promise<void> {
  await ensureAccount(db.pool, { id, currency: 'USDC', kind: 'user' });
  await createTransfer(db.pool, { id: `fund:${id}`, debit: 'external:x402:USDC', credit: id, amount, code: 'deposit' });
}

describe('concurrent transfers', () => {
  it('never overdraw one account when twenty spend from it at once', async () => {
    await fundedUser('agent:spender:available', 10n);
    await ensureAccount(db.pool, { id: 'agent:payee:available', currency: 'USDC', kind: 'user' });
    const wait = barrier(PARALLEL);
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        inOwnTransaction(wait, (tx) =>
          createTransfer(tx, { id: `spend-${i}`, debit: 'agent:spender:available', credit: 'agent:payee:available', amount: 1n, code: 'payout' }),
        ),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof InsufficientFundsError)).toBe(true);
    expect(await balanceOf(db.pool, 'agent:spender:available')).toMatchObject({ posted: 0n, available: 0n });
    expect((await balanceOf(db.pool, 'agent:payee:available')).posted).toBe(10n);
  });

  it('never deadlock when transfers cross between the same accounts in both directions', async () => {
    const accounts = ['agent:ring-a:available', 'agent:ring-b:available', 'agent:ring-c:available'];
    for (const id of accounts) await fundedUser(id, 1_000n);
    const wait = barrier(PARALLEL);
    await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        inOwnTransaction(wait, async (tx) => {
          // Two transfers per transaction, in opposite directions across the ring.
          const [a, b] = [accounts[i % 3], accounts[(i + 1) % 3]];
          await createTransfer(tx, { id: `ring-${i}-out`, debit: a, credit: b, amount: 3n, code: 'payout' });
          await createTransfer(tx, { id: `ring-${i}-back`, debit: b, credit: a, amount: 2n, code: 'refund' });
        }),
      ),
    );
    const total = await Promise.all(accounts.map(async (id) => (await balanceOf(db.pool, id)).posted));
    expect(total.reduce((s, x) => s + x, 0n)).toBe(3_000n);
  });

  it('credits a transfer id once when the same transfer is retried concurrently, even one spending everything', async () => {
    await fundedUser('agent:retrier:available', 30n);
    await ensureAccount(db.pool, { id: 'agent:retry-payee:available', currency: 'USDC', kind: 'user' });
    const wait = barrier(PARALLEL);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        inOwnTransaction(wait, (tx) =>
          createTransfer(tx, { id: 'same-id', debit: 'agent:retrier:available', credit: 'agent:retry-payee:available', amount: 30n, code: 'payout' }),
        ),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await balanceOf(db.pool, 'agent:retry-payee:available')).posted).toBe(30n);
  });

  it('credits a transfer id once when concurrent retries still find enough funds after the first', async () => {
    // The twins pass the funds check under the locks, so only the INSERT's conflict stops them.
    await fundedUser('agent:rich-retrier:available', 30n);
    await ensureAccount(db.pool, { id: 'agent:rich-payee:available', currency: 'USDC', kind: 'user' });
    const wait = barrier(PARALLEL);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        inOwnTransaction(wait, (tx) =>
          createTransfer(tx, { id: 'same-id-rich', debit: 'agent:rich-retrier:available', credit: 'agent:rich-payee:available', amount: 10n, code: 'payout' }),
        ),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.every((r) => r.transfer.id === 'same-id-rich' && r.transfer.amount === 10n)).toBe(true);
    expect((await balanceOf(db.pool, 'agent:rich-payee:available')).posted).toBe(10n);
    expect((await balanceOf(db.pool, 'agent:rich-retrier:available')).posted).toBe(20n);
  });

  it('gives an id to one transfer when transfers between different accounts race for it', async () => {
    // Disjoint accounts: no lock orders them, so the losers meet the winner at the INSERT itself.
    for (let i = 0; i < PARALLEL; i++) {
      await fundedUser(`agent:claim-${i}:available`, 5n);
      await ensureAccount(db.pool, { id: `escrow:claim:${i}`, currency: 'USDC', kind: 'system' });
    }
    const wait = barrier(PARALLEL);
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        inOwnTransaction(wait, (tx) =>
          createTransfer(tx, { id: 'claimed-id', debit: `agent:claim-${i}:available`, credit: `escrow:claim:${i}`, amount: 5n, code: 'escrow' }),
        ),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<{ created: boolean }>).value.created).toBe(true);
    const lost = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(lost.every((o) => o.reason instanceof TransferConflictError)).toBe(true);
  });

  it('creates an account once when twenty transactions ensure it at once', async () => {
    const wait = barrier(PARALLEL);
    const accounts = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        inOwnTransaction(wait, (tx) => ensureAccount(tx, { id: 'escrow:job:ensured-at-once', currency: 'USDC', kind: 'system' })),
      ),
    );
    expect(new Set(accounts.map((a) => a.createdAt.getTime())).size).toBe(1);
    expect(accounts.every((a) => a.id === 'escrow:job:ensured-at-once' && a.kind === 'system')).toBe(true);
    expect(await getAccount(db.pool, 'escrow:job:ensured-at-once')).toEqual(accounts[0]);
  });

  it('answers ensureAccount and a retried transfer without waiting for a transaction holding the account', async () => {
    await fundedUser('agent:busy:available', 10n);
    const holder = await wide.connect();
    try {
      await holder.query('BEGIN');
      // Holds 'external:x402:USDC' and the busy account until ROLLBACK, like a settlement in flight.
      await createTransfer(holder, { id: 'busy-deposit', debit: 'external:x402:USDC', credit: 'agent:busy:available', amount: 1n, code: 'deposit' });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('waited for the lock')), 2_000)));
      const answers = Promise.all([
        ensureAccount(db.pool, { id: 'external:x402:USDC', currency: 'USDC', kind: 'external' }),
        createTransfer(db.pool, { id: 'fund:agent:busy:available', debit: 'external:x402:USDC', credit: 'agent:busy:available', amount: 10n, code: 'deposit' }),
      ]);
      const [account, retry] = await Promise.race([answers, timeout]).finally(() => clearTimeout(timer));
      expect(account.kind).toBe('external');
      expect(retry.created).toBe(false);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('posts a pending transfer once when the same post is retried concurrently', async () => {
    await fundedUser('agent:poster:available', 50n);
    await ensureAccount(db.pool, { id: 'escrow:job:twins', currency: 'USDC', kind: 'system' });
    await createTransfer(db.pool, { id: 'twin-hold', debit: 'agent:poster:available', credit: 'escrow:job:twins', amount: 50n, code: 'escrow', pending: true });
    const wait = barrier(PARALLEL);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => inOwnTransaction(wait, (tx) => postPending(tx, { id: 'twin-post', pendingId: 'twin-hold', amount: 20n }))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await balanceOf(db.pool, 'agent:poster:available')).toMatchObject({ posted: 30n, pendingOut: 0n });
  });

  it('resolve a pending transfer once when posts and voids race for it', async () => {
    await fundedUser('agent:holder:available', 100n);
    await ensureAccount(db.pool, { id: 'escrow:job:race', currency: 'USDC', kind: 'system' });
    await createTransfer(db.pool, { id: 'race-hold', debit: 'agent:holder:available', credit: 'escrow:job:race', amount: 100n, code: 'escrow', pending: true });
    const wait = barrier(PARALLEL);
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        inOwnTransaction(wait, (tx) =>
          i % 2 === 0
            ? postPending(tx, { id: `race-post-${i}`, pendingId: 'race-hold', amount: 40n })
            : voidPending(tx, { id: `race-void-${i}`, pendingId: 'race-hold' }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const { posted, pendingOut } = await balanceOf(db.pool, 'agent:holder:available');
    expect(pendingOut).toBe(0n);
    expect([100n, 60n]).toContain(posted);
  });
});
