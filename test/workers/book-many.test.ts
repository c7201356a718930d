/**
 * bookSettledMany, the set-based booking of a settlement group, against a real PostgreSQL: each
 * payment gets the answer bookSettled would have given it in turn, a payment given twice is booked
 * once, and the ledger's totals still equal the sum of its transfers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { jobBody } from '../helpers/jobs.js';
import { transaction } from '../../shared/db/pool.js';
import { bookSettledMany, type Booking, type PurposeHandler } from '../../shared/payments/settle.js';
import { getPayment, type PaymentRow } from '../../shared/payments/queries.js';
import { purposeHandlers } from '../../shared/purposes.js';
import { JOB_PURPOSE } from '../../shared/jobs/create.js';

let h: Harness;
beforeAll(async () => {
  // No worker runs in this file: every job is answered 202 and its payment stays pending.
  h = await createHarness({ SETTLE_WAIT_MS: '50' });
});
afterAll(async () => h?.close());

async function pendingPayment(title: string): Promise<{ jobId: string; payment: PaymentRow }> {
  const header = await signedPaymentFor(`${h.baseUrl}/api/jobs`, jobBody(title));
  const res = await request(h.app).post('/api/jobs').send(jobBody(title)).set('PAYMENT-SIGNATURE', header);
  expect(res.status).toBe(202);
  return { jobId: res.body.job.id, payment: (await getPayment(h.db.pool, res.body.job.payment_id))! };
}

const settlement = (p: PaymentRow) => ({ transaction: `0x${'cd'.repeat(32)}`, network: 'eip155:84532', payer: p.payer });

/** What a job's settlement left behind: its status, its transfers by code, its events. */
async function traceOf(jobId: string, paymentId: string) {
  const job = await h.db.pool.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
  const transfers = await h.db.pool.query<{ code: string; kind: string; amount: bigint }>(
    `SELECT code, kind, amount FROM ledger_transfers WHERE metadata->>'job_id' = $1 OR metadata->>'payment_id' = $2 ORDER BY code`,
    [jobId, paymentId],
  );
  const events = await h.db.pool.query<{ type: string }>('SELECT type FROM events WHERE subject_id = $1 ORDER BY id', [jobId]);
  const payment = await h.db.pool.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [paymentId]);
  return { job: job.rows[0].status, payment: payment.rows[0].status, transfers: transfers.rows, events: events.rows.map((e) => e.type) };
}

describe('bookSettledMany', () => {
  it('books a purpose without a batch form one by one, as bookSettled would', async () => {
    const jobs = await Promise.all([0, 1, 2].map((i) => pendingPayment(`one by one ${i}`)));
    const { many: _, ...single } = purposeHandlers()[JOB_PURPOSE];
    const bookings: Booking[] = jobs.map((j) => ({ payment: j.payment, settlement: settlement(j.payment), handler: single as PurposeHandler }));
    expect(await transaction(h.db.pool, (tx) => bookSettledMany(tx, bookings))).toEqual(['settled', 'settled', 'settled']);
    for (const j of jobs) expect((await traceOf(j.jobId, j.payment.id)).job).toBe('open');
    await h.assertLedger();
  });

  it('books a payment given twice in a group once, its second booking answering already_settled', async () => {
    const [a, b] = await Promise.all([pendingPayment('twice a'), pendingPayment('twice b')]);
    const handler = purposeHandlers()[JOB_PURPOSE];
    const bookings: Booking[] = [a, b, a].map((j) => ({ payment: j.payment, settlement: settlement(j.payment), handler }));
    expect(await transaction(h.db.pool, (tx) => bookSettledMany(tx, bookings))).toEqual(['settled', 'settled', 'already_settled']);
    for (const j of [a, b]) {
      const trace = await traceOf(j.jobId, j.payment.id);
      expect(trace.transfers.map((t) => t.code)).toEqual(['escrow', 'fee', 'payment_in']);
      expect(trace.events).toEqual(['job.created']);
    }
    // Booked again, as a retry would: nothing more.
    expect(await transaction(h.db.pool, (tx) => bookSettledMany(tx, bookings.slice(0, 2)))).toEqual(['already_settled', 'already_settled']);
    await h.assertLedger();
  });

  it('books a group of job payments through the batch form exactly as one by one, with statements that do not grow with the group', async () => {
    const batched = await Promise.all([0, 1, 2, 3].map((i) => pendingPayment(`batched ${i}`)));
    const single = await Promise.all([0, 1, 2, 3].map((i) => pendingPayment(`single ${i}`)));
    const handler = purposeHandlers()[JOB_PURPOSE];
    expect(handler.many).toBeDefined();
    const { many: _, ...oneByOne } = handler;
    const sent: string[] = [];
    const answers = await transaction(h.db.pool, async (tx) => {
      const query = tx.query.bind(tx);
      (tx as { query: unknown }).query = (text: unknown, values?: unknown[]) => {
        sent.push(typeof text === 'string' ? text : (text as { text: string }).text);
        return query(text as string, values);
      };
      try {
        return await bookSettledMany(tx, batched.map((j) => ({ payment: j.payment, settlement: settlement(j.payment), handler })));
      } finally {
        (tx as { query: unknown }).query = query;
      }
    });
    expect(answers).toEqual(['settled', 'settled', 'settled', 'settled']);
    // Marked settled, the jobs read, the incoming transfers, the jobs opened, their escrow
    // accounts, their fees and holds, their events; accounts seen before are not ensured again.
    expect(sent.length).toBeLessThanOrEqual(8);
    await transaction(h.db.pool, (tx) => bookSettledMany(tx, single.map((j) => ({ payment: j.payment, settlement: settlement(j.payment), handler: oneByOne as PurposeHandler }))));
    const shape = async (j: { jobId: string; payment: PaymentRow }) => {
      const trace = await traceOf(j.jobId, j.payment.id);
      return { ...trace, transfers: trace.transfers.map((t) => ({ ...t })) };
    };
    for (let i = 0; i < batched.length; i++) expect(await shape(batched[i])).toEqual(await shape(single[i]));
    expect((await shape(batched[0])).transfers.map((t) => [t.code, t.kind])).toEqual([['escrow', 'pending'], ['fee', 'single'], ['payment_in', 'single']]);
    const events = await h.db.pool.query<{ agent_ids: string[]; payload: Record<string, unknown> }>(
      `SELECT agent_ids, payload FROM events WHERE subject_id = $1`, [batched[0].jobId]);
    expect(events.rows).toEqual([{ agent_ids: [], payload: { job_id: batched[0].jobId, status: 'open' } }]);
    await h.assertLedger();
  });
});
