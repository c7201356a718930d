/**
 * Job settlements booked as one group commit (as the settlement worker books them), against a
 * real PostgreSQL: one booking that fails costs its neighbours nothing, each payment is credited
 * exactly once, and the ledger's totals still equal the sum of its transfers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { jobBody } from '../helpers/jobs.js';
import { groupCommit, setCommit } from '../../shared/db/group-commit.js';
import { onceInTransaction } from '../../shared/db/pool.js';
import { getPayment, type PaymentRow } from '../../shared/payments/queries.js';
import { bookSettledMany, settlePayment, type Booking, type BookOutcome, type PurposeHandler, type SettleDeps } from '../../shared/payments/settle.js';
import { paymentRails } from '../../shared/payments/rails/index.js';
import { purposeHandlers } from '../../shared/purposes.js';
import { JOB_PURPOSE } from '../../shared/jobs/create.js';

let h: Harness;
beforeAll(async () => {
  // No worker runs in this file: every job is answered 202 and its payment stays pending.
  h = await createHarness({ SETTLE_WAIT_MS: '50' });
});
afterAll(async () => h?.close());

async function pendingJob(title: string): Promise<{ jobId: string; paymentId: string }> {
  const header = await signedPaymentFor(`${h.baseUrl}/api/jobs`, jobBody(title));
  const res = await request(h.app).post('/api/jobs').send(jobBody(title)).set('PAYMENT-SIGNATURE', header);
  expect(res.status).toBe(202);
  return { jobId: res.body.job.id, paymentId: res.body.job.payment_id };
}

/** Transfers booked for a job, by code: payment in, posting fee, escrow hold. */
async function transfersOf(jobId: string, paymentId: string): Promise<string[]> {
  const { rows } = await h.db.pool.query<{ code: string }>(
    `SELECT t.code FROM ledger_transfers t
     WHERE t.metadata->>'job_id' = $1 OR t.id = (SELECT proof_id FROM payments WHERE id = $2)
     ORDER BY t.code`,
    [jobId, paymentId],
  );
  return rows.map((r) => r.code);
}

/** Every job but `bad` is open with its transfers booked once, `bad` has none, and the ledger balances. */
async function expectBookedAllBut(jobs: Array<{ jobId: string; paymentId: string }>, bad: { jobId: string; paymentId: string }): Promise<void> {
  for (const j of jobs.filter((j) => j !== bad)) {
    expect(await jobStatus(j.jobId)).toBe('open');
    expect(await transfersOf(j.jobId, j.paymentId)).toEqual(['escrow', 'fee', 'payment_in']);
  }
  expect(await jobStatus(bad.jobId)).toBe('pending_payment');
  expect(await transfersOf(bad.jobId, bad.paymentId)).toEqual([]);
  await h.assertLedger();
}

async function jobStatus(jobId: string): Promise<string> {
  const { rows } = await h.db.pool.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
  return rows[0].status;
}

describe('job settlements booked as one group', () => {
  it('books every payment of a group once when one booking fails, and that one once when it is retried', async () => {
    const jobs = await Promise.all(Array.from({ length: 6 }, (_, i) => pendingJob(`grouped ${i}`)));
    const bad = jobs[3];
    const handlers = purposeHandlers();
    const jobHandler = handlers[JOB_PURPOSE];
    let failing = true;
    const flaky: PurposeHandler = {
      ...jobHandler,
      async onSettled(tx, payment) {
        await jobHandler.onSettled(tx, payment);
        if (failing && payment.id === bad.paymentId) throw new Error('this booking fails after writing');
      },
    };
    const group = groupCommit(h.db.pool);
    // Every booking waits until all have arrived, behind a unit that keeps the group commit busy,
    // so that all six go into one transaction.
    let arrived = 0;
    let release!: () => void;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    const deps: SettleDeps = {
      db: h.db.pool,
      rails: paymentRails({ facilitator: h.deps.facilitator }),
      purposes: { ...handlers, [JOB_PURPOSE]: flaky },
      commit: async (work) => {
        if (++arrived === jobs.length) {
          void group.run((tx) => tx.query('SELECT pg_sleep(0.05)'));
          release();
        }
        await allArrived;
        return group.run(work);
      },
    };

    const outcomes = await Promise.allSettled(jobs.map((j) => settlePayment(deps, j.paymentId)));
    expect(group.stats).toMatchObject({ fallbacks: 1 });
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    await expectBookedAllBut(jobs, bad);

    failing = false;
    expect(await settlePayment(deps, bad.paymentId)).toBe('settled');
    expect(await transfersOf(bad.jobId, bad.paymentId)).toEqual(['escrow', 'fee', 'payment_in']);
    // Running them all again books nothing more.
    expect(await Promise.all(jobs.map((j) => settlePayment(deps, j.paymentId)))).toEqual(Array(jobs.length).fill('already_settled'));
    for (const j of jobs) expect(await transfersOf(j.jobId, j.paymentId)).toEqual(['escrow', 'fee', 'payment_in']);
    await h.assertLedger();
  });
});

describe('job settlements booked as one set (setCommit of bookSettledMany, as the worker books them)', () => {
  /** Settles `jobs` through `deps` with every booking held until all have arrived, so that all go into one set. */
  function heldTogether(count: number, book: (b: Booking) => Promise<BookOutcome>, busy: () => Promise<unknown>) {
    let arrived = 0;
    let release!: () => void;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    return async (booking: Booking) => {
      if (++arrived === count) {
        void busy();
        release();
      }
      await allArrived;
      return book(booking);
    };
  }

  it('books every other payment of a set once when one member fails, and that one once when it is retried', async () => {
    const jobs = await Promise.all(Array.from({ length: 5 }, (_, i) => pendingJob(`set ${i}`)));
    const bad = jobs[2];
    const handlers = purposeHandlers();
    const jobHandler = handlers[JOB_PURPOSE];
    let failing = true;
    const failIfBad = (ids: string[]) => {
      if (failing && ids.includes(bad.jobId)) throw new Error('this booking fails after writing');
    };
    const flaky: PurposeHandler = {
      ...jobHandler,
      async onSettled(tx, payment) {
        await jobHandler.onSettled(tx, payment);
        failIfBad([payment.subject_id]);
      },
      many: {
        inflowAccounts: jobHandler.many!.inflowAccounts,
        async onSettled(tx, payments) {
          await jobHandler.many!.onSettled(tx, payments);
          failIfBad(payments.map((p) => p.subject_id));
        },
      },
    };
    const set = setCommit(h.db.pool, bookSettledMany);
    const deps: SettleDeps = {
      db: h.db.pool,
      rails: paymentRails({ facilitator: h.deps.facilitator }),
      purposes: { ...handlers, [JOB_PURPOSE]: flaky },
      book: heldTogether(jobs.length, set.run, () => set.run({ payment: { id: 'none' } as PaymentRow, settlement: {}, handler: flaky })),
    };
    const outcomes = await Promise.allSettled(jobs.map((j) => settlePayment(deps, j.paymentId)));
    expect(set.stats).toMatchObject({ fallbacks: 1 });
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    await expectBookedAllBut(jobs, bad);

    failing = false;
    expect(await settlePayment(deps, bad.paymentId)).toBe('settled');
    expect(await transfersOf(bad.jobId, bad.paymentId)).toEqual(['escrow', 'fee', 'payment_in']);
    expect(await Promise.all(jobs.map((j) => settlePayment({ ...deps, book: set.run }, j.paymentId)))).toEqual(Array(jobs.length).fill('already_settled'));
    await h.assertLedger();
  });

  it('credits nothing when the connection dies mid-set, and each payment once when the jobs are retried', async () => {
    const jobs = await Promise.all(Array.from({ length: 4 }, (_, i) => pendingJob(`crash ${i}`)));
    const handlers = purposeHandlers();
    const jobHandler = handlers[JOB_PURPOSE];
    const payments = await Promise.all(jobs.map(async (j) => (await getPayment(h.db.pool, j.paymentId))!));
    const dying: PurposeHandler = {
      ...jobHandler,
      many: {
        inflowAccounts: jobHandler.many!.inflowAccounts,
        async onSettled(tx, settled) {
          await jobHandler.many!.onSettled(tx, settled);
          // As a worker killed between its writes and its COMMIT: the server ends the session
          // (the pool listens for the client's own 'error', so the process carries on).
          await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
        },
      },
    };
    const bookings: Booking[] = payments.map((payment) => ({ payment, settlement: { transaction: `0x${'ef'.repeat(32)}` }, handler: dying }));
    await expect(onceInTransaction(h.db.pool, (tx) => bookSettledMany(tx, bookings))).rejects.toThrow();
    for (const j of jobs) {
      expect(await jobStatus(j.jobId)).toBe('pending_payment');
      expect(await transfersOf(j.jobId, j.paymentId)).toEqual([]);
    }
    // BullMQ runs the jobs again: each is claimed and booked once, in a set of its own.
    const set = setCommit(h.db.pool, bookSettledMany);
    const deps: SettleDeps = { db: h.db.pool, rails: paymentRails({ facilitator: h.deps.facilitator }), purposes: handlers, book: set.run };
    expect(await Promise.all(jobs.map((j) => settlePayment(deps, j.paymentId)))).toEqual(Array(jobs.length).fill('settled'));
    expect(await Promise.all(jobs.map((j) => settlePayment(deps, j.paymentId)))).toEqual(Array(jobs.length).fill('already_settled'));
    for (const j of jobs) {
      expect(await jobStatus(j.jobId)).toBe('open');
      expect(await transfersOf(j.jobId, j.paymentId)).toEqual(['escrow', 'fee', 'payment_in']);
    }
    await h.assertLedger();
  });
});
