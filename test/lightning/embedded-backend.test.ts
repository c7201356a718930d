/**
 * The embedded backend issues real signed BOLT11 invoices that other decoders read, keeps them
 * in PostgreSQL so that any process can settle them, and pays them only through markPaid.
 */
import { createHash } from 'node:crypto';
import bolt11 from 'bolt11';
import { decode as lightDecode } from 'light-bolt11-decoder';
import { Invoice } from '@getalby/lightning-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmbeddedLightningBackend,
  InvalidInvoiceRequestError,
  InvoiceNotFoundError,
  InvoiceNotPayableError,
  checkSettlement,
  deriveNodeKey,
} from '../../shared/lightning/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
const nodeKey = deriveNodeKey({ masterKey: 'test-master-key-test-master-key-0000' });
const T0 = new Date('2026-03-01T12:00:00.000Z');

function backendAt(now: Date, network: 'regtest' | 'testnet' | 'mainnet' = 'regtest') {
  return new EmbeddedLightningBackend({ db: db.pool, network, nodeKey, clock: () => now });
}

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.drop();
});

function section(decoded: ReturnType<typeof lightDecode>, name: string): unknown {
  return (decoded.sections as { name: string; value?: unknown }[]).find((s) => s.name === name)?.value;
}

describe('EmbeddedLightningBackend.createInvoice', () => {
  it('issues a signed regtest invoice that bolt11 and light-bolt11-decoder both read', async () => {
    const created = await backendAt(T0).createInvoice({ amountSats: 1000n, memo: '10 scans', expirySeconds: 600 });
    expect(created.invoice).toMatch(/^lnbcrt10u1/);
    expect(created.expiresAt).toEqual(new Date(T0.getTime() + 600_000));

    const full = bolt11.decode(created.invoice);
    expect(full.complete).toBe(true);
    expect(full.satoshis).toBe(1000);
    expect(full.tagsObject.payment_hash).toBe(created.paymentHash);
    expect(full.tagsObject.description).toBe('10 scans');
    expect(full.tagsObject.expire_time).toBe(600);
    expect(full.tagsObject.payment_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(full.timeExpireDate).toBe(created.expiresAt.getTime() / 1000);

    const light = lightDecode(created.invoice);
    expect(section(light, 'amount')).toBe('1000000'); // millisats
    expect(section(light, 'payment_hash')).toBe(created.paymentHash);
    expect(section(light, 'expiry')).toBe(600);
    expect(light.expiry).toBe(600);
  });

  it('signs every invoice as the same node, whichever process made it', async () => {
    const a = await backendAt(T0).createInvoice({ amountSats: 5n, memo: 'a', expirySeconds: 60 });
    const b = await backendAt(T0).createInvoice({ amountSats: 7n, memo: 'b', expirySeconds: 60 });
    expect(bolt11.decode(a.invoice).payeeNodeKey).toBe(bolt11.decode(b.invoice).payeeNodeKey);
    expect(bolt11.decode(a.invoice).payeeNodeKey).toMatch(/^0[23][0-9a-f]{64}$/);
  });

  it('uses the prefix of the configured network', async () => {
    const test = await backendAt(T0, 'testnet').createInvoice({ amountSats: 1n, memo: '', expirySeconds: 60 });
    const main = await backendAt(T0, 'mainnet').createInvoice({ amountSats: 1n, memo: '', expirySeconds: 60 });
    expect(test.invoice).toMatch(/^lntb10n1/);
    expect(main.invoice).toMatch(/^lnbc10n1/);
  });

  it('is read by the Alby lightning-tools Invoice class', async () => {
    const created = await backendAt(new Date()).createInvoice({ amountSats: 21n, memo: 'alby', expirySeconds: 600 });
    const invoice = new Invoice({ pr: created.invoice });
    expect(invoice.satoshi).toBe(21);
    expect(invoice.paymentHash).toBe(created.paymentHash);
    expect(invoice.description).toBe('alby');
  });

  it('refuses amounts that are not positive and memos past the BOLT11 limit', async () => {
    const backend = backendAt(T0);
    await expect(backend.createInvoice({ amountSats: 0n, memo: '', expirySeconds: 60 })).rejects.toBeInstanceOf(InvalidInvoiceRequestError);
    await expect(backend.createInvoice({ amountSats: 1n, memo: 'x'.repeat(640), expirySeconds: 60 })).rejects.toBeInstanceOf(
      InvalidInvoiceRequestError,
    );
  });
});

describe('EmbeddedLightningBackend.lookupInvoice and markPaid', () => {
  it('reads an invoice as open, then settled with the preimage after markPaid', async () => {
    const backend = backendAt(T0);
    const { paymentHash } = await backend.createInvoice({ amountSats: 1000n, memo: 'pack', expirySeconds: 600 });
    expect(await backend.lookupInvoice(paymentHash)).toEqual({ state: 'open', amountSats: 1000n });

    const preimage = await backend.markPaid(paymentHash);
    expect(createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex')).toBe(paymentHash);
    expect(await backend.lookupInvoice(paymentHash)).toEqual({
      state: 'settled',
      amountSats: 1000n,
      amountPaidSats: 1000n,
      preimage,
      settledAt: T0,
    });
  });

  it('settles another process\'s invoice: the table, not memory, is the record', async () => {
    const { paymentHash } = await backendAt(T0).createInvoice({ amountSats: 3n, memo: '', expirySeconds: 600 });
    const preimage = await backendAt(T0).markPaid(paymentHash);
    expect((await backendAt(T0).lookupInvoice(paymentHash))?.preimage).toBe(preimage);
  });

  it('returns the same preimage when paid twice, and keeps the first settlement time', async () => {
    const { paymentHash } = await backendAt(T0).createInvoice({ amountSats: 3n, memo: '', expirySeconds: 600 });
    const first = await backendAt(T0).markPaid(paymentHash);
    const later = new Date(T0.getTime() + 60_000);
    expect(await backendAt(later).markPaid(paymentHash)).toBe(first);
    expect((await backendAt(later).lookupInvoice(paymentHash))?.settledAt).toEqual(T0);
  });

  it('pays an invoice once when two payers race', async () => {
    const { paymentHash } = await backendAt(T0).createInvoice({ amountSats: 3n, memo: '', expirySeconds: 600 });
    const results = await Promise.all(Array.from({ length: 8 }, () => backendAt(T0).markPaid(paymentHash)));
    expect(new Set(results).size).toBe(1);
  });

  it('reads an unpaid invoice past its expiry as expired and refuses to pay it', async () => {
    const { paymentHash } = await backendAt(T0).createInvoice({ amountSats: 3n, memo: '', expirySeconds: 60 });
    const after = backendAt(new Date(T0.getTime() + 60_000));
    expect(await after.lookupInvoice(paymentHash)).toEqual({ state: 'expired', amountSats: 3n });
    const refusal = await after.markPaid(paymentHash).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(InvoiceNotPayableError);
    expect(refusal).toMatchObject({ state: 'expired', reason: 'invoice_not_payable' });
  });

  it('knows nothing of unknown or malformed payment hashes', async () => {
    const backend = backendAt(T0);
    expect(await backend.lookupInvoice('ab'.repeat(32))).toBeUndefined();
    expect(await backend.lookupInvoice('not-a-hash')).toBeUndefined();
    await expect(backend.markPaid('ab'.repeat(32))).rejects.toBeInstanceOf(InvoiceNotFoundError);
    await expect(backend.markPaid("'; DROP TABLE x")).rejects.toBeInstanceOf(InvoiceNotFoundError);
  });
});

describe('checkSettlement', () => {
  it('tells a polling worker pending, then settled with the preimage; failed once expired; unknown for a stranger', async () => {
    const backend = backendAt(T0);
    const { paymentHash } = await backend.createInvoice({ amountSats: 1000n, memo: '', expirySeconds: 600 });
    expect(await checkSettlement(backend, paymentHash)).toEqual({ outcome: 'pending' });
    const preimage = await backend.markPaid(paymentHash);
    expect(await checkSettlement(backend, paymentHash)).toEqual({ outcome: 'settled', amountSats: 1000n, amountPaidSats: 1000n, preimage, settledAt: T0 });

    const unpaid = await backend.createInvoice({ amountSats: 1n, memo: '', expirySeconds: 60 });
    expect(await checkSettlement(backendAt(new Date(T0.getTime() + 61_000)), unpaid.paymentHash)).toEqual({ outcome: 'failed', state: 'expired' });
    expect(await checkSettlement(backend, 'cd'.repeat(32))).toEqual({ outcome: 'unknown' });
  });
});
