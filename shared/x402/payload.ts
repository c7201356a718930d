/**
 * zod schemas for what arrives from outside: a client's payment payload (v1 or v2) and
 * requirements read back from storage. Only the "exact" EVM payload (EIP-3009) is understood;
 * anything else is an `InvalidPaymentHeaderError`, never a crash.
 */
import { z } from 'zod';
import type { Address, Hex } from 'viem';
import { InvalidPaymentHeaderError } from './errors.js';
import type { DecodedPayment, PaymentPayloadV1Wire, PaymentPayloadV2Wire, ServerRequirements } from './types.js';

const UINT256_MAX = (1n << 256n) - 1n;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte hex address');
// One refinement rather than regex + refine: zod runs later checks even after one fails, and
// BigInt() on a non-number would throw out of the parser.
const uint256 = z
  .string()
  .refine((v) => /^\d{1,78}$/.test(v) && BigInt(v) <= UINT256_MAX, 'expected a uint256 decimal string');
const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected 32 bytes of hex');
// 65 bytes for an EOA; longer for ERC-1271/6492 wallets, which the header size limit bounds.
const signature = z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'expected hex bytes');
const shortText = z.string().min(1).max(128);
const caip2 = z.templateLiteral([z.string().min(1), ':', z.string().min(1)]);

const exactEvmPayload = z.object({
  signature,
  authorization: z.object({
    from: address,
    to: address,
    value: uint256,
    validAfter: uint256,
    validBefore: uint256,
    nonce: bytes32,
  }),
});

const echoedRequirements = z.object({
  scheme: shortText,
  network: shortText,
  amount: uint256,
  asset: shortText,
  payTo: shortText,
  maxTimeoutSeconds: z.number().int().positive(),
  extra: z.record(z.string(), z.unknown()).nullish(),
});

const payloadV1 = z.looseObject({ x402Version: z.literal(1), scheme: shortText, network: shortText, payload: exactEvmPayload });
const payloadV2 = z.looseObject({ x402Version: z.literal(2), accepted: echoedRequirements, payload: exactEvmPayload });
const paymentPayload = z.discriminatedUnion('x402Version', [payloadV1, payloadV2]);

const assetDomain = z.object({ name: z.string().min(1), version: z.string().min(1) });
const requirementsCommon = {
  scheme: z.literal('exact'),
  asset: address,
  payTo: address,
  maxTimeoutSeconds: z.number().int().positive(),
  extra: assetDomain,
};
const serverRequirements = z.union([
  z.object({ ...requirementsCommon, network: caip2, amount: uint256 }),
  z.object({
    ...requirementsCommon,
    network: shortText,
    maxAmountRequired: uint256,
    resource: z.string(),
    description: z.string(),
    mimeType: z.string(),
  }),
]);

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'unexpected shape';
}

/**
 * Checks a payment payload (the JSON inside `PAYMENT-SIGNATURE` / `X-PAYMENT`, or a payload
 * stored earlier) and returns it typed, amounts as bigint. `raw` is the input object itself,
 * with any fields the client added, so that it can be stored and forwarded to a facilitator
 * exactly as signed.
 *
 * @throws InvalidPaymentHeaderError when the value is not an "exact" EVM payload of v1 or v2
 */
export function parsePaymentPayload(json: unknown): DecodedPayment {
  const parsed = paymentPayload.safeParse(json);
  if (!parsed.success) throw new InvalidPaymentHeaderError(describe(parsed.error), { cause: parsed.error });
  const p = parsed.data;
  const a = p.payload.authorization;
  const common = {
    authorization: {
      from: a.from as Address,
      to: a.to as Address,
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce as Hex,
    },
    signature: p.payload.signature as Hex,
  };
  if (p.x402Version === 1) {
    return { ...common, version: 1, scheme: p.scheme, network: p.network, raw: json as PaymentPayloadV1Wire };
  }
  const accepted = { ...p.accepted, extra: p.accepted.extra ?? undefined };
  const raw = json as PaymentPayloadV2Wire;
  return { ...common, version: 2, scheme: accepted.scheme, network: accepted.network, accepted, raw };
}

/**
 * Reads the server's own requirements back from storage (a jsonb column, a queue payload).
 *
 * @throws TypeError when the value is not requirements this module produced
 */
export function parseServerRequirements(json: unknown): ServerRequirements {
  const parsed = serverRequirements.safeParse(json);
  if (!parsed.success) throw new TypeError(`not x402 requirements: ${describe(parsed.error)}`);
  return parsed.data;
}
