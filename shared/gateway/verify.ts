/**
 * Verifying a gateway payment: the rail has checked the proof (an x402 authorization against the
 * order's own requirements, or a preimage against its invoice); this records it. One transaction
 * locks the order, requires it to be waiting for payment, claims the proof id under the payments
 * table's unique constraint (a proof used for another order is a PaymentReplayError) and moves
 * the order to `processing`. Verifying again with the same proof changes nothing.
 */
import type { Db } from '../db/pool.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { recordEvent } from '../events.js';
import { insertAcceptedPayment, recordPaid, type AcceptedPayment } from '../payments/record.js';
import { getPayment, type PaymentRow } from '../payments/queries.js';
import { getGatewayPayment, type GatewayPaymentRow } from './orders.js';

export const GATEWAY_PURPOSE = 'gateway';

export interface Verified {
  order: GatewayPaymentRow;
  payment: PaymentRow;
  /** True for the call that recorded the proof; false for a repeat. */
  recorded: boolean;
}

export class OrderClosedError extends ConflictError {
  constructor(order: GatewayPaymentRow) {
    super(`this payment is ${order.status}${order.failure_reason ? `: ${order.failure_reason}` : ''}; create a new one`, { current_state: order.status });
  }
}

export class OtherProofError extends ConflictError {
  constructor() {
    super('this payment is already being settled with another proof');
  }
}

export async function recordGatewayProof(db: Db, orderId: string, paid: AcceptedPayment, newKeyHash?: string): Promise<Verified> {
  return recordPaid(db, async (tx) => {
    const order = await getGatewayPayment(tx, orderId, true);
    if (!order) throw new NotFoundError('payment');
    if (order.payment_id) {
      const payment = (await getPayment(tx, order.payment_id))!;
      if (payment.proof_id !== paid.proofId) throw order.status === 'failed' ? new OrderClosedError(order) : new OtherProofError();
      return { order, payment, recorded: false };
    }
    if (order.status !== 'requires_payment') throw new OrderClosedError(order);
    const payment = await insertAcceptedPayment(tx, paid, GATEWAY_PURPOSE, order.id);
    const { rows } = await tx.query<GatewayPaymentRow>(
      `UPDATE gateway_payments SET status = 'processing', payment_id = $2, new_key_hash = $3, updated_at = date_trunc('milliseconds', now())
       WHERE id = $1 RETURNING *`,
      [order.id, payment.id, newKeyHash ?? null],
    );
    await recordEvent(tx, 'payment.processing', order.id, [order.payer_agent], { payment_id: order.id, rail: paid.rail });
    return { order: rows[0], payment, recorded: true };
  });
}
