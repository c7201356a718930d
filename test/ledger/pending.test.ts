import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  checkLedger,
  createTransfer,
  ensureAccount,
  getTransfer,
  InsufficientFundsError,
  InvalidTransferError,
  listExpiredPending,
  PendingTransferExpiredError,
  PendingTransferStateError,
  postPending,
  TransferConflictError,
  TransferNotFoundError,
  voidPending,
  withLedger,
} from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
const rail = 'external:lightning:SAT';
const client = 'agent:0000000000000000000000c1:available';
const provider = 'agent:0000000000000000000000p1:available';
const escrow = 'escrow:job:j1';

beforeAll(async () => {
  db = await createTestDb();
  await ensureAccount(db.pool, { id: rail, currency: 'SAT', kind: 'external' });
  for (const id of [client, provider]) await ensureAccount(db.pool, { id, currency: 'SAT', kind: 'user' });
  await ensureAccount(db.pool, { id: escrow, currency: 'SAT', kind: 'system' });
  await createTransfer(db.pool, { id: 'fund', debit: rail, credit: client, amount: 10_000n, code: 'deposit' });
});

afterAll(async () => {
  try {
    expect((await checkLedger(db.pool)).problems).toEqual([]);
  } finally {
    await db.drop();
  }
});

/** Holds `amount` from the client in escrow under a fresh id. */
async function hold(id: string, amount: bigint, timeoutAt?: Date) {
  return (await createTransfer(db.pool, { id, debit: client, credit: escrow, amount, code: 'escrow', pending: true, timeoutAt })).transfer;
}

describe('pending transfers', () => {
  it('holds money out of the debit account without moving it', async () => {
    const before = await balanceOf(db.pool, client);
    const pending = await hold('p-hold', 300n);
    expect(pending).toMatchObject({ kind: 'pending', state: 'pending', amount: 300n });
    const after = await balanceOf(db.pool, client);
    expect(after).toMatchObject({ posted: before.posted, pendingOut: before.pendingOut + 300n, available: before.available - 300n });
    expect((await balanceOf(db.pool, escrow)).pendingIn).toBeGreaterThanOrEqual(300n);
  });

  it('refuses a hold larger than what is available, counting earlier holds', async () => {
    const { available } = await balanceOf(db.pool, client);
    await hold('p-most', available - 10n);
    await expect(hold('p-too-much', 11n)).rejects.toThrow(InsufficientFundsError);
    await expect(createTransfer(db.pool, { id: 'p-spend', debit: client, credit: provider, amount: 11n, code: 'payout' }))
      .rejects.toThrow(InsufficientFundsError);
    await voidPending(db.pool, { id: 'p-most:void', pendingId: 'p-most' });
  });

  it('posts a whole pending transfer and marks it posted', async () => {
    const pending = await hold('p-full', 500n);
    const before = await balanceOf(db.pool, escrow);
    const { transfer, created } = await postPending(db.pool, { id: 'p-full:post', pendingId: pending.id });
    expect(created).toBe(true);
    expect(transfer).toMatchObject({ kind: 'post_pending', pendingId: 'p-full', amount: 500n, code: 'escrow' });
    expect((await getTransfer(db.pool, 'p-full'))!.state).toBe('posted');
    expect(await balanceOf(db.pool, escrow)).toMatchObject({ posted: before.posted + 500n, pendingIn: before.pendingIn - 500n });
  });

  it('posts part of a pending transfer and returns the rest to the debit account', async () => {
    const before = await balanceOf(db.pool, client);
    await hold('p-part', 1_000n);
    await postPending(db.pool, { id: 'p-part:post', pendingId: 'p-part', amount: 400n });
    const after = await balanceOf(db.pool, client);
    expect(after).toEqual({ ...before, posted: before.posted - 400n, available: before.available - 400n });
  });

  it('voids a pending transfer and gives the whole hold back', async () => {
    const before = await balanceOf(db.pool, client);
    await hold('p-void', 250n);
    const { transfer } = await voidPending(db.pool, { id: 'p-void:void', pendingId: 'p-void' });
    expect(transfer).toMatchObject({ kind: 'void_pending', amount: 250n });
    expect((await getTransfer(db.pool, 'p-void'))!.state).toBe('voided');
    expect(await balanceOf(db.pool, client)).toEqual(before);
  });

  it('answers a retried post with the first post and changes nothing', async () => {
    await hold('p-retry', 100n);
    const first = await postPending(db.pool, { id: 'p-retry:post', pendingId: 'p-retry', amount: 60n });
    const before = await balanceOf(db.pool, provider);
    const again = await postPending(db.pool, { id: 'p-retry:post', pendingId: 'p-retry', amount: 60n });
    const bare = await postPending(db.pool, { id: 'p-retry:post', pendingId: 'p-retry' });
    expect(again).toEqual({ transfer: first.transfer, created: false });
    expect(bare.created).toBe(false);
    expect(await balanceOf(db.pool, provider)).toEqual(before);
    await expect(postPending(db.pool, { id: 'p-retry:post', pendingId: 'p-retry', amount: 61n })).rejects.toThrow(TransferConflictError);
  });

  it('answers a retried void with the first void', async () => {
    await hold('p-void-twice', 10n);
    const first = await voidPending(db.pool, { id: 'p-void-twice:void', pendingId: 'p-void-twice' });
    expect(await voidPending(db.pool, { id: 'p-void-twice:void', pendingId: 'p-void-twice' })).toEqual({ transfer: first.transfer, created: false });
  });

  it('refuses a second post under another id, naming the state', async () => {
    await hold('p-double', 100n);
    await postPending(db.pool, { id: 'p-double:post', pendingId: 'p-double' });
    const err = await postPending(db.pool, { id: 'p-double:post-2', pendingId: 'p-double' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PendingTransferStateError);
    expect(err).toMatchObject({ state: 'posted', attempted: 'post' });
    await expect(voidPending(db.pool, { id: 'p-double:void', pendingId: 'p-double' })).rejects.toThrow(/already posted/);
  });

  it('refuses to post a voided transfer', async () => {
    await hold('p-voided', 100n);
    await voidPending(db.pool, { id: 'p-voided:void', pendingId: 'p-voided' });
    await expect(postPending(db.pool, { id: 'p-voided:post', pendingId: 'p-voided' })).rejects.toThrow(/cannot post transfer p-voided: it is already voided/);
  });

  it('refuses to post more than is held, nothing, or something that is not pending', async () => {
    await hold('p-bounds', 100n);
    await expect(postPending(db.pool, { id: 'p-bounds:post', pendingId: 'p-bounds', amount: 101n })).rejects.toThrow(InvalidTransferError);
    await expect(postPending(db.pool, { id: 'p-bounds:post', pendingId: 'p-bounds', amount: 0n })).rejects.toThrow(InvalidTransferError);
    await expect(postPending(db.pool, { id: 'p-bounds:post', pendingId: 'fund' })).rejects.toThrow(/not a pending one/);
    await expect(postPending(db.pool, { id: 'p-bounds:post', pendingId: 'no-such' })).rejects.toThrow(TransferNotFoundError);
    expect((await getTransfer(db.pool, 'p-bounds'))!.state).toBe('pending');
  });

  it('lets a timed-out pending transfer be voided but not posted, and lists it for a sweeper', async () => {
    await hold('p-expired', 100n, new Date(Date.now() - 1_000));
    await hold('p-not-yet', 100n, new Date(Date.now() + 3_600_000));
    expect((await listExpiredPending(db.pool)).map((t) => t.id)).toEqual(['p-expired']);
    await expect(postPending(db.pool, { id: 'p-expired:post', pendingId: 'p-expired' })).rejects.toThrow(PendingTransferExpiredError);
    await postPending(db.pool, { id: 'p-not-yet:post', pendingId: 'p-not-yet' });
    await voidPending(db.pool, { id: 'p-expired:void', pendingId: 'p-expired' });
    expect(await listExpiredPending(db.pool)).toEqual([]);
  });

  it('leaves the caller’s transaction usable after refusing a post or void', async () => {
    await hold('p-usable', 100n);
    await hold('p-usable-done', 100n);
    await voidPending(db.pool, { id: 'p-usable-done:void', pendingId: 'p-usable-done' });
    await hold('p-usable-expired', 100n, new Date(Date.now() - 1_000));
    const outcome = await withLedger(db.pool, async (tx) => {
      const refusals = [
        postPending(tx, { id: 'p-usable:r1', pendingId: 'no-such' }),
        postPending(tx, { id: 'p-usable:r2', pendingId: 'fund' }),
        postPending(tx, { id: 'p-usable:r3', pendingId: 'p-usable-done' }),
        postPending(tx, { id: 'p-usable:r4', pendingId: 'p-usable-expired' }),
        postPending(tx, { id: 'p-usable:r5', pendingId: 'p-usable', amount: 101n }),
        voidPending(tx, { id: 'p-usable-done:void', pendingId: 'p-usable' }),
      ];
      for (const refusal of refusals) await expect(refusal).rejects.toThrow();
      return postPending(tx, { id: 'p-usable:post', pendingId: 'p-usable', amount: 30n });
    });
    expect(outcome).toMatchObject({ created: true, transfer: { amount: 30n, pendingId: 'p-usable' } });
    await voidPending(db.pool, { id: 'p-usable-expired:void', pendingId: 'p-usable-expired' });
  });

  it('refuses a timeout on a transfer that is not pending', async () => {
    await expect(createTransfer(db.pool, { id: 'p-bad-timeout', debit: client, credit: escrow, amount: 1n, code: 'escrow', timeoutAt: new Date() }))
      .rejects.toThrow(InvalidTransferError);
  });
});
