/**
 * Booking settled payments, in the caller's transaction: each payment is marked settled, its one
 * incoming transfer is booked (id = proof id, from the rail's external account to the account
 * its purpose names) and its purpose finishes the resource. `bookSettled` does it for one
 * payment; `bookSettledMany` for a group, with one statement per kind of write for the payments
 * whose purpose handler has a batch form (`PurposeHandler.many`).
 */
import type { Queryable } from '../db/pool.js';
import { AccountIds, createTransfer, createTransfers, openAccount, openAccounts, type Currency, type NewAccount, type NewTransfer } from '../ledger/index.js';
import { markSettled, markSettledMany, type PaymentRow } from './queries.js';
import type { PurposeHandler } from './settle.js';

/** One claimed payment that its rail settled, to be booked. */
export interface Booking {
  payment: PaymentRow;
  settlement: Record<string, unknown>;
  handler: PurposeHandler;
}

export type BookOutcome = 'settled' | 'already_settled';

/**
 * In the caller's transaction: marks a pending payment settled, books its one incoming transfer
 * and lets its purpose finish the resource. A payment settled meanwhile changes nothing. Also the
 * path of rails whose proof settles on the spot (an L402 preimage).
 */
export async function bookSettled(tx: Queryable, payment: PaymentRow, settlement: Record<string, unknown>, handler: PurposeHandler): Promise<BookOutcome> {
  const settled = await markSettled(tx, payment.id, settlement);
  if (!settled) return 'already_settled';
  await finishSettled(tx, settled, handler);
  return 'settled';
}

/** What follows marking one payment settled: its incoming transfer, then its purpose's onSettled. */
async function finishSettled(tx: Queryable, settled: PaymentRow, handler: PurposeHandler): Promise<void> {
  await bookIncoming(tx, settled, await handler.inflowAccount(tx, settled));
  await handler.onSettled(tx, settled);
}

/**
 * `bookSettled` for each booking, in the caller's transaction, with the answers it would give
 * called for each in turn: a payment given twice is booked once and its later booking answers
 * `already_settled`. Payments whose handler has no batch form are booked one by one, exactly as
 * `bookSettled`; those whose handler has one are booked per handler with one statement marking
 * them settled, one ensuring their accounts (when this process has not seen them), one booking
 * their incoming transfers, then the handler's batch. Any error is thrown and the caller rolls
 * back: a group commit then books each payment again on its own.
 */
export async function bookSettledMany(tx: Queryable, bookings: Booking[]): Promise<BookOutcome[]> {
  const outcomes: BookOutcome[] = new Array(bookings.length);
  const batches = new Map<PurposeHandler, number[]>();
  for (let i = 0; i < bookings.length; i++) {
    const { payment, settlement, handler } = bookings[i];
    if (handler.many) batches.set(handler, [...(batches.get(handler) ?? []), i]);
    else outcomes[i] = await bookSettled(tx, payment, settlement, handler);
  }
  for (const [handler, indexes] of batches) {
    const answers = await bookBatch(tx, handler, indexes.map((i) => bookings[i]));
    indexes.forEach((index, k) => (outcomes[index] = answers[k]));
  }
  return outcomes;
}

/** Bookings of one handler that has a batch form. */
async function bookBatch(tx: Queryable, handler: PurposeHandler, bookings: Booking[]): Promise<BookOutcome[]> {
  if (bookings.length === 1) return [await bookSettled(tx, bookings[0].payment, bookings[0].settlement, handler)];
  const marked = await markSettledMany(tx, bookings.map((b) => ({ id: b.payment.id, settlement: b.settlement })));
  const settled: PaymentRow[] = [];
  const outcomes = bookings.map((b): BookOutcome => {
    const row = marked.get(b.payment.id);
    // A second booking of the same payment finds it settled, as it would have in turn.
    if (!row) return 'already_settled';
    marked.delete(b.payment.id);
    settled.push(row);
    return 'settled';
  });
  if (settled.length === 0) return outcomes;
  if (settled.length === 1) {
    await finishSettled(tx, settled[0], handler);
    return outcomes;
  }
  const credits = await handler.many!.inflowAccounts(tx, settled);
  await bookIncomingMany(tx, settled, credits);
  await handler.many!.onSettled(tx, settled);
  return outcomes;
}

/** The one incoming transfer of a payment: its id is the proof id; the rail names its external account. */
async function bookIncoming(tx: Queryable, payment: PaymentRow, credit: string): Promise<void> {
  const { accounts, transfer } = incomingOf(payment, credit);
  for (const account of accounts) await openAccount(tx, account);
  await createTransfer(tx, transfer);
}

/** `bookIncoming` for many payments: their accounts in one statement at most, their transfers in one. */
async function bookIncomingMany(tx: Queryable, payments: PaymentRow[], credits: string[]): Promise<void> {
  if (credits.length !== payments.length) throw new Error(`inflowAccounts answered ${credits.length} accounts for ${payments.length} payments`);
  const incoming = payments.map((payment, i) => incomingOf(payment, credits[i]));
  await openAccounts(tx, incoming.flatMap((x) => x.accounts));
  await createTransfers(tx, incoming.map((x) => x.transfer));
}

/** The accounts a payment's incoming transfer needs (the rail's external one, then `credit`) and the transfer. */
function incomingOf(payment: PaymentRow, credit: string): { accounts: NewAccount[]; transfer: NewTransfer } {
  const currency = payment.currency as Currency;
  const source = AccountIds.external(payment.rail, currency);
  return {
    accounts: [{ id: source, currency, kind: 'external' }, { id: credit, currency, kind: 'user' }],
    transfer: {
      id: payment.proof_id,
      debit: source,
      credit,
      amount: payment.amount,
      code: 'payment_in',
      metadata: { payment_id: payment.id, purpose: payment.purpose },
    },
  };
}
