/**
 * The ledger's batch writes: createTransfers answers as createTransfer one after the other would,
 * stopping at the first refusal; ensureAccounts and openAccounts create what is missing in one
 * statement and refuse what ensureAccount refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountConflictError, AccountIds, AccountNotFoundError, balanceOf, checkLedger, createTransfer, createTransfers, ensureAccount, ensureAccounts,
  getAccount, getTransfer, InsufficientFundsError, InvalidTransferError, openAccounts, TransferConflictError, withLedger,
} from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
const rail = AccountIds.external('x402', 'USDC');
const carol = AccountIds.agentAvailable('c'.repeat(24));
const dave = AccountIds.agentAvailable('d'.repeat(24));
const escrow = AccountIds.escrow('job', 'batch');

beforeAll(async () => {
  db = await createTestDb();
  await ensureAccounts(db.pool, [
    { id: rail, currency: 'USDC', kind: 'external' },
    { id: carol, currency: 'USDC', kind: 'user' },
    { id: dave, currency: 'USDC', kind: 'user' },
    { id: escrow, currency: 'USDC', kind: 'system' },
  ]);
});

afterAll(async () => {
  try {
    expect((await checkLedger(db.pool)).problems).toEqual([]);
  } finally {
    await db.drop();
  }
});

describe('createTransfers', () => {
  it('books transfers in order, so a later one may spend what an earlier one brought in', async () => {
    const results = await withLedger(db.pool, (tx) => createTransfers(tx, [
      { id: 'b-in', debit: rail, credit: carol, amount: 110n, code: 'deposit' },
      { id: 'b-fee', debit: carol, credit: dave, amount: 10n, code: 'fee' },
      { id: 'b-hold', debit: carol, credit: escrow, amount: 100n, code: 'escrow', pending: true, metadata: { job_id: 'batch' } },
    ]));
    expect(results.map((r) => [r.transfer.id, r.created, r.transfer.kind])).toEqual([['b-in', true, 'single'], ['b-fee', true, 'single'], ['b-hold', true, 'pending']]);
    expect((await getTransfer(db.pool, 'b-hold'))!.metadata).toEqual({ job_id: 'batch' });
    expect(await balanceOf(db.pool, carol)).toMatchObject({ posted: 100n, pendingOut: 100n, available: 0n });
  });

  it('answers a replayed batch with the same transfers, created false, and books nothing twice', async () => {
    const again = await createTransfers(db.pool, [
      { id: 'b-in', debit: rail, credit: carol, amount: 110n, code: 'deposit' },
      { id: 'b-fee', debit: carol, credit: dave, amount: 10n, code: 'fee' },
    ]);
    expect(again.map((r) => r.created)).toEqual([false, false]);
    expect(await balanceOf(db.pool, carol)).toMatchObject({ posted: 100n, available: 0n });
  });

  it('throws the first refusal as createTransfer would, and attempts nothing after it', async () => {
    let thrown: unknown;
    await withLedger(db.pool, async (tx) => {
      await createTransfers(tx, [
        { id: 'r-in', debit: rail, credit: dave, amount: 5n, code: 'deposit' },
        { id: 'r-too-much', debit: carol, credit: dave, amount: 1n, code: 'fee' },
        { id: 'r-after', debit: rail, credit: dave, amount: 5n, code: 'deposit' },
      ]).catch((err) => (thrown = err));
      // The refusal leaves the transaction usable, with the transfers before it written.
      expect(await getTransfer(tx, 'r-in')).not.toBeNull();
      expect(await getTransfer(tx, 'r-after')).toBeNull();
      throw new Error('roll back');
    }).catch(() => {});
    expect(thrown).toBeInstanceOf(InsufficientFundsError);
    expect(thrown).toMatchObject({ accountId: carol });
    expect(await getTransfer(db.pool, 'r-in')).toBeNull();
  });

  it('names a missing account and a retry that differs, as createTransfer does', async () => {
    await expect(createTransfers(db.pool, [{ id: 'n-1', debit: rail, credit: 'agent:nobody:available', amount: 1n, code: 'deposit' }]))
      .rejects.toThrow(AccountNotFoundError);
    await expect(createTransfers(db.pool, [{ id: 'b-in', debit: rail, credit: carol, amount: 111n, code: 'deposit' }])).rejects.toThrow(TransferConflictError);
  });

  it('refuses an id given twice in one batch before sending anything', async () => {
    await expect(createTransfers(db.pool, [
      { id: 'twice', debit: rail, credit: dave, amount: 1n, code: 'deposit' },
      { id: 'twice', debit: rail, credit: dave, amount: 1n, code: 'deposit' },
    ])).rejects.toThrow(InvalidTransferError);
    expect(await getTransfer(db.pool, 'twice')).toBeNull();
  });

  it('agrees with createTransfer one by one on the resulting totals', async () => {
    const a = AccountIds.agentAvailable('e'.repeat(24));
    const b = AccountIds.agentAvailable('f'.repeat(24));
    await ensureAccounts(db.pool, [{ id: a, currency: 'USDC', kind: 'user' }, { id: b, currency: 'USDC', kind: 'user' }]);
    const moves = (p: string, acc: string) => [
      { id: `${p}-in`, debit: rail, credit: acc, amount: 1_100n, code: 'deposit' },
      { id: `${p}-fee`, debit: acc, credit: dave, amount: 100n, code: 'fee' },
      { id: `${p}-hold`, debit: acc, credit: escrow, amount: 1_000n, code: 'escrow', pending: true },
    ];
    await createTransfers(db.pool, moves('batched', a));
    for (const t of moves('single', b)) await createTransfer(db.pool, t);
    const strip = ({ accountId: _, ...rest }: Awaited<ReturnType<typeof balanceOf>>) => rest;
    expect(strip(await balanceOf(db.pool, a))).toEqual(strip(await balanceOf(db.pool, b)));
  });
});

describe('ensureAccounts and openAccounts', () => {
  it('creates the missing accounts and leaves the existing ones as they are', async () => {
    const fresh = AccountIds.escrow('job', 'batch-fresh');
    await ensureAccounts(db.pool, [{ id: carol, currency: 'USDC', kind: 'user' }, { id: fresh, currency: 'USDC', kind: 'system' }, { id: fresh, currency: 'USDC', kind: 'system' }]);
    expect(await getAccount(db.pool, fresh)).toMatchObject({ kind: 'system', debitsMustNotExceedCredits: true });
    expect(await balanceOf(db.pool, carol)).toMatchObject({ posted: 100n });
  });

  it('refuses an existing id asked for under another kind, and an id asked twice differently', async () => {
    await expect(ensureAccounts(db.pool, [{ id: AccountIds.escrow('job', 'other'), currency: 'USDC', kind: 'system' }, { id: carol, currency: 'USDC', kind: 'system' }]))
      .rejects.toThrow(AccountConflictError);
    await expect(ensureAccounts(db.pool, [{ id: 'agent:x:available', currency: 'USDC', kind: 'user' }, { id: 'agent:x:available', currency: 'SAT', kind: 'user' }]))
      .rejects.toThrow(AccountConflictError);
  });

  it('openAccounts sends nothing for accounts it saw committed', async () => {
    const ids = [AccountIds.escrow('job', 'open-1'), AccountIds.escrow('job', 'open-2')];
    const accounts = ids.map((id) => ({ id, currency: 'USDC' as const, kind: 'system' as const }));
    const count = async () => {
      let sent = 0;
      await withLedger(db.pool, async (tx) => {
        const query = tx.query.bind(tx);
        (tx as { query: unknown }).query = (...args: Parameters<typeof query>) => (sent++, query(...args));
        try {
          await openAccounts(tx, accounts);
        } finally {
          (tx as { query: unknown }).query = query;
        }
      });
      return sent;
    };
    expect(await count()).toBe(1);
    expect(await count()).toBe(0);
    for (const id of ids) expect(await getAccount(db.pool, id)).not.toBeNull();
    await expect(ensureAccount(db.pool, { id: ids[0], currency: 'USDC', kind: 'system' })).resolves.toBeTruthy();
  });
});
