/**
 * LND over its REST API (LIGHTNING_BACKEND=lnd): POST /v1/invoices to create, GET
 * /v2/invoices/lookup to read. LND writes 64-bit integers as JSON strings and bytes as standard
 * base64; both are converted here so callers see bigint sats and lowercase hex.
 */
import bolt11 from 'bolt11';
import { z } from 'zod';
import type { CreateInvoiceRequest, CreatedInvoice, InvoiceState, InvoiceStatus, LightningBackend } from './backend.js';
import { checkInvoiceRequest } from './bolt11-invoice.js';
import { LightningBackendRequestError, LightningBackendUnavailableError } from './errors.js';
import { isHex32 } from './hex.js';
import { lndRequest, type LndAnswer, type LndConnection } from './lnd-http.js';

const int64 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((v) => BigInt(v));

const createdAnswer = z.object({ r_hash: z.string().min(1), payment_request: z.string().min(1) });

const lookupAnswer = z.object({
  state: z.enum(['OPEN', 'SETTLED', 'CANCELED', 'ACCEPTED']),
  r_preimage: z.string().optional(),
  value: int64.optional(),
  amt_paid_sat: int64.optional(),
  settle_date: int64.optional(),
  creation_date: int64.optional(),
  expiry: int64.optional(),
});

/** Statuses below 500 that mean "later", not "no". */
const TRANSIENT = new Set([408, 425, 429]);

function refusal(answer: LndAnswer): Error {
  if (answer.status >= 500 || TRANSIENT.has(answer.status)) return new LightningBackendUnavailableError(`LND answered ${answer.status}`);
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return new LightningBackendRequestError(answer.status, typeof message === 'string' ? message.slice(0, 200) : 'no message');
}

function ok(answer: LndAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** LND cancels expired invoices itself; an expired one reads as `expired`, whether open or canceled. */
function stateOf(a: z.infer<typeof lookupAnswer>, now: Date): InvoiceState {
  if (a.state === 'SETTLED') return 'settled';
  const expired = a.creation_date !== undefined && a.expiry !== undefined && Number(a.creation_date + a.expiry) * 1000 <= now.getTime();
  if (a.state === 'CANCELED') return expired ? 'expired' : 'canceled';
  // ACCEPTED: a hold invoice whose HTLC is held; not ours to expire.
  return a.state === 'OPEN' && expired ? 'expired' : 'open';
}

export function statusFromLnd(a: z.infer<typeof lookupAnswer>, now: Date): InvoiceStatus {
  const state = stateOf(a, now);
  const status: InvoiceStatus = { state, amountSats: a.value ?? 0n };
  if (a.amt_paid_sat) status.amountPaidSats = a.amt_paid_sat;
  if (state === 'settled') {
    if (a.r_preimage) status.preimage = Buffer.from(a.r_preimage, 'base64').toString('hex');
    if (a.settle_date) status.settledAt = new Date(Number(a.settle_date) * 1000);
  }
  return status;
}

export class LndRestBackend implements LightningBackend {
  readonly kind = 'lnd' as const;

  constructor(
    private readonly conn: LndConnection,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createInvoice({ amountSats, memo, expirySeconds }: CreateInvoiceRequest): Promise<CreatedInvoice> {
    checkInvoiceRequest(amountSats, memo, expirySeconds);
    const now = this.clock();
    const answer = await lndRequest(this.conn, 'POST', '/v1/invoices', { value: String(amountSats), memo, expiry: String(expirySeconds) });
    if (!ok(answer)) throw refusal(answer);
    const parsed = createdAnswer.safeParse(answer.body);
    if (!parsed.success) throw new LightningBackendUnavailableError('LND answered POST /v1/invoices with an unexpected body');
    const paymentHash = Buffer.from(parsed.data.r_hash, 'base64').toString('hex');
    if (!isHex32(paymentHash)) throw new LightningBackendUnavailableError('LND returned a payment hash that is not 32 bytes');
    return { invoice: parsed.data.payment_request, paymentHash, expiresAt: expiryOf(parsed.data.payment_request, now, expirySeconds) };
  }

  async lookupInvoice(paymentHash: string): Promise<InvoiceStatus | undefined> {
    if (!isHex32(paymentHash)) return undefined;
    const query = encodeURIComponent(Buffer.from(paymentHash, 'hex').toString('base64url'));
    const answer = await lndRequest(this.conn, 'GET', `/v2/invoices/lookup?payment_hash=${query}`);
    if (answer.status === 404) return undefined;
    if (!ok(answer)) throw refusal(answer);
    const parsed = lookupAnswer.safeParse(answer.body);
    if (!parsed.success) throw new LightningBackendUnavailableError('LND answered the lookup with an unexpected body');
    return statusFromLnd(parsed.data, this.clock());
  }
}

/** The expiry a wallet will compute from the invoice itself; our own estimate if it cannot be read. */
function expiryOf(invoice: string, now: Date, expirySeconds: number): Date {
  try {
    const seconds = bolt11.decode(invoice).timeExpireDate;
    if (seconds) return new Date(seconds * 1000);
  } catch {
    // An invoice bolt11 cannot read is still LND's to issue; the estimate below is close.
  }
  return new Date(now.getTime() + expirySeconds * 1000);
}
