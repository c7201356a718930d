/**
 * The x402 HTTP headers: names, strict standard base64 (the official clients write and accept
 * nothing else), decoding a client's payment header and encoding the settlement receipt.
 */
import { InvalidPaymentHeaderError, X402Error, X402Reason } from './errors.js';
import { toCaip2, toV1Name } from './networks.js';
import { parsePaymentPayload } from './payload.js';
import type { DecodedPayment, SettledPayment } from './types.js';

/** Header names as the official packages send and read them (HTTP header names are case-insensitive). */
export const X402Header = {
  /** v2, response: base64 PaymentRequired on a 402. */
  paymentRequired: 'PAYMENT-REQUIRED',
  /** v2, request: base64 PaymentPayload. */
  paymentSignature: 'PAYMENT-SIGNATURE',
  /** v2, response: base64 settlement receipt. */
  paymentResponse: 'PAYMENT-RESPONSE',
  /** v1, request: base64 PaymentPayload. */
  xPayment: 'X-PAYMENT',
  /** v1, response: base64 settlement receipt. */
  xPaymentResponse: 'X-PAYMENT-RESPONSE',
} as const;

/** For `Access-Control-Expose-Headers`: a browser client can read only what is listed. */
export const X402_EXPOSED_HEADERS = 'PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE';

/**
 * For `Access-Control-Allow-Headers`: the request headers a browser client sends. Both official
 * clients also set `Access-Control-Expose-Headers` on their paid retry (a request header, oddly),
 * so a preflight that does not allow it blocks the payment in a browser.
 */
export const X402_REQUEST_HEADERS = 'PAYMENT-SIGNATURE, X-PAYMENT, Access-Control-Expose-Headers';

/**
 * Largest payment header accepted, in characters. An EOA payment is about 1 KB of base64; the
 * limit leaves room for smart-wallet signatures and extensions while bounding the JSON parse.
 */
export const MAX_PAYMENT_HEADER_LENGTH = 8 * 1024;

// Standard base64, padding optional (the official decoder, atob, takes it either way). Node's
// decoder would silently skip stray characters, so the shape is checked before decoding.
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/** Standard base64 of the UTF-8 JSON of a value. */
export function encodeBase64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

/**
 * Decodes standard base64 holding UTF-8 JSON.
 *
 * @throws InvalidPaymentHeaderError on anything else
 */
export function decodeBase64Json(text: string): unknown {
  if (text.length === 0 || !STANDARD_BASE64.test(text)) throw new InvalidPaymentHeaderError('not standard base64');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'base64'));
  } catch (cause) {
    throw new InvalidPaymentHeaderError('not UTF-8', { cause });
  }
  try {
    return JSON.parse(json) as unknown;
  } catch (cause) {
    throw new InvalidPaymentHeaderError('not JSON', { cause });
  }
}

/** The two request headers a payment may arrive in; pass what the request carried. */
export interface PaymentHeaders {
  /** `PAYMENT-SIGNATURE` (v2 clients). */
  paymentSignature?: string | null;
  /** `X-PAYMENT` (v1 clients). */
  xPayment?: string | null;
}

/**
 * Decodes a client's payment header. `PAYMENT-SIGNATURE` wins when both are present; the
 * generation is the one the JSON declares (`x402Version`), whichever header carried it.
 *
 * @example
 * const payment = decodePaymentHeader({
 *   paymentSignature: req.header('payment-signature'),
 *   xPayment: req.header('x-payment'),
 * });
 * @throws X402Error `missing_payment_header` when neither is present
 * @throws InvalidPaymentHeaderError (`invalid_payment_header`) for anything malformed or > 8 KiB
 */
export function decodePaymentHeader(headers: PaymentHeaders): DecodedPayment {
  const value = headers.paymentSignature || headers.xPayment;
  if (value === undefined || value === null || value === '') {
    throw new X402Error(X402Reason.missing_payment_header, 'no PAYMENT-SIGNATURE or X-PAYMENT header');
  }
  if (typeof value !== 'string') throw new InvalidPaymentHeaderError('not a string');
  if (value.length > MAX_PAYMENT_HEADER_LENGTH) {
    throw new InvalidPaymentHeaderError(`longer than ${MAX_PAYMENT_HEADER_LENGTH} characters`);
  }
  return parsePaymentPayload(decodeBase64Json(value.trim()));
}

/** The response header that carries the settlement receipt for a payment of this generation. */
export function paymentResponseHeaderName(version: 1 | 2): string {
  return version === 1 ? X402Header.xPaymentResponse : X402Header.paymentResponse;
}

/**
 * Encodes a settlement receipt for `PAYMENT-RESPONSE` (v2) or `X-PAYMENT-RESPONSE` (v1):
 * base64 of `{success: true, transaction, network, payer}`, the SettleResponse the official
 * clients decode. The network is written in the generation's own form.
 */
export function encodePaymentResponse(settled: SettledPayment, version: 1 | 2): string {
  const network = (version === 1 ? toV1Name(settled.network) : toCaip2(settled.network)) ?? settled.network;
  return encodeBase64Json({ success: true, transaction: settled.transaction, network, payer: settled.payer });
}

/**
 * Encodes a failed settlement for `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE`, as the reference
 * server does on a 402 after a failed settle: `{success: false, errorReason, transaction: "",
 * network, payer}`, the network in the generation's own form.
 */
export function encodePaymentFailure(failed: { reason: string; network: string; payer: string }, version: 1 | 2): string {
  const network = (version === 1 ? toV1Name(failed.network) : toCaip2(failed.network)) ?? failed.network;
  return encodeBase64Json({ success: false, errorReason: failed.reason, transaction: '', network, payer: failed.payer });
}
