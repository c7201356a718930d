/**
 * GET /api/v1/payments/:id: a payment and its x402 receipt, for its owner. A paid route that
 * answered 202 (settlement still pending) links here (`Link: <...>; rel="payment-receipt"`):
 * once settled, this answers 200 with the settlement (transaction, network, payer) and the
 * receipt in `PAYMENT-RESPONSE` (v2) or `X-PAYMENT-RESPONSE` (v1); once failed, 402 with a
 * receipt of `success: false` and the reason, as the reference server answers a failed settle.
 *
 * Owner: the agent whose wallet paid, the agent the payment is for (its registration), or admin.
 * Anyone else gets the same 404 as for an unknown id.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { getAddress } from 'viem';
import { NotFoundError } from '../../shared/errors.js';
import { getPayment, type PaymentRow } from '../../shared/payments/queries.js';
import type { AppDeps, Principal } from '../context.js';
import { bearer } from '../middleware/auth.js';
import { parse } from '../middleware/validate.js';
import { receiptHeaders } from '../paid.js';
import { discoveryDocument } from '../x402-discovery.js';
import { errorResponse, jsonResponse, z } from '../schemas/common.js';

const Id = z.object({ id: z.string().min(1).max(80) });

const Settlement = z.object({ transaction: z.string(), network: z.string(), payer: z.string() });
const Payment = z
  .object({
    id: z.string(),
    rail: z.string(),
    purpose: z.string(),
    status: z.enum(['pending', 'settled', 'failed']),
    amount_minor: z.string().openapi({ description: 'minor units of currency (USDC: 6 decimals)' }),
    currency: z.string(),
    payer: z.string(),
    settlement: Settlement.nullable(),
    failure_reason: z.string().nullable(),
    created_at: z.string(),
    settled_at: z.string().nullable(),
  })
  .openapi('Payment');
const PaymentEnvelope = z.object({ success: z.boolean(), payment: Payment });

const receipt = { schema: { type: 'string' as const }, description: 'base64 JSON SettleResponse (v2; X-PAYMENT-RESPONSE for v1 payments)' };

export function describePaymentRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'get', path: '/api/v1/payments/{id}', tags: ['payments'], summary: 'A payment and its x402 receipt (owner only)',
    security: [{ BearerAuth: [] }], request: { params: Id },
    responses: {
      200: { ...jsonResponse(PaymentEnvelope, 'pending, or settled with PAYMENT-RESPONSE'), headers: { 'PAYMENT-RESPONSE': receipt } },
      401: errorResponse('no API key'),
      402: { ...jsonResponse(PaymentEnvelope, 'settlement failed; PAYMENT-RESPONSE has success false and the reason'), headers: { 'PAYMENT-RESPONSE': receipt } },
      404: errorResponse('no such payment, or not yours'),
    },
  });
}

/** GET /.well-known/x402: the paid resources, for indexers and facilitator catalogues. */
export function describeDiscoveryRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'get', path: '/.well-known/x402', tags: ['payments'], summary: 'The paid (x402) resources of this service, with their Bazaar discovery extension',
    responses: { 200: { description: '{x402Version, resources: [{resource, type, method, description, price, accepts, extensions: {bazaar}}]}', content: { 'application/json': { schema: { type: 'object' as const } } } } },
  });
}

/** Mounted at the root. */
export function discoveryRoutes(deps: AppDeps): Router {
  const router = Router();
  let doc: unknown;
  router.get('/.well-known/x402', (_req, res) => {
    doc ??= discoveryDocument(deps);
    res.set('Cache-Control', 'public, max-age=300').json(doc);
  });
  return router;
}

function owns(principal: Principal | undefined, payment: PaymentRow): boolean {
  if (!principal) return false;
  if (principal.kind === 'admin') return true;
  const { agent } = principal;
  return agent.id === payment.subject_id || (!!agent.wallet && agent.wallet.toLowerCase() === payment.payer.toLowerCase());
}

function view(p: PaymentRow) {
  return {
    id: p.id,
    rail: p.rail,
    purpose: p.purpose,
    status: p.status,
    amount_minor: p.amount.toString(),
    currency: p.currency,
    payer: p.rail === 'x402' ? getAddress(p.payer) : p.payer,
    settlement: p.status === 'settled' ? (p.settlement as z.infer<typeof Settlement>) : null,
    failure_reason: p.failure_reason,
    created_at: new Date(p.created_at).toISOString(),
    settled_at: p.settled_at ? new Date(p.settled_at).toISOString() : null,
  };
}

/** Mounted at /api/v1/payments. */
export function paymentRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/:id', bearer(deps), async (req, res) => {
    const { id } = parse(Id, req.params, 'path');
    const payment = await getPayment(deps.db, id);
    if (!payment || !owns(req.principal, payment)) throw new NotFoundError('payment');
    res.set(receiptHeaders(payment)).set('Cache-Control', 'no-store');
    if (payment.status === 'failed') {
      res.status(402).json({ success: false, error: payment.failure_reason ?? 'settlement_failed', payment: view(payment) });
      return;
    }
    res.json({ success: true, payment: view(payment) });
  });
  return router;
}
