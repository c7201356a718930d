/**
 * The Lightning door of the scan surface. A scan pack is bought by paying an invoice; the 402 that
 * offers it carries the invoice and an L402 macaroon in both `WWW-Authenticate` forms (L402 and
 * the older LSAT), so that existing L402 clients pay it unchanged, and the same offer in the body
 * for clients that follow the quickkey/redeem sequence. `Authorization: L402 <mac>:<preimage>`
 * redeems the pack and spends its scans; both paths end in the same settlement and key.
 */
import type { Response } from 'express';
import { formatChallenge, parseL402Authorization, verifyL402 } from '../shared/lightning/index.js';
import { hashApiKey } from '../shared/auth/credentials.js';
import { offerScanPack, redeemScanPack, SCAN_SERVICE, type PackOffer, type PackTerms, type Redeemed } from '../shared/scans/packs.js';
import { paymentRails } from '../shared/payments/rails/index.js';
import { purposeHandlers } from '../shared/purposes.js';
import { enqueueSettlement } from '../queues/settlement.js';
import type { AppDeps } from './context.js';

export function packTerms(deps: AppDeps): PackTerms {
  const c = deps.config;
  return { sats: BigInt(c.L402_PACK_SATS), scans: c.L402_PACK_SCANS, invoiceExpirySeconds: c.LIGHTNING_INVOICE_EXPIRY_SECONDS, validSeconds: c.L402_VALID_SECONDS };
}

/** Offers a pack and asks a worker to watch its invoice, so that a payment never redeemed is still booked. */
export async function offerPack(deps: AppDeps): Promise<PackOffer> {
  const offer = await offerScanPack(deps.db, deps.lightning, packTerms(deps));
  // Best effort: the reconciler enqueues any pending payment this misses.
  await enqueueSettlement(deps.queues.settlement, offer.payment.id).catch((err) => {
    deps.log.warn({ err: (err as Error).message, paymentId: offer.payment.id }, 'could not enqueue an invoice watch; leaving it to the reconciler');
  });
  return offer;
}

export function offerJson(offer: PackOffer) {
  return {
    invoice: offer.invoice, payment_hash: offer.paymentHash, amount_sats: Number(offer.amountSats), scans: offer.scans,
    expires_at: offer.expiresAt.toISOString(), macaroon: offer.macaroon,
  };
}

/** Answers 402 offering a new pack: both L402 challenges, and the offer in the error envelope. */
export async function sendL402Challenge(deps: AppDeps, res: Response, message: string, details: Record<string, unknown> = {}): Promise<void> {
  const offer = await offerPack(deps);
  res.setHeader('WWW-Authenticate', formatChallenge({ macaroon: offer.macaroon, invoice: offer.invoice }));
  res.setHeader('Cache-Control', 'no-store');
  res.status(402).json({
    success: false,
    error: {
      code: 'payment_required',
      message,
      details: {
        ...details, l402: offerJson(offer),
        quickkey_url: `${deps.config.scanBaseUrl}/api/l402/quickkey`, redeem_url: `${deps.config.scanBaseUrl}/api/l402/redeem`,
      },
    },
  });
}

/** Redeems a paid pack by its hash and preimage; settles it here if no worker has yet. */
export function redeem(deps: AppDeps, paymentHash: string, preimage: string): Promise<Redeemed> {
  const settle = { db: deps.db, rails: paymentRails(deps), purposes: purposeHandlers(), masterKey: deps.config.SIGNING_MASTER_KEY };
  return redeemScanPack(settle, paymentHash, preimage);
}

/** The scan key hash behind `Authorization: L402 <macaroon>:<preimage>` (or LSAT). */
export async function keyHashFromL402(deps: AppDeps, header: string): Promise<string> {
  const auth = parseL402Authorization(header);
  const verified = await verifyL402({ macaroon: auth.macaroon, preimage: auth.preimage }, deps.db, { service: SCAN_SERVICE, now: new Date() });
  const { apiKey } = await redeem(deps, verified.paymentHash, auth.preimage);
  return hashApiKey(apiKey);
}
