/**
 * The USD payment gateway (spec 4.4): create a payment for a plan, verify it with a proof from
 * either rail, read it. As the spec shows, these need no key beyond the JSON body: creating one
 * commits nobody, and only a valid proof (which only a payer holds) moves it forward.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { newApiKey, hashApiKey } from '../../shared/auth/credentials.js';
import type { Config } from '../../shared/config.js';
import { NotFoundError } from '../../shared/errors.js';
import { createGatewayPayment, formatUsd, getGatewayPayment, type GatewayPaymentRow } from '../../shared/gateway/orders.js';
import { recordGatewayProof } from '../../shared/gateway/verify.js';
import type { PaidPlanName } from '../../shared/hosting/plans.js';
import { PreimageMismatchError, preimageMatches } from '../../shared/lightning/index.js';
import type { AcceptedPayment } from '../../shared/payments/record.js';
import { SCAN_KEY_PREFIX } from '../../shared/scans/keys.js';
import { X402Error } from '../../shared/x402/index.js';
import { enqueueProvisioning } from '../../queues/provisioning.js';
import type { AppDeps } from '../context.js';
import { HttpError } from '../http-error.js';
import { idempotency } from '../middleware/idempotency.js';
import { parse, parseBody } from '../middleware/validate.js';
import { requirementsOf, settleOrWait, verifyX402 } from '../paid.js';
import { CreatePaymentRequest, GatewayPaymentEnvelope, VerifyPaymentRequest } from '../schemas/hosting.js';
import { errorResponse, jsonResponse, z } from '../schemas/common.js';
import { getDeployment } from '../../shared/hosting/deployments.js';
import { parseAmount } from '../../shared/ledger/index.js';

const Params = z.object({ id: z.string().regex(/^gwp_[0-9a-f]{24}$/, 'a gateway payment id (gwp_...)') });
/** US dollars as text ("12.00", or a JSON number's own digits) to cents; never through a float. */
const cents = (usd: string) => parseAmount(usd, 'USD');

export function hostingPrices(config: Config): Record<PaidPlanName, bigint> {
  return { micro: cents(config.HOSTING_PRICE_MICRO_USD), small: cents(config.HOSTING_PRICE_SMALL_USD), medium: cents(config.HOSTING_PRICE_MEDIUM_USD) };
}

export function describeGatewayRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'post', path: '/api/payment/create', tags: ['gateway'], summary: 'Create a payment for a hosting plan or the monthly scan plan',
    request: { body: { content: { 'application/json': { schema: CreatePaymentRequest } } } },
    responses: {
      201: jsonResponse(GatewayPaymentEnvelope, 'requires_payment, with the ways to pay under methods'),
      400: errorResponse('invalid body, unknown plan, or an amount that is not the plan\'s price'), 404: errorResponse('no such active agent, or deployment of this payer'),
    },
  });
  r.registerPath({
    method: 'post', path: '/api/payment/verify', tags: ['gateway'], summary: 'Verify a payment with an x402 payment or a Lightning preimage',
    description: 'Idempotent: the same proof again returns the payment. A worker settles it; the answer waits up to SETTLE_WAIT_MS.',
    request: { body: { content: { 'application/json': { schema: VerifyPaymentRequest } } } },
    responses: {
      200: jsonResponse(GatewayPaymentEnvelope, 'succeeded or failed'), 202: jsonResponse(GatewayPaymentEnvelope, 'processing; poll GET /api/payment/{id}'),
      400: errorResponse('a proof that does not pay this payment (wrong amount, payee, preimage...)'), 404: errorResponse('no such payment'),
      409: errorResponse('the proof was used for another payment, or this payment is closed or has another proof'),
    },
  });
  r.registerPath({
    method: 'get', path: '/api/payment/{id}', tags: ['gateway'], summary: 'A gateway payment and its status', request: { params: Params },
    responses: { 200: jsonResponse(GatewayPaymentEnvelope, 'the payment'), 404: errorResponse('no such payment') },
  });
}

export function gatewayRoutes(deps: AppDeps): Router {
  const router = Router();
  const prices = { hosting: hostingPrices(deps.config), scanMonthly: cents(deps.config.SCAN_MONTHLY_USD) };
  const resourceOf = (id: string) => `${deps.config.gatewayBaseUrl}/api/payment/${id}`;
  const priceOf = (order: GatewayPaymentRow) => ({ amount: order.amount_cents * 10_000n, description: `agent-commerce ${order.service} plan ${order.plan} (${order.id})` });

  const toJson = (order: GatewayPaymentRow) => ({
    id: order.id, status: order.status, service: order.service, plan: order.plan, amount_usd: formatUsd(order.amount_cents), currency: 'USD',
    payer_agent: order.payer_agent, deploy_id: order.deploy_id, failure_reason: order.failure_reason,
    ...(order.status === 'requires_payment' ? {
      methods: {
        x402: requirementsOf(deps, resourceOf(order.id), priceOf(order)).paymentRequired,
        lightning: { invoice: order.invoice, payment_hash: order.payment_hash, amount_sats: Number(order.amount_sats) },
      },
    } : {}),
    created_at: order.created_at.toISOString(), updated_at: order.updated_at.toISOString(),
  });

  router.post('/create', idempotency(deps), async (req, res) => {
    const body = parseBody(CreatePaymentRequest, req);
    const order = await createGatewayPayment(deps.db, deps.lightning, {
      service: body.service, plan: body.plan, amountCents: cents(String(body.amount_usd)), payerAgent: body.payer_agent,
      deployId: body.deploy_id, scanKeyId: body.scan_key_id,
    }, { prices, satsPerUsd: deps.config.SATS_PER_USD, invoiceExpirySeconds: deps.config.LIGHTNING_INVOICE_EXPIRY_SECONDS });
    res.status(201).setHeader('Location', `/api/payment/${order.id}`);
    res.json({ success: true, payment: toJson(order) });
  });

  router.post('/verify', async (req, res) => {
    const body = parseBody(VerifyPaymentRequest, req);
    const order = await getGatewayPayment(deps.db, body.payment_id);
    if (!order) throw new NotFoundError('payment');
    const paid = await proofOf(order, body.proof);
    // A new monthly scan key is made here and shown to this caller only; its hash goes with the proof.
    const newKey = order.service === 'scan' && !order.scan_key_id ? newApiKey(SCAN_KEY_PREFIX) : undefined;
    const verified = await recordGatewayProof(deps.db, order.id, paid, newKey ? hashApiKey(newKey) : undefined);
    await settleOrWait(deps, verified.payment.id);
    const current = (await getGatewayPayment(deps.db, order.id))!;
    if (current.status === 'succeeded' && current.deploy_id) await resize(current.deploy_id);
    res.setHeader('Cache-Control', 'no-store');
    res.status(current.status === 'processing' ? 202 : 200).json({
      success: true, payment: toJson(current), ...(verified.recorded && newKey ? { credentials: { api_key: newKey } } : {}),
    });
  });

  router.get('/:id', async (req, res) => {
    const { id } = parse(Params, req.params, 'path');
    const order = await getGatewayPayment(deps.db, id);
    if (!order) throw new NotFoundError('payment');
    res.json({ success: true, payment: toJson(order) });
  });

  /** The rail's check of a proof against this order: the order's own requirements or invoice, never the client's. */
  async function proofOf(order: GatewayPaymentRow, proof: { x402: string } | { preimage: string }): Promise<AcceptedPayment> {
    if ('preimage' in proof) {
      if (!preimageMatches(proof.preimage, order.payment_hash)) throw new PreimageMismatchError(order.payment_hash);
      return { rail: 'lightning', proofId: order.payment_hash, payer: order.payer_agent, amount: order.amount_sats, currency: 'SAT', payload: { invoice: order.invoice }, requirements: { gateway_payment: order.id } };
    }
    const price = priceOf(order);
    try {
      // As on every paid route: with a real facilitator, its /verify decides after the local checks.
      const remote = deps.config.X402_FACILITATOR_URL ? deps.facilitator : undefined;
      return await verifyX402(requirementsOf(deps, resourceOf(order.id), price), { paymentSignature: proof.x402 }, price, remote);
    } catch (err) {
      if (!(err instanceof X402Error)) throw err;
      throw new HttpError('invalid_request', `the x402 payment does not pay this payment: ${err.reason}`, { reason: err.reason });
    }
  }

  /** The upgrade is paid: let the provisioning worker resize (the reconciler covers a lost enqueue). */
  async function resize(deployId: string): Promise<void> {
    const row = await getDeployment(deps.db, deployId);
    if (row?.status !== 'upgrading') return;
    await enqueueProvisioning(deps.queues.provisioning, deployId, row.updated_at).catch((err) => {
      deps.log.warn({ err: (err as Error).message, deployId }, 'could not enqueue a resize; leaving it to the reconciler');
    });
  }

  return router;
}
