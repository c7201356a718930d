import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountConflictError,
  AccountIds,
  AccountNotFoundError,
  balanceOf,
  checkLedger,
  createTransfer,
  CurrencyMismatchError,
  ensureAccount,
  getAccount,
  getTransfer,
  InsufficientFundsError,
  InvalidTransferError,
  TransferConflictError,
  withLedger,
} from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
const rail = AccountIds.external('x402', 'USDC');
const alice = AccountIds.agentAvailable('a'.repeat(24));
const bob = AccountIds.agentAvailable('b'.repeat(24));

beforeAll(async () => {
  db = await createTestDb();
  await ensureAccount(db.pool, { id: rail, currency: 'USDC', kind: 'external' });
  await ensureAccount(db.pool, { id: alice, currency: 'USDC', kind: 'user' });
  await ensureAccount(db.pool, { id: bob, currency: 'USDC', kind: 'user' });
  await createTransfer(db.pool, { id: 'fund-alice', debit: rail, credit: alice, amount: 1_000n, code: 'deposit' });
});

afterAll(async () => {
  try {
    expect((await checkLedger(db.pool)).problems).toEqual([]);
  } finally {
    await db.drop();
  }
});

describe('ensureAccount', () => {
  it('creates an account once and returns the same one on later calls', async () => {
    const first = await ensureAccount(db.pool, { id: 'bond:' + 'c'.repeat(24), currency: 'USDC', kind: 'system' });
    const again = await ensureAccount(db.pool, { id: first.id, currency: 'USDC', kind: 'system' });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ debitsMustNotExceedCredits: true, creditsPosted: 0n, debitsPending: 0n });
  });

  it('lets only external accounts go below zero', async () => {
    expect((await getAccount(db.pool, rail))!.debitsMustNotExceedCredits).toBe(false);
    expect((await getAccount(db.pool, alice))!.debitsMustNotExceedCredits).toBe(true);
  });

  it('refuses an existing id asked for in another currency or kind', async () => {
    await expect(ensureAccount(db.pool, { id: alice, currency: 'SAT', kind: 'user' })).rejects.toThrow(AccountConflictError);
    await expect(ensureAccount(db.pool, { id: alice, currency: 'USDC', kind: 'system' })).rejects.toThrow(AccountConflictError);
  });
});

describe('createTransfer', () => {
  it('moves money at once and reports both balances', async () => {
    const { transfer, created } = await createTransfer(db.pool, { id: 't-move', debit: alice, credit: bob, amount: 100n, code: 'payout', metadata: { job: 'j1' } });
    expect(created).toBe(true);
    expect(transfer).toMatchObject({ kind: 'single', state: null, currency: 'USDC', amount: 100n, metadata: { job: 'j1' } });
    expect(await balanceOf(db.pool, bob)).toEqual({ accountId: bob, currency: 'USDC', posted: 100n, pendingOut: 0n, pendingIn: 0n, available: 100n });
    expect((await balanceOf(db.pool, rail)).posted).toBe(-1_000n);
  });

  it('returns the first transfer on an idempotent retry and moves nothing more', async () => {
    const input = { id: 't-retry', debit: alice, credit: bob, amount: 7n, code: 'payout' };
    const before = await balanceOf(db.pool, bob);
    const first = await createTransfer(db.pool, input);
    const again = await createTransfer(db.pool, { ...input, metadata: { rebuilt: true } });
    expect(again).toEqual({ transfer: first.transfer, created: false });
    expect((await balanceOf(db.pool, bob)).posted).toBe(before.posted + 7n);
  });

  it('refuses to reuse an id for a different transfer and names the difference', async () => {
    await createTransfer(db.pool, { id: 't-conflict', debit: alice, credit: bob, amount: 5n, code: 'payout' });
    const reuse = createTransfer(db.pool, { id: 't-conflict', debit: alice, credit: bob, amount: 6n, code: 'payout' });
    await expect(reuse).rejects.toThrow(TransferConflictError);
    await expect(reuse).rejects.toThrow(/amount is 5, not 6/);
    await expect(createTransfer(db.pool, { id: 't-conflict', debit: alice, credit: bob, amount: 5n, code: 'payout', pending: true }))
      .rejects.toThrow(/kind is single, not pending/);
  });

  it('refuses a transfer that would overdraw a user account and writes nothing', async () => {
    const before = await balanceOf(db.pool, alice);
    const err = await createTransfer(db.pool, { id: 't-overdraw', debit: alice, credit: bob, amount: before.available + 1n, code: 'payout' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect(err).toMatchObject({ accountId: alice, available: before.available });
    expect(await getTransfer(db.pool, 't-overdraw')).toBeNull();
    expect(await balanceOf(db.pool, alice)).toEqual(before);
  });

  it('leaves the caller’s transaction usable after refusing for lack of funds', async () => {
    const outcome = await withLedger(db.pool, async (tx) => {
      await createTransfer(tx, { id: 't-too-much', debit: bob, credit: alice, amount: 10n ** 12n, code: 'refund' }).catch(() => 'refused');
      return createTransfer(tx, { id: 't-after-refusal', debit: bob, credit: alice, amount: 1n, code: 'refund' });
    });
    expect(outcome.created).toBe(true);
    expect(await getTransfer(db.pool, 't-too-much')).toBeNull();
  });

  it('leaves the caller’s transaction usable after every kind of refusal', async () => {
    await ensureAccount(db.pool, { id: 'agent:sats2:available', currency: 'SAT', kind: 'user' });
    await createTransfer(db.pool, { id: 't-taken', debit: alice, credit: bob, amount: 2n, code: 'payout' });
    const outcome = await withLedger(db.pool, async (tx) => {
      const refusals = [
        createTransfer(tx, { id: 't-r1', debit: alice, credit: 'agent:nobody:available', amount: 1n, code: 'payout' }),
        createTransfer(tx, { id: 't-r2', debit: alice, credit: 'agent:sats2:available', amount: 1n, code: 'payout' }),
        createTransfer(tx, { id: 't-taken', debit: alice, credit: bob, amount: 3n, code: 'payout' }),
        createTransfer(tx, { id: 't-r3', debit: bob, credit: alice, amount: 10n ** 12n, code: 'refund' }),
        ensureAccount(tx, { id: alice, currency: 'SAT', kind: 'user' }),
      ];
      for (const refusal of refusals) await expect(refusal).rejects.toThrow();
      return createTransfer(tx, { id: 't-after-refusals', debit: alice, credit: bob, amount: 1n, code: 'payout' });
    });
    expect(outcome.created).toBe(true);
    for (const id of ['t-r1', 't-r2', 't-r3']) expect(await getTransfer(db.pool, id)).toBeNull();
  });

  it('names the missing account and both currencies in its refusals', async () => {
    await expect(createTransfer(db.pool, { id: 't-n1', debit: 'agent:ghost:available', credit: bob, amount: 1n, code: 'payout' }))
      .rejects.toMatchObject({ accountId: 'agent:ghost:available' });
    await expect(createTransfer(db.pool, { id: 't-n2', debit: alice, credit: 'agent:ghost:available', amount: 1n, code: 'payout' }))
      .rejects.toMatchObject({ accountId: 'agent:ghost:available' });
    await ensureAccount(db.pool, { id: 'agent:sats3:available', currency: 'SAT', kind: 'user' });
    await expect(createTransfer(db.pool, { id: 't-n3', debit: alice, credit: 'agent:sats3:available', amount: 1n, code: 'payout' }))
      .rejects.toMatchObject({ debitCurrency: 'USDC', creditCurrency: 'SAT' });
  });

  it('keeps a pending transfer’s timeout and its metadata as given', async () => {
    const timeoutAt = new Date(Date.now() + 60_000);
    const { transfer } = await createTransfer(db.pool, {
      id: 't-timeout', debit: alice, credit: bob, amount: 1n, code: 'escrow', pending: true, timeoutAt, metadata: { job: 'j2', n: [1, 2] },
    });
    expect(transfer).toMatchObject({ timeoutAt, metadata: { job: 'j2', n: [1, 2] }, state: 'pending', pendingId: null });
    expect(await getTransfer(db.pool, 't-timeout')).toEqual(transfer);
  });

  it('rolls back its transfers with the caller’s transaction', async () => {
    await expect(
      withLedger(db.pool, async (tx) => {
        await createTransfer(tx, { id: 't-rolled-back', debit: alice, credit: bob, amount: 1n, code: 'payout' });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await getTransfer(db.pool, 't-rolled-back')).toBeNull();
  });

  it('refuses to move money between currencies', async () => {
    await ensureAccount(db.pool, { id: 'agent:sats:available', currency: 'SAT', kind: 'user' });
    await expect(createTransfer(db.pool, { id: 't-fx', debit: alice, credit: 'agent:sats:available', amount: 1n, code: 'payout' }))
      .rejects.toThrow(CurrencyMismatchError);
  });

  it('refuses unknown accounts, zero amounts, self transfers and odd codes', async () => {
    await expect(createTransfer(db.pool, { id: 't-x1', debit: alice, credit: 'agent:nobody:available', amount: 1n, code: 'payout' }))
      .rejects.toThrow(AccountNotFoundError);
    await expect(createTransfer(db.pool, { id: 't-x2', debit: alice, credit: bob, amount: 0n, code: 'payout' })).rejects.toThrow(InvalidTransferError);
    await expect(createTransfer(db.pool, { id: 't-x3', debit: alice, credit: alice, amount: 1n, code: 'payout' })).rejects.toThrow(InvalidTransferError);
    await expect(createTransfer(db.pool, { id: 't-x4', debit: alice, credit: bob, amount: 1n, code: 'Pay Out' })).rejects.toThrow(InvalidTransferError);
    await expect(createTransfer(db.pool, { id: 't-x5', debit: alice, credit: bob, amount: 1 as unknown as bigint, code: 'payout' }))
      .rejects.toThrow(InvalidTransferError);
  });

  it('keeps transfers append-only in the database itself', async () => {
    await expect(db.pool.query("UPDATE ledger_transfers SET amount = 1 WHERE id = 't-move'")).rejects.toThrow(/append-only/);
    await expect(db.pool.query("DELETE FROM ledger_transfers WHERE id = 't-move'")).rejects.toThrow(/append-only/);
  });
});
