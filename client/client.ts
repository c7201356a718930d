/**
 * A typed client for agent-commerce. It pays x402 itself (the official @x402/fetch and
 * @x402/evm packages) and L402 through a pluggable wallet, signs X-Signature, sends an
 * Idempotency-Key on every creating POST and retries those safely, and turns a 202 into the
 * finished resource by polling its Location.
 */
import { randomUUID } from 'node:crypto';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { AgentCommerceError } from './errors.js';
import { l402Authorization, parseL402Challenge, type LightningWallet } from './l402.js';
import { sign } from './signing.js';
import { PENDING_STATES, type Progress } from './types.js';

export interface ClientOptions {
  /** The service's origin, e.g. http://localhost:3000 */
  baseUrl: string;
  /** An agent's Bearer key (from registration), or a scan key. */
  apiKey?: string;
  /** The agent's signing secret; calls that act as the agent are signed with it. */
  signingSecret?: string;
  /** The EVM key that pays x402 (USDC, EIP-3009). Without it, a 402 from x402 is thrown. */
  x402PrivateKey?: Hex;
  /** Pays L402 invoices. Without it, an L402 challenge is thrown. */
  wallet?: LightningWallet;
  /** Called as a payment goes from challenge to settlement, and while a 202 is polled. */
  onProgress?: (p: Progress) => void;
  /** Attempts of a request that failed on the network, a 429 or a 503 (default 4). */
  retries?: number;
  /** Poll interval and give-up time for 202 answers (defaults 500 ms and 60 s). */
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  body?: unknown;
  /** Sign with the agent's secret (needs apiKey and signingSecret). */
  signed?: boolean;
  /** Send the Bearer key (default: whenever there is one). */
  auth?: boolean;
  /** Send an Idempotency-Key (a fresh one unless given) and retry safely. */
  idempotencyKey?: string | true;
  /** Follow a 202's Location until the resource leaves its pending state. */
  poll?: boolean;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class HttpClient {
  readonly baseUrl: string;
  apiKey?: string;
  signingSecret?: string;
  private readonly plainFetch: typeof fetch;
  private readonly payingFetch: typeof fetch;

  constructor(private readonly opts: ClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.apiKey = opts.apiKey;
    this.signingSecret = opts.signingSecret;
    this.plainFetch = opts.fetch ?? globalThis.fetch;
    this.payingFetch = opts.x402PrivateKey ? this.x402Fetch(opts.x402PrivateKey) : this.plainFetch;
  }

  /** The official x402 client over a fetch that reports each step to onProgress. */
  private x402Fetch(key: Hex): typeof fetch {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: privateKeyToAccount(key) });
    // The service's prices (a 5 USDC bond) exceed the package's 1 USD default; the caller chose the key.
    client.setSpendControls(false);
    const progress = this.opts.onProgress;
    const watching: typeof fetch = async (input, init) => {
      const paid = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).has('payment-signature');
      const started = Date.now();
      if (paid) progress?.({ phase: 'settling' });
      const res = await this.plainFetch(input, init);
      if (res.status === 402 && !paid) progress?.({ phase: 'payment_required', rail: 'x402', amount: priceOf(res) });
      if (paid && res.status !== 402) progress?.({ phase: res.status === 202 ? 'pending' : 'settled', ms: Date.now() - started });
      return res;
    };
    return wrapFetchWithPayment(watching, client);
  }

  /** One call with retries, L402, and 202 polling; throws AgentCommerceError on a non-2xx. */
  async call<T>(method: string, path: string, o: CallOptions = {}): Promise<Answer<T>> {
    const raw = o.body === undefined ? '' : JSON.stringify(o.body);
    const idem = o.idempotencyKey === true ? randomUUID() : o.idempotencyKey;
    const attempts = this.opts.retries ?? 4;
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await this.once(method, path, raw, o, idem);
      } catch (err) {
        // A lost connection: only safe to repeat when the server would recognise the repeat.
        if (attempt >= attempts || (method !== 'GET' && !idem)) throw err;
        await sleep(250 * 2 ** attempt);
        continue;
      }
      if ((res.status === 429 || res.status === 503) && attempt < attempts && (method === 'GET' || idem)) {
        const after = Number(res.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 30) * 1000 : 250 * 2 ** attempt);
        continue;
      }
      if (res.status >= 400) throw await AgentCommerceError.from(res);
      const body = (await res.json()) as T;
      if (res.status === 202 && o.poll && res.headers.get('location')) {
        return { status: 200, body: await this.pollUntilDone(res.headers.get('location')!, body), headers: res.headers };
      }
      return { status: res.status, body, headers: res.headers };
    }
  }

  private async once(method: string, path: string, raw: string, o: CallOptions, idem?: string): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (raw) headers['content-type'] = 'application/json';
    if (idem) headers['idempotency-key'] = idem;
    if (this.apiKey && o.auth !== false) headers.authorization = `Bearer ${this.apiKey}`;
    if (o.signed) {
      if (!this.apiKey || !this.signingSecret) throw new Error(`${method} ${path} acts as an agent: give apiKey and signingSecret`);
      headers['x-signature'] = sign(this.signingSecret, method, path, raw);
    }
    const init: RequestInit = { method, headers, body: raw || undefined };
    const res = await (method === 'GET' ? this.plainFetch : this.payingFetch)(this.baseUrl + path, init);
    const challenge = res.status === 402 ? parseL402Challenge(res.headers.get('www-authenticate')) : undefined;
    if (!challenge || !this.opts.wallet) return res;
    this.opts.onProgress?.({ phase: 'payment_required', rail: 'lightning', invoice: challenge.invoice });
    const started = Date.now();
    const { preimage } = await this.opts.wallet.payInvoice({ invoice: challenge.invoice });
    this.opts.onProgress?.({ phase: 'settling' });
    const retryHeaders: Record<string, string> = { ...headers, authorization: l402Authorization(challenge.macaroon, preimage) };
    if (o.signed) retryHeaders['x-signature'] = sign(this.signingSecret!, method, path, raw);
    const paid = await this.plainFetch(this.baseUrl + path, { ...init, headers: retryHeaders });
    if (paid.status !== 402) this.opts.onProgress?.({ phase: paid.status === 202 ? 'pending' : 'settled', ms: Date.now() - started });
    return paid;
  }

  /** Polls a 202's Location; the first answer's other fields (credentials) are kept. */
  private async pollUntilDone<T>(location: string, first: T): Promise<T> {
    const path = location.startsWith('http') ? new URL(location).pathname : location;
    const deadline = Date.now() + (this.opts.pollTimeoutMs ?? 60_000);
    for (let n = 1; ; n++) {
      await sleep(this.opts.pollIntervalMs ?? 500);
      this.opts.onProgress?.({ phase: 'polling', attempt: n });
      const res = await this.plainFetch(this.baseUrl + path, { headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {} });
      if (res.ok) {
        const body = (await res.json()) as Record<string, unknown>;
        const [key, resource] = Object.entries(body).find(([k, v]) => k !== 'success' && v && typeof v === 'object' && 'status' in v) ?? [];
        const status = (resource as { status?: string } | undefined)?.status;
        if (key && status && !PENDING_STATES.includes(status)) {
          this.opts.onProgress?.({ phase: 'settled' });
          return { ...first, [key]: resource } as T;
        }
      }
      if (Date.now() > deadline) throw new AgentCommerceError(504, 'timeout', `${path} still pending after ${this.opts.pollTimeoutMs ?? 60_000} ms`);
    }
  }
}

/** The price in a v2 PAYMENT-REQUIRED header, as "5.000000 (atomic units)" would be unkind: the first accept's amount. */
function priceOf(res: Response): string | undefined {
  const header = res.headers.get('payment-required');
  if (!header) return undefined;
  try {
    const req = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { accepts?: { amount?: string; extra?: { name?: string } }[] };
    const atomic = req.accepts?.[0]?.amount;
    return atomic ? `${(Number(atomic) / 1e6).toFixed(2)} USDC` : undefined;
  } catch {
    return undefined;
  }
}
