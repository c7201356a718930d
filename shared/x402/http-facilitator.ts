/**
 * A standard x402 facilitator over HTTP: POST /verify, POST /settle, GET /supported, with the
 * request bodies of the official HTTPFacilitatorClient (`{x402Version, paymentPayload,
 * paymentRequirements}`). Every call carries an AbortSignal time-out that also covers reading
 * the body.
 */
import { z } from 'zod';
import { FacilitatorAuthError, FacilitatorUnavailableError } from './errors.js';
import type { Facilitator, FacilitatorHealth, SettleResult, SupportedKind, VerifyResult } from './facilitator.js';
import type { FacilitatorAuth } from './facilitator-auth.js';
import { toCaip2 } from './networks.js';
import type { DecodedPayment, ServerRequirements } from './types.js';

/** What came back from one facilitator call: an HTTP answer (body parsed as JSON when it is), or none at all. */
export type Exchange = { kind: 'answer'; status: number; body: unknown } | { kind: 'no_answer'; reason: string };

/** Statuses that say our credentials are missing or refused: a configuration error, never a verdict on a payment. */
const AUTH_STATUSES = new Set([401, 403]);

/** The reason given (pending settle, unavailable verify) while the facilitator refuses our credentials. */
export const FACILITATOR_UNAUTHORIZED = 'facilitator_unauthorized';

/** Options of an HttpFacilitator. */
export interface HttpFacilitatorOptions {
  /** Headers for each call (X402_FACILITATOR_AUTH, or the CDP JWT); none by default. */
  auth?: FacilitatorAuth;
  /**
   * Called when a call is answered 401 or 403, each time the facilitator goes from accepting to
   * refusing our credentials (not on every refused call): the place to log an alert.
   */
  onAuthFailure?: (detail: { method: string; path: string; status: number }) => void;
}

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
  if (AUTH_STATUSES.has(status)) return FACILITATOR_UNAUTHORIZED;
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
  /** The last 401/403, until a later call is accepted. */
  private authFailure: { method: string; path: string; status: number } | undefined;

  /**
   * @param url - base URL; `/verify`, `/settle` and `/supported` are appended
   * @param timeoutMs - per call, headers and body included (config X402_FACILITATOR_TIMEOUT_MS)
   * @param fetchFn - default `globalThis.fetch`; injectable for tests
   * @param options - credentials, and what to do when they are refused
   */
  constructor(
    url: string,
    private readonly timeoutMs: number,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
    private readonly options: HttpFacilitatorOptions = {},
  ) {
    this.baseUrl = url.replace(/\/+$/, '');
  }

  /** Not ready while the facilitator refuses our credentials (401/403 on the last call). */
  health(): FacilitatorHealth {
    const f = this.authFailure;
    return f ? { ready: false, reason: `${FACILITATOR_UNAUTHORIZED}: ${f.method} ${f.path} answered ${f.status}` } : { ready: true };
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

  /**
   * @throws FacilitatorAuthError when GET /supported answers 401 or 403
   * @throws FacilitatorUnavailableError when it gives no usable list
   */
  async supported(): Promise<SupportedKind[]> {
    const answer = await this.call('GET', '/supported');
    if (answer.kind === 'answer' && AUTH_STATUSES.has(answer.status)) throw new FacilitatorAuthError(`GET /supported answered ${answer.status}`);
    const a = definite(answer);
    if (typeof a === 'string') throw new FacilitatorUnavailableError(a);
    const parsed = supportedAnswer.safeParse(a.body);
    if (!parsed.success || a.status >= 300) throw new FacilitatorUnavailableError(`GET /supported answered ${a.status}`);
    return parsed.data.kinds.map(({ x402Version, scheme, network }) => ({ x402Version, scheme, network }));
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Exchange> {
    const url = `${this.baseUrl}${path}`;
    // Credentials are ours: a failure to build them is a bug or a configuration error, not "no answer".
    const auth = this.options.auth ? await this.options.auth({ method, url: new URL(url) }) : {};
    const signal = AbortSignal.timeout(this.timeoutMs);
    let exchange: Exchange;
    try {
      const response = await this.fetchFn(url, {
        method,
        headers: { ...JSON_ACCEPT, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...auth },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      // Read under the same signal: a facilitator that sends headers and then stalls also times out.
      const text = await response.text();
      exchange = { kind: 'answer', status: response.status, body: parseJson(text) };
    } catch {
      return { kind: 'no_answer', reason: signal.aborted ? 'facilitator_timeout' : 'facilitator_unreachable' };
    }
    if (AUTH_STATUSES.has(exchange.status)) {
      const detail = { method, path, status: exchange.status };
      const wasFine = !this.authFailure;
      this.authFailure = detail;
      if (wasFine) this.options.onAuthFailure?.(detail);
    } else if (exchange.status < 500) {
      this.authFailure = undefined;
    }
    return exchange;
  }
}
