/**
 * A standard x402 facilitator over HTTP: POST /verify, POST /settle, GET /supported, with the
 * request bodies of the official HTTPFacilitatorClient (`{x402Version, paymentPayload,
 * paymentRequirements}`). Every call carries an AbortSignal time-out that also covers reading
 * the body.
 */
import { z } from 'zod';
import { FacilitatorUnavailableError } from './errors.js';
import type { Facilitator, SettleResult, SupportedKind, VerifyResult } from './facilitator.js';
import { toCaip2 } from './networks.js';
import type { DecodedPayment, ServerRequirements } from './types.js';

/** What came back from one facilitator call: an HTTP answer (body parsed as JSON when it is), or none at all. */
export type Exchange = { kind: 'answer'; status: number; body: unknown } | { kind: 'no_answer'; reason: string };

const settleAnswer = z.object({
  success: z.boolean(),
  transaction: z.string().nullish(),
  network: z.string().nullish(),
  payer: z.string().nullish(),
  errorReason: z.string().nullish(),
});

const verifyAnswer = z.object({
  isValid: z.boolean(),
  invalidReason: z.string().nullish(),
  payer: z.string().nullish(),
});

const supportedAnswer = z.object({
  kinds: z.array(z.object({ x402Version: z.number(), scheme: z.string(), network: z.string() })),
});

/** Statuses below 500 that still mean "try again later" rather than "no". */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

const JSON_ACCEPT = { accept: 'application/json' } as const;

/** The reason the x402 facilitators give for a settlement submitted but not yet confirmed. */
const SETTLEMENT_PENDING = 'settlement_pending';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An HTTP answer that may say something definite: a 2xx, or a 4xx that is not "later". */
interface DefiniteAnswer {
  status: number;
  body: unknown;
}

/** The answer when it can be definite, otherwise the reason it cannot. */
function definite(answer: Exchange): DefiniteAnswer | string {
  if (answer.kind === 'no_answer') return answer.reason;
  const { status } = answer;
  const ok = status >= 200 && status < 300;
  const refusal = status >= 400 && status < 500 && !TRANSIENT_STATUSES.has(status);
  return ok || refusal ? answer : `facilitator_http_${status}`;
}

/**
 * Maps a /settle exchange to a SettleResult. Only a well-formed `success: false` with a reason
 * other than `settlement_pending` is a refusal; anything unclear is pending, because the
 * facilitator may have submitted the transfer before it went quiet.
 */
export function interpretSettle(answer: Exchange, payment: DecodedPayment, requirements: ServerRequirements): SettleResult {
  const a = definite(answer);
  if (typeof a === 'string') return { status: 'pending', reason: a };
  const parsed = settleAnswer.safeParse(a.body);
  if (!parsed.success) return { status: 'pending', reason: 'facilitator_bad_response' };
  const s = parsed.data;
  if (s.success) {
    if (!s.transaction || a.status >= 300) return { status: 'pending', reason: 'facilitator_bad_response' };
    const network = s.network ?? requirements.network;
    return {
      status: 'settled',
      transaction: s.transaction,
      network: toCaip2(network) ?? network,
      payer: s.payer ?? payment.authorization.from,
    };
  }
  if (s.errorReason === SETTLEMENT_PENDING) return { status: 'pending', reason: SETTLEMENT_PENDING };
  return { status: 'invalid', reason: s.errorReason ?? 'settlement_refused' };
}

/** Maps a /verify exchange to a VerifyResult. */
export function interpretVerify(answer: Exchange, payment: DecodedPayment): VerifyResult {
  const a = definite(answer);
  if (typeof a === 'string') return { status: 'unavailable', reason: a };
  const parsed = verifyAnswer.safeParse(a.body);
  if (!parsed.success) return { status: 'unavailable', reason: 'facilitator_bad_response' };
  const v = parsed.data;
  if (!v.isValid) return { status: 'invalid', reason: v.invalidReason ?? 'verification_refused' };
  if (a.status >= 300) return { status: 'unavailable', reason: 'facilitator_bad_response' };
  return { status: 'valid', payer: v.payer ?? payment.authorization.from };
}

function requestBody(payment: DecodedPayment, requirements: ServerRequirements): unknown {
  // A v1 payload must travel with v1 requirements and vice versa: the facilitator compares them.
  const requirementsVersion = 'maxAmountRequired' in requirements ? 1 : 2;
  if (requirementsVersion !== payment.version) {
    throw new TypeError(`v${payment.version} payment with v${requirementsVersion} requirements; use selectRequirements()`);
  }
  return { x402Version: payment.version, paymentPayload: payment.raw, paymentRequirements: requirements };
}

/** A standard facilitator reached over HTTP. */
export class HttpFacilitator implements Facilitator {
  private readonly baseUrl: string;

  /**
   * @param url - base URL; `/verify`, `/settle` and `/supported` are appended
   * @param timeoutMs - per call, headers and body included (config X402_FACILITATOR_TIMEOUT_MS)
   * @param fetchFn - default `globalThis.fetch`; injectable for tests
   */
  constructor(
    url: string,
    private readonly timeoutMs: number,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {
    this.baseUrl = url.replace(/\/+$/, '');
  }

  /** Asks the facilitator; `unavailable` when it cannot answer (the payment may still be fine). */
  async verify(payment: DecodedPayment, requirements: ServerRequirements): Promise<VerifyResult> {
    const answer = await this.call('POST', '/verify', requestBody(payment, requirements));
    return interpretVerify(answer, payment);
  }

  /** Settles; time-outs, network errors, 5xx and `settlement_pending` give `pending`. */
  async settle(payment: DecodedPayment, requirements: ServerRequirements): Promise<SettleResult> {
    const answer = await this.call('POST', '/settle', requestBody(payment, requirements));
    return interpretSettle(answer, payment, requirements);
  }

  /** @throws FacilitatorUnavailableError when GET /supported gives no usable list */
  async supported(): Promise<SupportedKind[]> {
    const a = definite(await this.call('GET', '/supported'));
    if (typeof a === 'string') throw new FacilitatorUnavailableError(a);
    const parsed = supportedAnswer.safeParse(a.body);
    if (!parsed.success || a.status >= 300) throw new FacilitatorUnavailableError(`GET /supported answered ${a.status}`);
    return parsed.data.kinds.map(({ x402Version, scheme, network }) => ({ x402Version, scheme, network }));
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Exchange> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await this.fetchFn(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? JSON_ACCEPT : { ...JSON_ACCEPT, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      // Read under the same signal: a facilitator that sends headers and then stalls also times out.
      const text = await response.text();
      return { kind: 'answer', status: response.status, body: parseJson(text) };
    } catch {
      return { kind: 'no_answer', reason: signal.aborted ? 'facilitator_timeout' : 'facilitator_unreachable' };
    }
  }
}
