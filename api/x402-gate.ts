/**
 * The x402 door of a paid route. `acceptPayment` answers 402 (with the v2 header and the v1
 * body) until the request carries a payment that verifies against the route's own price;
 * `answerPaid` enqueues settlement, waits a bounded time, and answers 201 with PAYMENT-RESPONSE
 * when settled, 202 with a Location while it is not, or a fresh 402 when settlement failed.
 */
import type { Request, Response } from 'express';
import type { Job } from 'bullmq';
import {
  buildPaymentRequired, decodePaymentHeader, encodePaymentResponse, paymentResponseHeaderName, parsePaymentPayload,
  selectRequirements, verifyPayment, X402Error, type X402Settings,
} from '../shared/x402/index.js';
import { PaymentReplayError, type AcceptedX402 } from '../shared/agents/register.js';
import { getPayment, type PaymentRow } from '../shared/payments/queries.js';
import { HttpError } from '../shared/errors.js';
import { enqueueSettlement } from '../queues/settlement.js';
import type { AppDeps } from './context.js';

export interface Price {
  amount: bigint;
  description: string;
}

export interface AcceptedPayment extends AcceptedX402 {
  version: 1 | 2;
}

/** The requirements of a route's price; the resource is the route's own absolute URL. */
function requirementsFor(deps: AppDeps, req: Request, price: Price, error?: string) {
  return buildPaymentRequired(deps.x402, {
    amount: price.amount,
    resourceUrl: `${deps.config.publicBaseUrl}${req.originalUrl.split('?')[0]}`,
    description: price.description,
    error,
  });
}

function challenge(deps: AppDeps, req: Request, res: Response, price: Price, error?: string): void {
  const p = requirementsFor(deps, req, price, error);
  res.status(402).set('PAYMENT-REQUIRED', p.header).set('Cache-Control', 'no-store').json(p.body);
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
  const built = requirementsFor(deps, req, price);
  try {
    const decoded = decodePaymentHeader({ paymentSignature, xPayment });
    const requirements = selectRequirements(decoded, built);
    const verified = await verifyPayment(decoded, requirements);
    // The request is now acted on: its X-Signature (if any) is spent.
    await req.spendSignature?.();
    return { version: decoded.version, proofId: verified.proofId, payer: verified.payer, amount: price.amount, payload: decoded.raw, requirements };
  } catch (err) {
    if (!(err instanceof X402Error)) throw err;
    challenge(deps, req, res, price, err.reason);
    return undefined;
  }
}

/**
 * Records a verified payment with `record` (one transaction claiming its proof id). A proof that
 * was already claimed gets a fresh 402 saying so, and undefined; nothing is credited.
 */
export async function recordPayment<T>(deps: AppDeps, req: Request, res: Response, price: Price, record: () => Promise<T>): Promise<T | undefined> {
  try {
    return await record();
  } catch (err) {
    if (!(err instanceof PaymentReplayError)) throw err;
    challenge(deps, req, res, price, 'payment_already_used');
    return undefined;
  }
}

/** Waits until the payment leaves `pending` or the time is up; the row is the truth. */
async function waitForSettlement(deps: AppDeps, job: Job, paymentId: string): Promise<PaymentRow> {
  const deadline = Date.now() + deps.config.SETTLE_WAIT_MS;
  // BullMQ reads a ttl of 0 as "wait forever": SETTLE_WAIT_MS=0 must mean "do not wait".
  if (deps.config.SETTLE_WAIT_MS > 0) {
    await job.waitUntilFinished(deps.queues.settlementEvents, deps.config.SETTLE_WAIT_MS).catch(() => {});
  }
  for (;;) {
    const row = await getPayment(deps.db, paymentId);
    if (!row) throw new HttpError('internal', 'payment record vanished');
    if (row.status !== 'pending' || Date.now() >= deadline) return row;
    // The job failed an attempt and is backing off, or Redis is away: poll the row.
    await new Promise((r) => setTimeout(r, Math.min(250, Math.max(0, deadline - Date.now()))));
  }
}

export interface PaidAnswer {
  /** Where the resource can be polled. */
  location: string;
  /** The body, built from the payment's state once waiting is over. */
  body(payment: PaymentRow): Promise<Record<string, unknown>>;
  /** Price and request, for the fresh 402 when settlement failed. */
  retry: { req: Request; price: Price };
}

export async function answerPaid(deps: AppDeps, res: Response, paymentId: string, answer: PaidAnswer): Promise<void> {
  let job: Job | undefined;
  try {
    job = await enqueueSettlement(deps.queues.settlement, paymentId);
  } catch (err) {
    // The payment row is pending in Postgres; the reconciler will enqueue it. Nothing will
    // settle it meanwhile, so there is nothing to wait for: the answer is a 202 at once.
    deps.log.warn({ err: (err as Error).message, paymentId }, 'could not enqueue settlement; leaving it to the reconciler');
  }
  const payment = job ? await waitForSettlement(deps, job, paymentId) : await getPayment(deps.db, paymentId);
  if (!payment) throw new HttpError('internal', 'payment record vanished');
  if (payment.status === 'failed') {
    challenge(deps, answer.retry.req, res, answer.retry.price, payment.failure_reason ?? 'settlement_failed');
    return;
  }
  const body = { success: true, ...(await answer.body(payment)) };
  res.setHeader('Location', answer.location);
  if (payment.status === 'settled' && payment.settlement) {
    const version = parsePaymentPayload(payment.payload).version;
    const s = payment.settlement as { transaction: string; network: string; payer: string };
    res.setHeader(paymentResponseHeaderName(version), encodePaymentResponse(s, version));
    res.status(201).json(body);
    return;
  }
  res.status(202).json(body);
}

export type { X402Settings };
