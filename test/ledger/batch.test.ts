/**
 * The ledger's batch writes: createTransfers answers as createTransfer one after the other would,
 * stopping at the first refusal; ensureAccounts and openAccounts create what is missing in one
 * statement and refuse what ensureAccount refuses.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountConflictError, AccountIds, AccountNotFoundError, balanceOf, checkLedger, createTransfer, createTransfers, ensureAccount, ensureAccounts,
  getAccount, getTransfer, InsufficientFundsError, InvalidTransferError, openAccounts, TransferConflictError, withLedger, type NewTransfer,
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

describe('createTransfers against createTransfer one by one', () => {
  // Two worlds with the same accounts under different names: one books each batch with
  // createTransfers, the other with createTransfer in turn; each rolls its batch back on an error.
  // Index 0 is an external account, 1 to 3 users, 4 a system account, 5 a user in another
  // currency, 6 an account that does not exist.
  const kinds = [['external', 'USDC'], ['user', 'USDC'], ['user', 'USDC'], ['user', 'USDC'], ['system', 'USDC'], ['user', 'SAT']] as const;
  // Mostly the external account and the USDC ones; now and then the other currency or no account.
  const index = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 8, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 5, max: 6 }) });
  const spec = fc.record({
    from: index, to: index, amount: fc.bigInt({ min: 1n, max: 400n }), pending: fc.boolean(),
    // Most transfers are new; some reuse an earlier id, with the same fields or others.
    reuse: fc.option(fc.nat(), { freq: 4 }),
    sameFields: fc.boolean(),
  });
  const batches = fc.array(fc.array(spec, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 });
  let run = 0;

  type Answer = { ok: true; results: unknown[] } | { ok: false; error: string; fields: unknown };

  async function book(world: string, batch: NewTransfer[], batched: boolean): Promise<Answer> {
    const rollback = new Error('roll back');
    let answer: Answer | undefined;
    await withLedger(db.pool, async (tx) => {
      try {
        const results = batched ? await createTransfers(tx, batch) : await (async () => {
          const out = [];
          for (const t of batch) out.push(await createTransfer(tx, t));
          return out;
        })();
        answer = { ok: true, results: results.map((r) => ({ created: r.created, ...strip(world, r.transfer) })) };
      } catch (err) {
        const e = err as Error & { accountId?: string; available?: bigint };
        answer = { ok: false, error: e.name, fields: { accountId: e.accountId?.replace(world, 'W'), available: e.available } };
        throw rollback;
      }
    }).catch((err) => {
      if (err !== rollback) throw err;
    });
    return answer!;
  }

  function strip(world: string, t: { id: string; debitAccountId: string; creditAccountId: string; amount: bigint; kind: string; state: string | null; currency: string }) {
    return { id: t.id.replace(world, 'W'), debit: t.debitAccountId.replace(world, 'W'), credit: t.creditAccountId.replace(world, 'W'), amount: t.amount, kind: t.kind, state: t.state, currency: t.currency };
  }

  it('gives the same answers and leaves the same balances', async () => {
    await fc.assert(
      fc.asyncProperty(batches, async (plan) => {
        run++;
        const worlds = [`pa${run}`, `pb${run}`];
        for (const w of worlds) {
          await ensureAccounts(db.pool, kinds.map(([kind, currency], i) => ({ id: `acct:${w}:${i}`, currency, kind })));
          for (const i of [1, 2, 3]) await createTransfer(db.pool, { id: `${w}:fund${i}`, debit: `acct:${w}:0`, credit: `acct:${w}:${i}`, amount: 500n, code: 'prop' });
        }
        let next = 0;
        const ids: string[] = [];
        const specs = new Map<string, { from: number; to: number; amount: bigint; pending: boolean }>();
        for (const batch of plan) {
          const used = new Set<string>();
          const inputs = (w: string) => batch.flatMap((t) => {
            if (t.from === t.to) return [];
            const key = t.reuse !== null && ids.length > 0 ? ids[t.reuse % ids.length] : undefined;
            return [{ key, t }];
          });
          // Keys are chosen once per batch, for both worlds alike.
          const chosen = inputs('').map(({ key, t }) => {
            let k = key ?? `t${next++}`;
            if (used.has(k)) k = `t${next++}`;
            used.add(k);
            if (!ids.includes(k)) ids.push(k);
            // A retry: the same transfer again, or the same id with other fields.
            const fields = k === key && t.sameFields ? specs.get(k)! : t;
            if (!specs.has(k)) specs.set(k, fields);
            return { k, t: fields };
          });
          const build = (w: string): NewTransfer[] => chosen.map(({ k, t }) => ({
            id: `${w}:${k}`, debit: `acct:${w}:${t.from}`, credit: `acct:${w}:${t.to}`, amount: t.amount, code: 'prop', pending: t.pending,
          }));
          if (chosen.length === 0) continue;
          const a = await book(worlds[0], build(worlds[0]), true);
          const b = await book(worlds[1], build(worlds[1]), false);
          expect(a).toEqual(b);
        }
        for (let i = 0; i < kinds.length; i++) {
          const [x, y] = await Promise.all(worlds.map((w) => getAccount(db.pool, `acct:${w}:${i}`)));
          expect({ ...x!, id: '', createdAt: 0 }).toEqual({ ...y!, id: '', createdAt: 0 });
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('createTransfers under concurrency', () => {
  it('books twin batches racing each other once: the later one answers exists for every transfer', async () => {
    const a = AccountIds.agentAvailable('1'.repeat(24));
    await ensureAccounts(db.pool, [{ id: a, currency: 'USDC', kind: 'user' }]);
    const batch = [
      { id: 'twin-in', debit: rail, credit: a, amount: 50n, code: 'deposit' },
      { id: 'twin-hold', debit: a, credit: escrow, amount: 50n, code: 'escrow', pending: true },
    ];
    const answers = await Promise.all([0, 1, 2].map(() => withLedger(db.pool, (tx) => createTransfers(tx, batch))));
    expect(answers.map((r) => r.map((t) => t.created)).sort()).toEqual([[false, false], [false, false], [true, true]]);
    expect(await balanceOf(db.pool, a)).toMatchObject({ posted: 50n, pendingOut: 50n, available: 0n });
  });

  it('does not deadlock when batches cross the same accounts in opposite orders', async () => {
    const x = AccountIds.agentAvailable('2'.repeat(24));
    const y = AccountIds.agentAvailable('3'.repeat(24));
    await ensureAccounts(db.pool, [{ id: x, currency: 'USDC', kind: 'user' }, { id: y, currency: 'USDC', kind: 'user' }]);
    await createTransfers(db.pool, [
      { id: 'cross-fund-x', debit: rail, credit: x, amount: 1_000n, code: 'deposit' },
      { id: 'cross-fund-y', debit: rail, credit: y, amount: 1_000n, code: 'deposit' },
    ]);
    const runs = Array.from({ length: 8 }, (_, i) => withLedger(db.pool, (tx) => createTransfers(tx, i % 2
      ? [{ id: `cross-${i}-a`, debit: x, credit: y, amount: 1n, code: 'move' }, { id: `cross-${i}-b`, debit: y, credit: x, amount: 1n, code: 'move' }]
      : [{ id: `cross-${i}-a`, debit: y, credit: x, amount: 1n, code: 'move' }, { id: `cross-${i}-b`, debit: x, credit: y, amount: 1n, code: 'move' }])));
    expect((await Promise.all(runs)).flat().every((r) => r.created)).toBe(true);
    expect(await balanceOf(db.pool, x)).toMatchObject({ posted: 1_000n });
  });
});
