/**
 * The bridge between payment proofs (`payments`) and the ledger: a settled payment's proof id is
 * the id of exactly one 'payment_in' transfer of the same amount and currency, and every
 * 'payment_in' transfer is some payment's proof. Since a transfer id is unique, a proof can only
 * be credited twice under another id, which the second rule catches.
 */
import type { Queryable } from '../db/pool.js';

/** Problems between `payments` and 'payment_in' transfers; empty when they agree. */
export async function checkPayments(q: Queryable): Promise<string[]> {
  return [...(await settledWithoutCredit(q)), ...(await creditsWithoutPayment(q))];
}

async function settledWithoutCredit(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string | null>>(
    `SELECT p.id, p.proof_id, p.amount::text AS amount, p.currency,
            t.id AS transfer_id, t.code, t.amount::text AS transfer_amount, t.currency AS transfer_currency
     FROM payments p LEFT JOIN ledger_transfers t ON t.id = p.proof_id
     WHERE p.status = 'settled'
       AND (t.id IS NULL OR t.code <> 'payment_in' OR t.amount <> p.amount OR t.currency <> p.currency)
     ORDER BY p.id`,
  );
  return rows.map((r) => {
    const payment = `settled payment ${r.id} (proof ${r.proof_id}, ${r.amount} ${r.currency})`;
    if (!r.transfer_id) return `${payment} has no payment_in transfer`;
    if (r.code !== 'payment_in') return `${payment} is matched by transfer ${r.transfer_id} with code '${r.code}', not 'payment_in'`;
    return `${payment} was credited ${r.transfer_amount} ${r.transfer_currency} by transfer ${r.transfer_id}`;
  });
}

/** A payment_in must belong to a payment, and never to one that failed. */
async function creditsWithoutPayment(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string | null>>(
    `SELECT t.id, t.amount::text AS amount, t.currency, t.credit_account_id AS credit, p.id AS payment_id, p.status
     FROM ledger_transfers t LEFT JOIN payments p ON p.proof_id = t.id
     WHERE t.code = 'payment_in' AND (p.id IS NULL OR p.status = 'failed')
     ORDER BY t.id`,
  );
  return rows.map((r) =>
    r.payment_id
      ? `payment_in transfer ${r.id} (${r.amount} ${r.currency} to ${r.credit}) credits payment ${r.payment_id}, which failed`
      : `payment_in transfer ${r.id} (${r.amount} ${r.currency} to ${r.credit}) matches no payment's proof_id`,
  );
}
