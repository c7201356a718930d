/**
 * The one door of every paid route. A route validates and prices its request, then calls
 * `paidRoute` with the price and a `record` function that writes its resource and the payment in
 * one transaction. This module answers everything else:
 *
 * - no payment, or one that does not verify against the route's own price: 402 with the
 *   requirements (the v2 PAYMENT-REQUIRED header and the v1 body, for both client generations);
 * - a proof used before (PaymentReplayError from the recording transaction): a fresh 402 saying so;
 * - otherwise settlement is enqueued and waited for a bounded time: 201 with PAYMENT-RESPONSE when
 *   settled, 202 with a Location while it is not, or a fresh 402 when settlement failed.
 */
import type { Request, Response } from 'express';
import { getAddress } from 'viem';
import type { Job } from 'bullmq';
import {
  buildPaymentRequired, decodePaymentHeader, encodePaymentFailure, encodePaymentResponse, parseServerRequirements, paymentResponseHeaderName, parsePaymentPayload,
  selectRequirements, verifyPayment, wireErrorOf, wireMessageOf, FacilitatorRejectedError, X402Error, type Facilitator,
} from '../shared/x402/index.js';
import { UpstreamUnavailableError } from '../shared/errors.js';
import { PaymentReplayError } from '../shared/payments/errors.js';
import type { AcceptedPayment } from '../shared/payments/record.js';
import { getPayments, type PaymentRow } from '../shared/payments/queries.js';
import { batched } from '../shared/db/batched.js';
import type { Db } from '../shared/db/pool.js';
import { HttpError } from './http-error.js';
import { enqueueSettlement } from '../queues/settlement.js';
import { waitForJob } from '../queues/finished.js';
import type { AppDeps } from './context.js';
import { discoveryExtensionsFor } from './x402-discovery.js';

/** What a paid route costs, in USDC minor units, and what the payer is told it buys. */
export interface Price {
  amount: bigint;
  description: string;
  /** How the price was reached (a contract's stakes), shown under `quote` in the 402 body. */
  quote?: Record<string, unknown>;
}

export interface PaidRoute<R extends { payment: PaymentRow }> {
  price: Price;
  /** Writes the resource and its payment in one transaction (see shared/payments/record.ts). */
  record(paid: AcceptedPayment): Promise<R>;
  /** Where the resource can be polled. */
  location(recorded: R): string;
  /** The answer's body beside `success`, built from the payment's state once waiting is over. */
  body(recorded: R, payment: PaymentRow): Promise<Record<string, unknown>>;
}

export async function paidRoute<R extends { payment: PaymentRow }>(deps: AppDeps, req: Request, res: Response, route: PaidRoute<R>): Promise<void> {
  const paid = await acceptPayment(deps, req, res, route.price);
  if (!paid) return;
  let recorded: R;
  try {
    recorded = await route.record(paid);
  } catch (err) {
    if (!(err instanceof PaymentReplayError)) throw err;
    challenge(deps, req, res, route.price, 'payment_already_used', 'This payment was already used for another request; sign a new one.');
    return;
  }
  const payment = await settleOrWait(deps, recorded.payment.id, true);
  if (payment.status === 'failed') {
    // As the reference server: a 402 whose PAYMENT-RESPONSE says success false, with the reason.
    res.set(receiptHeaders(payment));
    challenge(deps, req, res, route.price, payment.failure_reason ?? 'settlement_failed', 'The payment was accepted but its settlement failed; nothing was charged for this request.');
    return;
  }
  res.setHeader('Location', route.location(recorded));
  // Where the receipt can be fetched once a pending settlement lands (owner only).
  res.setHeader('Link', `<${paymentReceiptPath(payment.id)}>; rel="payment-receipt"`);
  const body = { success: true, ...(await route.body(recorded, payment)) };
  res.set(receiptHeaders(payment));
  res.status(payment.status === 'settled' ? 201 : 202).json(body);
}

/** Where a payment's receipt is served (GET, owner only). */
export function paymentReceiptPath(paymentId: string): string {
  return `/api/v1/payments/${paymentId}`;
}

/**
 * The x402 receipt header of a payment in its own generation: `PAYMENT-RESPONSE` (v2) or
 * `X-PAYMENT-RESPONSE` (v1) with the settlement once settled, or `success: false` and the
 * reason once failed; nothing while pending or for another rail.
 */
export function receiptHeaders(payment: PaymentRow): Record<string, string> {
  if (payment.rail !== 'x402') return {};
  const version = parsePaymentPayload(payment.payload).version;
  const name = paymentResponseHeaderName(version);
  if (payment.status === 'settled' && payment.settlement) {
    return { [name]: encodePaymentResponse(payment.settlement as { transaction: string; network: string; payer: string }, version) };
  }
  if (payment.status === 'failed') {
    const network = parseServerRequirements(payment.requirements).network;
    return { [name]: encodePaymentFailure({ reason: payment.failure_reason ?? 'settlement_failed', network, payer: getAddress(payment.payer) }, version) };
  }
  return {};
}

/** The requirements of a price for a resource (an absolute URL). */
export function requirementsOf(deps: AppDeps, resourceUrl: string, price: Price, error?: string, message?: string, extensions?: Record<string, unknown>) {
  return buildPaymentRequired(deps.x402, { amount: price.amount, resourceUrl, description: price.description, error, message, extensions });
}

/**
 * The requirements of a route's price; the resource is the route's own absolute URL, and the
 * v2 PaymentRequired carries the route's Bazaar discovery extension.
 */
function requirementsFor(deps: AppDeps, req: Request, price: Price, error?: string, message?: string) {
  return requirementsOf(deps, `${deps.config.publicBaseUrl}${req.originalUrl.split('?')[0]}`, price, error, message, discoveryExtensionsFor(req));
}

/**
 * Verifies an x402 payment header (PAYMENT-SIGNATURE, or a v1 X-PAYMENT) against the server's
 * own requirements, never the client's echo. Throws an X402Error naming what is wrong.
 *
 * With a `remote` facilitator (X402_FACILITATOR_URL is set), a payment that passes the local
 * checks (cheap; they stop garbage before any call) is then verified by the facilitator's
 * /verify, which sees the chain: an unfunded payer is refused now, with the facilitator's
 * reason (FacilitatorRejectedError), rather than getting a resource whose settlement fails
 * later. A facilitator that cannot answer (down, time-out, refusing our credentials) is an
 * UpstreamUnavailableError: nothing is recorded and the same payment can be sent again.
 */
export async function verifyX402(
  built: ReturnType<typeof requirementsOf>,
  header: { paymentSignature?: string; xPayment?: string },
  price: Price,
  remote?: Facilitator,
): Promise<AcceptedPayment> {
  const decoded = decodePaymentHeader(header);
  const requirements = selectRequirements(decoded, built);
  // A smart wallet's signature needs the chain: deferred to the facilitator's /verify when there
  // is one (always asked below), refused clearly when there is none.
  const verified = await verifyPayment(decoded, requirements, { smartWallets: remote ? 'defer' : 'refuse' });
  if (remote) {
    const answer = await remote.verify(decoded, requirements);
    if (answer.status === 'invalid') throw new FacilitatorRejectedError(answer.reason);
    if (answer.status === 'unavailable') {
      throw new UpstreamUnavailableError(`the x402 facilitator cannot verify the payment now (${answer.reason}); nothing was recorded, send the same payment again shortly`);
    }
  }
  return { rail: 'x402', proofId: verified.proofId, payer: verified.payer, amount: price.amount, currency: 'USDC', payload: decoded.raw, requirements };
}

/**
 * Answers 402. `reason` is ours (an X402Reason, `payment_already_used`) or a facilitator's; the
 * `error` sent is in the reference vocabulary (`invalid_exact_evm_...`, see wireErrorOf) with a
 * short human `message` beside it in the body.
 */
function challenge(deps: AppDeps, req: Request, res: Response, price: Price, reason = 'missing_payment_header', detail?: string): void {
  const error = wireErrorOf(reason);
  const p = requirementsFor(deps, req, price, error, wireMessageOf(reason, detail));
  res.status(402).set('PAYMENT-REQUIRED', p.header).set('Cache-Control', 'no-store').json(price.quote ? { ...p.body, quote: price.quote } : p.body);
}

/**
 * Returns the verified payment, or answers 402 itself and returns undefined. A replay is not
 * detected here: recording the payment claims its proof id under a unique constraint.
 */
export async function acceptPayment(deps: AppDeps, req: Request, res: Response, price: Price): Promise<AcceptedPayment | undefined> {
  const paymentSignature = req.get('payment-signature');
  const xPayment = req.get('x-payment');
  if (!paymentSignature && !xPayment) {
    challenge(deps, req, res, price);
    return undefined;
  }
  try {
    const remote = deps.config.X402_FACILITATOR_URL ? deps.facilitator : undefined;
    const paid = await verifyX402(requirementsFor(deps, req, price), { paymentSignature, xPayment }, price, remote);
    // The request is now acted on: its X-Signature (if any) is spent.
    await req.spendSignature?.();
    return paid;
  } catch (err) {
    if (!(err instanceof X402Error)) throw err;
    challenge(deps, req, res, price, err instanceof FacilitatorRejectedError ? err.facilitatorReason : err.reason);
    return undefined;
  }
}

/**
 * Reads of payment rows after waiting, one batched reader per pool: settlements finish in
 * groups (the worker commits them together), so their waiting requests read their rows
 * together, with one statement.
 */
const paymentReaders = new WeakMap<Db, (id: string) => Promise<PaymentRow | undefined>>();

function readPayment(db: Db): (id: string) => Promise<PaymentRow | undefined> {
  let reader = paymentReaders.get(db);
  if (!reader) {
    reader = batched((ids: string[]) => getPayments(db, ids));
    paymentReaders.set(db, reader);
  }
  return reader;
}

/**
 * Enqueues settlement and waits for it a bounded time; the row is the truth. `justRecorded`:
 * the payment row was written by this request, so no settlement job of it can exist yet.
 */
export async function settleOrWait(deps: AppDeps, paymentId: string, justRecorded = false): Promise<PaymentRow> {
  const deadline = Date.now() + deps.config.SETTLE_WAIT_MS;
  // Waiting starts before the add, so the completion cannot be missed (queues/finished.ts).
  // SETTLE_WAIT_MS=0 means "do not wait".
  const wait = deps.config.SETTLE_WAIT_MS > 0
    ? waitForJob(deps.queues.settlementEvents, paymentId, deps.config.SETTLE_WAIT_MS, justRecorded)
    : undefined;
  let job: Job | undefined;
  try {
    job = await enqueueSettlement(deps.queues.settlement, paymentId);
  } catch (err) {
    // The payment row is pending in Postgres; the reconciler will enqueue it. Nothing will
    // settle it meanwhile, so there is nothing to wait for: the answer is a 202 at once.
    wait?.cancel();
    deps.log.warn({ err: (err as Error).message, paymentId }, 'could not enqueue settlement; leaving it to the reconciler');
  }
  if (job && wait) await wait.finished(job);
  for (;;) {
    const row = await readPayment(deps.db)(paymentId);
    if (!row) throw new HttpError('internal', 'payment record vanished');
    if (!job || row.status !== 'pending' || Date.now() >= deadline) return row;
    // The job failed an attempt and is backing off, or Redis is away: poll the row.
    await new Promise((r) => setTimeout(r, Math.min(250, Math.max(0, deadline - Date.now()))));
  }
}
