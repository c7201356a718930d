/** Shapes of the Lightning key purchase (spec 4.3, PRODUCT.md section 4) and of a scan key. */
import { IsoTime, z } from './common.js';

const Hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal characters').transform((s) => s.toLowerCase());
const Base64 = z.string().min(4).max(8192).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'standard base64');

export const QuickKeyRequest = z.object({}).strict().openapi('QuickKeyRequest');

export const QuickKey = z
  .object({
    success: z.literal(true),
    invoice: z.string().openapi({ description: 'BOLT11 invoice for the pack' }),
    payment_hash: z.string().openapi({ description: '64 hex: sha256 of the preimage the payer receives' }),
    amount_sats: z.number().int(),
    scans: z.number().int(),
    expires_at: IsoTime.openapi({ description: 'when the invoice can no longer be paid' }),
    macaroon: z.string().openapi({ description: 'L402 macaroon (standard base64) bound to the payment hash' }),
  })
  .openapi('QuickKey');

export const RedeemRequest = z
  .object({
    payment_hash: Hex64.optional(),
    macaroon: Base64.optional(),
    preimage: Hex64,
  })
  .strict()
  .refine((b) => b.payment_hash !== undefined || b.macaroon !== undefined, { message: 'give payment_hash or macaroon', path: ['payment_hash'] })
  .openapi('RedeemRequest');

export const ScanPlanEnum = z.enum(['pack', 'monthly']);

export const Redeemed = z
  .object({
    success: z.literal(true),
    api_key: z.string().openapi({ description: 'ac_scan_...: the same key on every redeem of this proof' }),
    scans_remaining: z.number().int(),
    plan: ScanPlanEnum,
  })
  .openapi('Redeemed');

export const DevPayRequest = z.object({ invoice: z.string().min(10).max(4096) }).strict().openapi('DevPayRequest');

export const DevPaid = z
  .object({ success: z.literal(true), payment_hash: z.string(), preimage: z.string() })
  .openapi('DevPaid');

export const ScanKeyInfo = z
  .object({
    success: z.literal(true),
    key: z.object({
      plan: ScanPlanEnum,
      scans_total: z.number().int(),
      scans_used: z.number().int(),
      scans_remaining: z.number().int(),
      renews_at: IsoTime.nullable().openapi({ description: 'monthly plan: when the quota resets next (null when not renewing)' }),
      paid_until: IsoTime.nullable(),
      created_at: IsoTime,
    }),
  })
  .openapi('ScanKeyInfo');
