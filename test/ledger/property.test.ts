import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  checkLedger,
  createTransfer,
  ensureAccount,
  InsufficientFundsError,
  PendingTransferStateError,
  postPending,
  voidPending,
  type TransferResult,
} from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
let runNumber = 0;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(async () => {
  await db.drop();
});

type Op =
  | { t: 'fund'; to: number; amount: bigint }
  | { t: 'move'; from: number; to: number; amount: bigint; pending: boolean }
  | { t: 'post'; hold: number; percent: number }
  | { t: 'void'; hold: number }
  | { t: 'retry'; of: number };

const account = fc.nat({ max: 3 }); // three users and one system account
// Weighted towards moves and their resolution, so that most runs hold, post and void money.
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ t: fc.constant('fund' as const), to: account, amount: fc.bigInt({ min: 1n, max: 500n }) }) },
  {
    weight: 4,
    arbitrary: fc.record({ t: fc.constant('move' as const), from: account, to: account, amount: fc.bigInt({ min: 1n, max: 300n }), pending: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('post' as const), hold: fc.nat(), percent: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('void' as const), hold: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('retry' as const), of: fc.nat() }) },
);

interface Totals { dpe: bigint; dpo: bigint; cpe: bigint; cpo: bigint }
interface Hold { id: string; debit: string; credit: string; amount: bigint; state: 'pending' | 'posted' | 'voided' }

/** What the ledger should hold, kept in plain JS by the same rules. */
class Model {
  totals = new Map<string, Totals>();
  holds: Hold[] = [];
  done: Array<() => Promise<TransferResult>> = [];

  constructor(readonly external: string, readonly accounts: string[]) {
    for (const id of [external, ...accounts]) this.totals.set(id, { dpe: 0n, dpo: 0n, cpe: 0n, cpo: 0n });
  }

  available(id: string): bigint {
    const t = this.totals.get(id)!;
    return t.cpo - t.dpo - t.dpe;
  }

  move(debit: string, credit: string, pending: bigint, posted: bigint): void {
    const d = this.totals.get(debit)!;
    const c = this.totals.get(credit)!;
    d.dpe += pending; d.dpo += posted; c.cpe += pending; c.cpo += posted;
  }
}

/** Applies one operation to the ledger and the model; fails when they disagree on the outcome. */
async function step(m: Model, o: Op, id: string): Promise<void> {
  if (o.t === 'retry') {
    if (m.done.length === 0) return;
    expect((await m.done[o.of % m.done.length]()).created).toBe(false);
    return;
  }
  if (o.t === 'fund') {
    const request = () => createTransfer(db.pool, { id, debit: m.external, credit: m.accounts[o.to], amount: o.amount, code: 'deposit' });
    expect((await request()).created).toBe(true);
    m.move(m.external, m.accounts[o.to], 0n, o.amount);
    m.done.push(request);
    return;
  }
  if (o.t === 'move') {
    const [debit, credit] = [m.accounts[o.from], m.accounts[o.to === o.from ? (o.to + 1) % 4 : o.to]];
    const request = () => createTransfer(db.pool, { id, debit, credit, amount: o.amount, code: 'payout', pending: o.pending });
    if (o.amount > m.available(debit)) {
      await expect(request()).rejects.toThrow(InsufficientFundsError);
      return;
    }
    expect((await request()).created).toBe(true);
    m.move(debit, credit, o.pending ? o.amount : 0n, o.pending ? 0n : o.amount);
    if (o.pending) m.holds.push({ id, debit, credit, amount: o.amount, state: 'pending' });
    m.done.push(request);
    return;
  }
  await resolveHold(m, o, id);
}

async function resolveHold(m: Model, o: Extract<Op, { t: 'post' | 'void' }>, id: string): Promise<void> {
  if (m.holds.length === 0) return;
  const hold = m.holds[o.hold % m.holds.length];
  const amount = o.t === 'post' ? (hold.amount * BigInt(o.percent)) / 100n || 1n : hold.amount;
  const request = () =>
    o.t === 'post' ? postPending(db.pool, { id, pendingId: hold.id, amount }) : voidPending(db.pool, { id, pendingId: hold.id });
  if (hold.state !== 'pending') {
    await expect(request()).rejects.toThrow(PendingTransferStateError);
    return;
  }
  expect((await request()).created).toBe(true);
  m.move(hold.debit, hold.credit, -hold.amount, o.t === 'post' ? amount : 0n);
  hold.state = o.t === 'post' ? 'posted' : 'voided';
  m.done.push(request);
}

describe('the ledger under random operations', () => {
  it('keeps every invariant and agrees with a plain model of the balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        // Each run starts from an empty ledger, so a counterexample is about its own operations.
        await db.pool.query('TRUNCATE ledger_transfers, ledger_accounts');
        const prefix = `run${++runNumber}`;
        const m = new Model(`external:${prefix}:USDC`, [0, 1, 2].map((i) => `agent:${prefix}-${i}:available`).concat(`escrow:${prefix}:x`));
        await ensureAccount(db.pool, { id: m.external, currency: 'USDC', kind: 'external' });
        for (const [i, id] of m.accounts.entries()) await ensureAccount(db.pool, { id, currency: 'USDC', kind: i < 3 ? 'user' : 'system' });
        // Start with money in each user account, or most early moves would only be refusals.
        for (const to of [0, 1, 2]) await step(m, { t: 'fund', to, amount: 400n }, `${prefix}:seed${to}`);
        for (const [i, o] of ops.entries()) await step(m, o, `${prefix}:op${i}`);
        for (const [id, t] of m.totals) {
          const balance = await balanceOf(db.pool, id);
          expect({ id, posted: balance.posted, pendingOut: balance.pendingOut, pendingIn: balance.pendingIn })
            .toEqual({ id, posted: t.cpo - t.dpo, pendingOut: t.dpe, pendingIn: t.cpe });
        }
        expect((await checkLedger(db.pool)).problems).toEqual([]);
      }),
      { numRuns: 40 },
    );
    // Forty runs of up to forty-odd operations against a real database: seconds, not milliseconds.
  }, 60_000);
});
