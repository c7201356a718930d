/**
 * Payments through the USD gateway (spec 4.4, PRODUCT.md section 4): an order for a hosting plan
 * or the monthly scan plan, priced in USD cents, payable by x402 (1 USDC per USD) or by a
 * Lightning invoice (SATS_PER_USD). Creating one checks the price and the deployment's owner
 * and issues the invoice; nothing is charged until a proof is verified.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { LightningBackend } from '../lightning/index.js';
import { isPaidPlan, type PaidPlanName } from '../hosting/plans.js';
import { getDeployment } from '../hosting/deployments.js';

export const GATEWAY_STATUSES = ['requires_payment', 'processing', 'succeeded', 'failed'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];
export type GatewayService = 'hosting' | 'scan';

export interface GatewayPaymentRow {
  id: string;
  service: GatewayService;
  plan: string;
  amount_cents: bigint;
  payer_agent: string;
  deploy_id: string | null;
  scan_key_id: string | null;
  status: GatewayStatus;
  failure_reason: string | null;
  invoice: string;
  payment_hash: string;
  amount_sats: bigint;
  payment_id: string | null;
  new_key_hash: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface GatewayOrder {
  service: GatewayService;
  plan: string;
  amountCents: bigint;
  payerAgent: string;
  deployId?: string;
  scanKeyId?: string;
}

export interface GatewayPrices {
  hosting: Record<PaidPlanName, bigint>;
  scanMonthly: bigint;
}

/** Checks what the order buys and that it is priced exactly; returns the expected price in cents. */
async function priceOf(q: Queryable, order: GatewayOrder, prices: GatewayPrices): Promise<bigint> {
  if (order.service === 'scan') {
    if (order.plan !== 'monthly') throw new InvalidInputError('the scan service sells the plan "monthly"', [{ path: 'plan', message: 'expected "monthly"' }]);
    if (order.deployId) throw new InvalidInputError('a scan plan belongs to no deployment', [{ path: 'deploy_id', message: 'must be absent for service "scan"' }]);
    if (order.scanKeyId) {
      const { rows } = await q.query(`SELECT 1 FROM scan_keys WHERE id = $1 AND plan = 'monthly'`, [order.scanKeyId]);
      if (!rows[0]) throw new NotFoundError('monthly scan key');
    }
    return prices.scanMonthly;
  }
  if (!isPaidPlan(order.plan)) throw new InvalidInputError(`unknown hosting plan "${order.plan}"`, [{ path: 'plan', message: 'one of micro, small, medium' }]);
  if (!order.deployId) throw new InvalidInputError('a hosting plan needs the deployment it upgrades', [{ path: 'deploy_id', message: 'required for service "hosting"' }]);
  const deployment = await getDeployment(q, order.deployId);
  // Another agent's deployment is answered like a missing one: its existence is not told.
  if (!deployment || deployment.owner_agent_id !== order.payerAgent) throw new NotFoundError('deployment of this payer');
  return prices.hosting[order.plan];
}

export interface CreateOptions {
  prices: GatewayPrices;
  satsPerUsd: number;
  invoiceExpirySeconds: number;
}

export async function createGatewayPayment(q: Queryable, backend: LightningBackend, order: GatewayOrder, opts: CreateOptions): Promise<GatewayPaymentRow> {
  const agent = await q.query(`SELECT 1 FROM agents WHERE id = $1 AND status = 'active'`, [order.payerAgent]);
  if (!agent.rows[0]) throw new NotFoundError('active agent');
  const expected = await priceOf(q, order, opts.prices);
  if (order.amountCents !== expected) {
    throw new InvalidInputError(`amount_usd must be the plan's price, ${formatUsd(expected)}`, [{ path: 'amount_usd', message: `expected ${formatUsd(expected)}` }]);
  }
  // Whole sats, rounded up: the payer never pays less than the price.
  const sats = (order.amountCents * BigInt(opts.satsPerUsd) + 99n) / 100n;
  const id = `gwp_${randomBytes(12).toString('hex')}`;
  const invoice = await backend.createInvoice({ amountSats: sats, memo: `agent-commerce ${order.service} ${order.plan} (${id})`, expirySeconds: opts.invoiceExpirySeconds });
  const { rows } = await q.query<GatewayPaymentRow>(
    `INSERT INTO gateway_payments (id, service, plan, amount_cents, payer_agent, deploy_id, scan_key_id, invoice, payment_hash, amount_sats)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [id, order.service, order.plan, order.amountCents, order.payerAgent, order.deployId ?? null, order.scanKeyId ?? null, invoice.invoice, invoice.paymentHash, sats],
  );
  return rows[0];
}

export async function getGatewayPayment(q: Queryable, id: string, forUpdate = false): Promise<GatewayPaymentRow | undefined> {
  const { rows } = await q.query<GatewayPaymentRow>(`SELECT * FROM gateway_payments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export function formatUsd(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
