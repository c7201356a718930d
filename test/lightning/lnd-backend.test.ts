/**
 * LndRestBackend against a loopback stand-in that answers with LND's own JSON shapes (int64 as
 * strings, bytes as standard base64) and checks the macaroon header. Anything that is not an
 * answer is "unavailable"; a 404 lookup is "unknown"; other 4xx are permanent.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LightningBackendRequestError, LightningBackendUnavailableError, LndRestBackend } from '../../shared/lightning/index.js';
import { signInvoice } from '../../shared/lightning/bolt11-invoice.js';

const MACAROON = 'ab'.repeat(40);
const NODE_KEY = '11'.repeat(32);
const NOW = new Date('2026-03-01T12:00:00Z');
const nowSec = NOW.getTime() / 1000;

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler;
let seen: { method?: string; url?: string; macaroon?: string; body: string }[];
let server: Server;
let base: string;

function serve(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, macaroon: req.headers['grpc-metadata-macaroon'] as string, body });
    if (req.headers['grpc-metadata-macaroon'] !== MACAROON) return json(res, 401, { code: 2, message: 'verification failed: signature mismatch' });
    handler(req, res, body);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const backend = (timeoutMs = 2000, macaroonHex = MACAROON) => new LndRestBackend({ baseUrl: base, macaroonHex, timeoutMs }, () => NOW);

beforeAll(async () => {
  server = createServer(serve);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 500, { message: 'unset' });
});

describe('LndRestBackend.createInvoice', () => {
  it("posts LND's body with the macaroon and reads r_hash and payment_request", async () => {
    const hash = randomBytes(32);
    const { invoice } = signInvoice({ network: 'mainnet', nodeKey: NODE_KEY, paymentHash: hash.toString('hex'), amountSats: 1000n, memo: 'pack', expirySeconds: 600, now: NOW });
    handler = (_req, res) => json(res, 200, { r_hash: hash.toString('base64'), payment_request: invoice, add_index: '7', payment_addr: randomBytes(32).toString('base64') });
    const created = await backend().createInvoice({ amountSats: 1000n, memo: 'pack', expirySeconds: 600 });
    expect(created).toEqual({ invoice, paymentHash: hash.toString('hex'), expiresAt: new Date(NOW.getTime() + 600_000) });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/invoices', macaroon: MACAROON });
    expect(JSON.parse(seen[0].body)).toEqual({ value: '1000', memo: 'pack', expiry: '600' });
  });

  it('treats a wrong macaroon (401) as a permanent refusal carrying LND\'s message', async () => {
    const err = await backend(2000, 'cd'.repeat(40)).createInvoice({ amountSats: 1n, memo: '', expirySeconds: 60 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LightningBackendRequestError);
    expect(err).toMatchObject({ status: 401, retryable: false });
    expect((err as Error).message).toContain('signature mismatch');
  });

  it('treats 5xx, 429 and an unreadable body as unavailable (retryable)', async () => {
    for (const [status, body] of [[500, { message: 'boom' }], [503, {}], [429, {}], [200, { nothing: true }]] as const) {
      handler = (_req, res) => json(res, status, body);
      const err = await backend().createInvoice({ amountSats: 1n, memo: '', expirySeconds: 60 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LightningBackendUnavailableError);
      expect(err).toMatchObject({ retryable: true });
    }
  });
});

describe('LndRestBackend.lookupInvoice', () => {
  const preimage = randomBytes(32);
  const hash = createHash('sha256').update(preimage).digest();
  const lndInvoice = (over: Record<string, unknown>) => ({
    memo: 'pack', r_preimage: preimage.toString('base64'), r_hash: hash.toString('base64'), value: '1000', value_msat: '1000000',
    settled: false, creation_date: String(nowSec - 100), settle_date: '0', payment_request: 'lnbc10u1...', expiry: '600',
    amt_paid_sat: '0', amt_paid_msat: '0', state: 'OPEN', ...over,
  });

  it('asks /v2/invoices/lookup with the base64url hash and reads a settled invoice', async () => {
    handler = (_req, res) => json(res, 200, lndInvoice({ state: 'SETTLED', settled: true, settle_date: String(nowSec - 5), amt_paid_sat: '1000' }));
    const status = await backend().lookupInvoice(hash.toString('hex'));
    expect(status).toEqual({ state: 'settled', amountSats: 1000n, amountPaidSats: 1000n, preimage: preimage.toString('hex'), settledAt: new Date((nowSec - 5) * 1000) });
    const url = new URL(seen[0].url!, base);
    expect(url.pathname).toBe('/v2/invoices/lookup');
    expect(Buffer.from(url.searchParams.get('payment_hash')!, 'base64url')).toEqual(hash);
    expect(url.searchParams.get('payment_hash')).not.toMatch(/[+/=]/);
  });

  it('gives no preimage before settlement, and maps OPEN, ACCEPTED, CANCELED and expiry', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ state: 'OPEN' }, 'open'],
      [{ state: 'ACCEPTED' }, 'open'],
      [{ state: 'CANCELED' }, 'canceled'],
      [{ state: 'OPEN', creation_date: String(nowSec - 600) }, 'expired'],
      [{ state: 'CANCELED', creation_date: String(nowSec - 700) }, 'expired'],
    ];
    for (const [over, state] of cases) {
      handler = (_req, res) => json(res, 200, lndInvoice(over));
      const status = await backend().lookupInvoice(hash.toString('hex'));
      expect(status).toEqual({ state, amountSats: 1000n });
    }
  });

  it('answers undefined for an invoice LND does not know (404)', async () => {
    handler = (_req, res) => json(res, 404, { code: 5, message: 'there are no existing invoices' });
    expect(await backend().lookupInvoice(hash.toString('hex'))).toBeUndefined();
    expect(await backend().lookupInvoice('not-hex')).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it('times out on a node that never answers, well before the test does', async () => {
    handler = () => {}; // holds the request open
    const started = Date.now();
    const err = await backend(200).lookupInvoice(hash.toString('hex')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LightningBackendUnavailableError);
    expect((err as Error).message).toContain('time-out after 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out on a node that sends headers and then stalls the body', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"state":');
    };
    const err = await backend(200).lookupInvoice(hash.toString('hex')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LightningBackendUnavailableError);
  });

  it('is unavailable when nothing listens', async () => {
    const closed = new LndRestBackend({ baseUrl: 'http://127.0.0.1:1', macaroonHex: MACAROON, timeoutMs: 1000 });
    await expect(closed.lookupInvoice(hash.toString('hex'))).rejects.toBeInstanceOf(LightningBackendUnavailableError);
  });
});

describe('LndRestBackend over TLS with LND\'s own certificate', () => {
  let dir: string;
  let tls: Server;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lnd-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=lnd', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'tls.key'), '-out', join(dir, 'tls.cert')], { stdio: 'ignore' });
    tls = createHttpsServer({ key: readFileSync(join(dir, 'tls.key')), cert: readFileSync(join(dir, 'tls.cert')) }, serve);
    tls.listen(0, '127.0.0.1');
    await once(tls, 'listening');
    url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise((r) => tls.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('trusts the configured certificate, and refuses the self-signed one without it', async () => {
    handler = (_req, res) => json(res, 404, {});
    const trusting = new LndRestBackend({ baseUrl: url, macaroonHex: MACAROON, timeoutMs: 2000, tlsCert: readFileSync(join(dir, 'tls.cert')) });
    expect(await trusting.lookupInvoice('00'.repeat(32))).toBeUndefined();
    const strict = new LndRestBackend({ baseUrl: url, macaroonHex: MACAROON, timeoutMs: 2000 });
    await expect(strict.lookupInvoice('00'.repeat(32))).rejects.toBeInstanceOf(LightningBackendUnavailableError);
  });
});
