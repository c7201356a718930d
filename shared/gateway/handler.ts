/**
 * What a settled gateway payment buys, in the settling transaction: the money lands on the
 * order's account and is sold to revenue, the order succeeds, and its effect applies: a hosting
 * plan upgrades the deployment (the provisioning worker resizes it), the scan plan mints or
 * renews a monthly key. A failed settlement fails the order with the reason.
 */
import type { Queryable } from '../db/pool.js';
import { recordEvent } from '../events.js';
import { AccountIds, createTransfer, ensureAccount, type Currency } from '../ledger/index.js';
import type { PaymentRow } from '../payments/queries.js';
import type { PurposeHandler } from '../payments/settle.js';
import { upgradeDeployment } from '../hosting/deployments.js';
import type { PaidPlanName } from '../hosting/plans.js';
import { grantMonthlyPlan, MONTHLY_SCANS } from '../scans/plans.js';
import { getGatewayPayment, type GatewayPaymentRow } from './orders.js';

async function finish(tx: Queryable, payment: PaymentRow, status: 'succeeded' | 'failed', reason?: string): Promise<GatewayPaymentRow | undefined> {
  const { rows } = await tx.query<GatewayPaymentRow>(
    `UPDATE gateway_payments SET status = $2, failure_reason = $3, updated_at = date_trunc('milliseconds', now())
     WHERE id = $1 AND status = 'processing' RETURNING *`,
    [payment.subject_id, status, reason ?? null],
  );
  if (rows[0]) await recordEvent(tx, `payment.${status}`, rows[0].id, [rows[0].payer_agent], { payment_id: rows[0].id, ...(reason ? { reason } : {}) });
  return rows[0];
}

export const gatewayHandler: PurposeHandler = {
  inflowAccount: async (_tx, payment) => AccountIds.gatewayPayment(payment.subject_id),
  async onSettled(tx, payment) {
    const currency = payment.currency as Currency;
    await ensureAccount(tx, { id: AccountIds.fees(currency), currency, kind: 'system' });
    await createTransfer(tx, {
      id: `sale:${payment.id}`, debit: AccountIds.gatewayPayment(payment.subject_id), credit: AccountIds.fees(currency),
      amount: payment.amount, code: 'gateway_sale', metadata: { payment_id: payment.id },
    });
    const order = await finish(tx, payment, 'succeeded');
    if (!order) return;
    if (order.service === 'hosting' && order.deploy_id) {
      await upgradeDeployment(tx, order.deploy_id, order.plan as PaidPlanName);
    } else if (order.service === 'scan') {
      await grantMonthlyPlan(tx, { keyId: order.scan_key_id ?? undefined, keyHash: order.new_key_hash ?? undefined, paymentId: payment.id, scans: MONTHLY_SCANS });
    }
  },
  async onFailed(tx, payment, reason) {
    await finish(tx, payment, 'failed', reason);
  },
};

export { getGatewayPayment };
