import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../shared/db/pool.js';
import { checkLedger, createTransfer, ensureAccount, postPending, type LedgerReport } from '../../shared/ledger/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const rail = 'external:x402:USDC';
const agent = 'agent:0000000000000000000000a1:available';
const escrow = 'escrow:job:j1';
let db: TestDb;

async function insertPayment(q: Queryable, p: { id: string; proofId: string; amount: bigint; status: string }): Promise<void> {
  await q.query(
    `INSERT INTO payments (id, rail, proof_id, purpose, subject_id, amount, currency, payer, status, payload, requirements)
     VALUES ($1, 'x402', $2, 'job', 'job-1', $3, 'USDC', '0xpayer', $4, '{}', '{}')`,
    [p.id, p.proofId, p.amount, p.status],
  );
}

/** Runs `tamper` and the check in one transaction, then rolls back, so every test starts clean. */
async function checkAfter(tamper: (q: Queryable) => Promise<unknown>): Promise<LedgerReport> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await tamper(client);
    return await checkLedger(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

async function cli(): Promise<{ code: number; stdout: string }> {
  const env = { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'test' };
  try {
    const { stdout } = await run(`${root}node_modules/.bin/tsx`, ['shared/ledger/check-cli.ts'], { cwd: root, env });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

beforeAll(async () => {
  db = await createTestDb();
  await ensureAccount(db.pool, { id: rail, currency: 'USDC', kind: 'external' });
  await ensureAccount(db.pool, { id: agent, currency: 'USDC', kind: 'user' });
  await ensureAccount(db.pool, { id: escrow, currency: 'USDC', kind: 'system' });
  await insertPayment(db.pool, { id: 'pay-1', proofId: 'proof-1', amount: 5_000_000n, status: 'settled' });
  await insertPayment(db.pool, { id: 'pay-2', proofId: 'proof-2', amount: 1_000_000n, status: 'pending' });
  await createTransfer(db.pool, { id: 'proof-1', debit: rail, credit: agent, amount: 5_000_000n, code: 'payment_in' });
  await createTransfer(db.pool, { id: 'hold-1', debit: agent, credit: escrow, amount: 2_000_000n, code: 'escrow', pending: true });
  await createTransfer(db.pool, { id: 'hold-2', debit: agent, credit: escrow, amount: 1_000_000n, code: 'escrow', pending: true });
  await postPending(db.pool, { id: 'hold-2:post', pendingId: 'hold-2', amount: 600_000n });
});

afterAll(async () => {
  await db.drop();
});

describe('checkLedger', () => {
  it('finds nothing wrong with a ledger written through the ledger functions', async () => {
    expect(await checkLedger(db.pool)).toEqual({ ok: true, problems: [], accounts: 3, transfers: 4 });
  });

  it('finds a tampered account total and names the account and figures', async () => {
    const report = await checkAfter((q) => q.query('UPDATE ledger_accounts SET credits_posted = credits_posted + 1 WHERE id = $1', [agent]));
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(`account ${agent} (USDC): credits_posted is 5000001 but its transfers add up to 5000000`);
    expect(report.problems).toContain('USDC: debits do not equal credits (posted 5600000 vs 5600001, pending 2000000 vs 2000000)');
  });

  it('finds a settled payment that was never credited', async () => {
    const report = await checkAfter((q) => q.query("UPDATE payments SET status = 'settled' WHERE id = 'pay-2'"));
    expect(report.problems).toEqual(['settled payment pay-2 (proof proof-2, 1000000 USDC) has no payment_in transfer']);
  });

  it('finds a payment credited a second time under another transfer id', async () => {
    const report = await checkAfter((q) =>
      createTransfer(q, { id: 'proof-1-again', debit: rail, credit: agent, amount: 5_000_000n, code: 'payment_in' }),
    );
    expect(report.problems).toEqual([`payment_in transfer proof-1-again (5000000 USDC to ${agent}) matches no payment's proof_id`]);
  });

  it('finds a payment credited with the wrong amount, and a credit for a failed payment', async () => {
    const report = await checkAfter(async (q) => {
      await insertPayment(q, { id: 'pay-3', proofId: 'proof-3', amount: 7n, status: 'settled' });
      await createTransfer(q, { id: 'proof-3', debit: rail, credit: agent, amount: 8n, code: 'payment_in' });
      await insertPayment(q, { id: 'pay-4', proofId: 'proof-4', amount: 9n, status: 'failed' });
      await createTransfer(q, { id: 'proof-4', debit: rail, credit: agent, amount: 9n, code: 'payment_in' });
    });
    expect(report.problems).toEqual([
      'settled payment pay-3 (proof proof-3, 7 USDC) was credited 8 USDC by transfer proof-3',
      `payment_in transfer proof-4 (9 USDC to ${agent}) credits payment pay-4, which failed`,
    ]);
  });

  it('finds an overdrawn user account even when the database constraint is gone', async () => {
    const report = await checkAfter(async (q) => {
      await q.query('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_no_overdraft');
      await q.query('UPDATE ledger_accounts SET debits_posted = debits_posted + 10000000 WHERE id = $1', [agent]);
    });
    expect(report.problems).toContain(
      `account ${agent} (user USDC) is overdrawn: debits_posted 10600000 + debits_pending 2000000 > credits_posted 5000000`,
    );
  });

  it('finds a pending transfer marked posted that has no post', async () => {
    const report = await checkAfter(async (q) => {
      await q.query('ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_append_only');
      await q.query("UPDATE ledger_transfers SET state = 'posted' WHERE id = 'hold-1'");
    });
    expect(report.problems).toContain("pending transfer hold-1 is 'posted' for 2000000 but has 0 post(s) and 0 void(s) totalling 0");
    expect(report.problems).toContain(`account ${agent} (USDC): debits_pending is 2000000 but its transfers add up to 0`);
  });

  it('finds a post larger than its pending transfer', async () => {
    const report = await checkAfter(async (q) => {
      await q.query('ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_append_only');
      await q.query("UPDATE ledger_transfers SET amount = 1000001 WHERE id = 'hold-2:post'");
    });
    expect(report.problems).toContain("pending transfer hold-2 is 'posted' for 1000000 but has 1 post(s) and 0 void(s) totalling 1000001");
  });
});

describe('npm run ledger:check', () => {
  it('prints the counts and exits 0 on a good ledger', async () => {
    expect(await cli()).toEqual({ code: 0, stdout: 'ledger ok: 3 accounts, 4 transfers\n' });
  });

  it('prints each problem and exits 1 on a broken one', async () => {
    await db.pool.query('UPDATE ledger_accounts SET credits_posted = credits_posted + 1 WHERE id = $1', [agent]);
    const { code, stdout } = await cli();
    expect(code).toBe(1);
    expect(stdout).toContain('ledger has 2 problem(s) in 3 accounts, 4 transfers:');
    expect(stdout).toContain(`  - account ${agent} (USDC): credits_posted is 5000001 but its transfers add up to 5000000`);
  });
});
