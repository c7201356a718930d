/**
 * An existing L402 client works unchanged: `fetchWithL402` from @getalby/lightning-tools meets a
 * loopback server that answers 402 with our challenge and accepts our parsed Authorization. The
 * wallet pays through the embedded backend's markPaid.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchWithL402 } from '@getalby/lightning-tools';
import bolt11 from 'bolt11';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmbeddedLightningBackend,
  L402Error,
  deriveNodeKey,
  formatChallenge,
  mintL402Macaroon,
  parseL402Authorization,
  verifyL402,
} from '../../shared/lightning/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
let backend: EmbeddedLightningBackend;
let server: Server;
let url: string;
const authorizations: (string | undefined)[] = [];

/** The paid resource: a 402 challenge without credentials, 200 with a verified, paid one. */
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  authorizations.push(req.headers.authorization);
  if (!req.headers.authorization) {
    const { invoice, paymentHash, expiresAt } = await backend.createInvoice({ amountSats: 1000n, memo: '10 scans', expirySeconds: 600 });
    const { macaroon } = await mintL402Macaroon(db.pool, { paymentHash, service: 'scan', expiresAt: new Date(expiresAt.getTime() + 86_400_000) });
    res.writeHead(402, { 'WWW-Authenticate': formatChallenge({ macaroon, invoice }), 'Cache-Control': 'no-store' }).end();
    return;
  }
  try {
    const { macaroon, preimage } = parseL402Authorization(req.headers.authorization);
    const { paymentHash } = await verifyL402({ macaroon, preimage }, db.pool, { service: 'scan', now: new Date() });
    const status = await backend.lookupInvoice(paymentHash);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ paid: status?.state === 'settled' }));
  } catch (err) {
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ reason: err instanceof L402Error ? err.reason : 'error' }));
  }
}

beforeAll(async () => {
  db = await createTestDb();
  backend = new EmbeddedLightningBackend({ db: db.pool, network: 'regtest', nodeKey: deriveNodeKey({ masterKey: 'm'.repeat(32) }) });
  server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(500).end()));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
});

describe('@getalby/lightning-tools fetchWithL402 against our challenge', () => {
  it('pays the invoice with its wallet and retries with an Authorization we accept', async () => {
    const paid: string[] = [];
    const wallet = {
      async payInvoice({ invoice }: { invoice: string }) {
        paid.push(invoice);
        const hash = bolt11.decode(invoice).tagsObject.payment_hash!;
        return { preimage: await backend.markPaid(hash) };
      },
    };
    const response = await fetchWithL402(url, { method: 'POST' }, { wallet });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paid: true });
    expect(paid).toHaveLength(1);
    expect(response.payment).toMatchObject({ paid: true, amountSat: 1000 });
    // It answered the combined header (L402 first) with the L402 scheme.
    expect(authorizations.at(-1)).toMatch(/^L402 [A-Za-z0-9+/]+={0,2}:[0-9a-f]{64}$/);
  });

  it('reuses the credential it returned without paying again', async () => {
    const wallet = { payInvoice: async ({ invoice }: { invoice: string }) => ({ preimage: await backend.markPaid(bolt11.decode(invoice).tagsObject.payment_hash!) }) };
    const first = await fetchWithL402(url, { method: 'POST' }, { wallet });
    const credentials = first.payment!.credentials;
    const refusingWallet = { payInvoice: async (): Promise<{ preimage: string }> => { throw new Error('must not pay twice'); } };
    const again = await fetchWithL402(url, { method: 'POST' }, { wallet: refusingWallet, credentials });
    expect(again.status).toBe(200);
  });
});
