/**
 * Key purchase by invoice (spec 4.3): quickkey offers a pack, redeem turns its paid invoice into
 * a scan key; GET /api/keys/me shows what a key has left. In development and test, with the
 * embedded backend, POST /api/l402/dev/pay pays an invoice and returns its preimage.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request } from 'express';
import { canMarkPaid, paymentHashOfInvoice, verifyL402 } from '../../shared/lightning/index.js';
import { hashApiKey } from '../../shared/auth/credentials.js';
import { findScanKey, SCAN_KEY_PREFIX, toKeyJson, UnknownScanKeyError } from '../../shared/scans/keys.js';
import { SCAN_SERVICE } from '../../shared/scans/packs.js';
import type { AppDeps } from '../context.js';
import { HttpError } from '../http-error.js';
import { idempotency } from '../middleware/idempotency.js';
import { parseBody } from '../middleware/validate.js';
import { offerJson, offerPack, redeem } from '../l402.js';
import { DevPaid, DevPayRequest, QuickKey, QuickKeyRequest, Redeemed, RedeemRequest, ScanKeyInfo } from '../schemas/l402.js';
import { errorResponse, jsonResponse } from '../schemas/common.js';

export function describeL402Routes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'post', path: '/api/l402/quickkey', tags: ['scan'], summary: 'Offer a scan pack: a BOLT11 invoice and its L402 macaroon',
    description: 'Pay the invoice with any Lightning wallet, then POST /api/l402/redeem with the payment hash (or the macaroon) and the preimage.',
    request: { body: { content: { 'application/json': { schema: QuickKeyRequest } } } },
    responses: { 201: jsonResponse(QuickKey, 'the offer'), 503: errorResponse('the Lightning backend cannot be reached') },
  });
  r.registerPath({
    method: 'post', path: '/api/l402/redeem', tags: ['scan'], summary: 'Turn a paid invoice into a scan key',
    description: 'The same proof always gives the same key and never adds scans.',
    request: { body: { content: { 'application/json': { schema: RedeemRequest } } } },
    responses: {
      200: jsonResponse(Redeemed, 'the key, usable at once'), 400: errorResponse('malformed body'),
      401: errorResponse('the preimage does not match, or the macaroon is invalid, expired or for another service'),
      402: errorResponse('the invoice is not paid yet'), 404: errorResponse('no such pack invoice'), 409: errorResponse('the invoice expired unpaid'),
    },
  });
  r.registerPath({
    method: 'get', path: '/api/keys/me', tags: ['scan'], summary: "The scan key's plan, remaining scans and renewal date",
    security: [{ BearerAuth: [] }],
    responses: { 200: jsonResponse(ScanKeyInfo, 'the key'), 401: errorResponse('no or unknown scan key') },
  });
}

/** Development only: pays an invoice of the embedded backend, as a wallet would. */
function describeDevPay(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'post', path: '/api/l402/dev/pay', tags: ['scan'], summary: 'Pay an embedded-backend invoice (development and test only)',
    request: { body: { content: { 'application/json': { schema: DevPayRequest } } } },
    responses: { 200: jsonResponse(DevPaid, 'paid; the preimage'), 404: errorResponse('unknown invoice'), 409: errorResponse('expired') },
  });
}
export { describeDevPay };

function bearerScanKey(req: Request): string {
  const m = /^Bearer\s+(\S{1,512})$/i.exec((req.get('authorization') ?? '').trim());
  if (!m || !m[1].startsWith(SCAN_KEY_PREFIX)) {
    throw new HttpError('unauthorized', `this call needs a scan key: Authorization: Bearer ${SCAN_KEY_PREFIX}...`, undefined, { headers: { 'WWW-Authenticate': 'Bearer realm="agent-commerce"' } });
  }
  return m[1];
}

export function l402Routes(deps: AppDeps): Router {
  const router = Router();

  router.post('/quickkey', idempotency(deps), async (req, res) => {
    if (req.get('content-type')) parseBody(QuickKeyRequest, req);
    const offer = await offerPack(deps);
    res.status(201).setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...offerJson(offer) });
  });

  router.post('/redeem', async (req, res) => {
    const body = parseBody(RedeemRequest, req);
    let hash = body.payment_hash;
    if (body.macaroon) {
      const verified = await verifyL402({ macaroon: body.macaroon, preimage: body.preimage }, deps.db, { service: SCAN_SERVICE, now: new Date() });
      if (hash && hash !== verified.paymentHash) throw new HttpError('invalid_request', 'payment_hash and macaroon name different invoices', [{ path: 'payment_hash', message: 'does not match the macaroon' }]);
      hash = verified.paymentHash;
    }
    const { apiKey, key } = await redeem(deps, hash!, body.preimage);
    // The key is in the answer: it must not sit in a shared cache.
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, api_key: apiKey, scans_remaining: key.scans_total - key.scans_used, plan: key.plan });
  });

  const backend = deps.lightning;
  if (deps.config.NODE_ENV !== 'production' && canMarkPaid(backend)) {
    router.post('/dev/pay', async (req, res) => {
      const { invoice } = parseBody(DevPayRequest, req);
      const paymentHash = paymentHashOfInvoice(invoice);
      if (!paymentHash) throw new HttpError('invalid_request', 'not a BOLT11 invoice', [{ path: 'invoice', message: 'does not decode' }]);
      const preimage = await backend.markPaid(paymentHash);
      res.json({ success: true, payment_hash: paymentHash, preimage });
    });
  }
  return router;
}

export function keyRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/me', async (req, res) => {
    const key = await findScanKey(deps.db, hashApiKey(bearerScanKey(req)));
    if (!key) throw new UnknownScanKeyError();
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, key: toKeyJson(key) });
  });
  return router;
}
