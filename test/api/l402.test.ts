import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import bolt11 from 'bolt11';
import { fetchWithL402 } from '@getalby/lightning-tools';
import { createHarness, type Harness } from '../helpers/harness.js';
import { benignSkill, postScan } from '../helpers/scans.js';

// No free trial: every keyless scan meets the L402 challenge. Packs of 2 scans keep the quota tests short.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ TRIAL_SCANS_PER_DAY: '0', L402_PACK_SCANS: '2', SCAN_WAIT_MS: '0', SETTLE_WAIT_MS: '0' });
  h.startWorkers();
});
afterAll(async () => h?.close());
afterEach(async () => h.assertLedger());

const quickkey = () => request(h.app).post('/api/l402/quickkey');
const redeem = (body: object) => request(h.app).post('/api/l402/redeem').send(body);
const devPay = async (invoice: string) => {
  const res = await request(h.app).post('/api/l402/dev/pay').send({ invoice });
  expect(res.status).toBe(200);
  return res.body.preimage as string;
};

async function paymentsIn(hash: string): Promise<number> {
  const { rows } = await h.db.pool.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE id = $1 AND code = 'payment_in'`, [hash]);
  return rows[0].n;
}

/** A WWW-Authenticate value of the given scheme, parsed. */
function challengeOf(header: string | string[] | undefined, scheme: 'L402' | 'LSAT') {
  // Node joins the two header values into one with ", ".
  const values = (Array.isArray(header) ? header : [header ?? '']).flatMap((v) => v.split(/,\s*(?=(?:L402|LSAT) )/));
  const m = new RegExp(`^${scheme} macaroon="([^"]+)", invoice="([^"]+)"$`).exec(values.find((v) => v.startsWith(`${scheme} `)) ?? '');
  if (!m) throw new Error(`no ${scheme} challenge in ${JSON.stringify(header)}`);
  return { macaroon: m[1], invoice: m[2] };
}

describe('buying a scan pack by invoice (quickkey, pay, redeem)', () => {
  it('offers a real BOLT11 invoice for the pack, and redeems the paid invoice for a key usable at once', async () => {
    const offer = await quickkey();
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ success: true, amount_sats: 1000, scans: 2, payment_hash: expect.stringMatching(/^[0-9a-f]{64}$/), macaroon: expect.any(String) });
    const decoded = bolt11.decode(offer.body.invoice);
    expect(decoded.satoshis).toBe(1000);
    expect(decoded.tagsObject.payment_hash).toBe(offer.body.payment_hash);
    expect(Date.parse(offer.body.expires_at)).toBeGreaterThan(Date.now());

    const preimage = await devPay(offer.body.invoice);
    const redeemed = await redeem({ payment_hash: offer.body.payment_hash, preimage });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ success: true, api_key: expect.stringMatching(/^ac_scan_/), scans_remaining: 2, plan: 'pack' });

    const scan = await postScan(h.app, benignSkill('bought'), redeemed.body.api_key);
    expect(scan.status).toBe(202);
    const me = await request(h.app).get('/api/keys/me').set('Authorization', `Bearer ${redeemed.body.api_key}`);
    expect(me.body.key).toMatchObject({ plan: 'pack', scans_total: 2, scans_used: 1, scans_remaining: 1, renews_at: null });
    expect(await paymentsIn(offer.body.payment_hash)).toBe(1);

    // Redeeming again, by the macaroon this time, gives the same key and adds no scans.
    const again = await redeem({ macaroon: offer.body.macaroon, preimage });
    expect(again.body).toMatchObject({ api_key: redeemed.body.api_key, scans_remaining: 1 });
    expect(await paymentsIn(offer.body.payment_hash)).toBe(1);
  });

  it('refuses a wrong preimage, and an invoice not yet paid, crediting nothing', async () => {
    const offer = await quickkey();
    const wrong = await redeem({ payment_hash: offer.body.payment_hash, preimage: 'ab'.repeat(32) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.details).toEqual({ reason: 'preimage_mismatch' });
    // The right preimage (read from the embedded node) of an unpaid invoice: not paid yet.
    const { rows } = await h.db.pool.query(`SELECT preimage FROM lightning_invoices WHERE payment_hash = $1`, [offer.body.payment_hash]);
    const unpaid = await redeem({ payment_hash: offer.body.payment_hash, preimage: rows[0].preimage });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.error.message).toMatch(/not paid yet/);
    expect(await paymentsIn(offer.body.payment_hash)).toBe(0);
  });

  it('refuses an expired invoice with 409 and never credits it', async () => {
    const offer = await quickkey();
    await h.db.pool.query(
      `UPDATE lightning_invoices SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' WHERE payment_hash = $1`,
      [offer.body.payment_hash]);
    const { rows } = await h.db.pool.query(`SELECT preimage FROM lightning_invoices WHERE payment_hash = $1`, [offer.body.payment_hash]);
    const res = await redeem({ payment_hash: offer.body.payment_hash, preimage: rows[0].preimage });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/can no longer be redeemed: invoice expired/);
    expect(await paymentsIn(offer.body.payment_hash)).toBe(0);
    // Its macaroon is revoked with it.
    const byMacaroon = await redeem({ macaroon: offer.body.macaroon, preimage: rows[0].preimage });
    expect(byMacaroon.status).toBe(401);
  });

  it('refuses a proof for an invoice it never offered, and a malformed body', async () => {
    expect((await redeem({ payment_hash: 'cd'.repeat(32), preimage: 'ab'.repeat(32) })).status).toBe(401);
    const bad = await redeem({ preimage: 'xyz' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['preimage', 'payment_hash']));
  });

  it('gives 20 concurrent redeems of one proof one key worth one pack, credited once', async () => {
    const offer = await quickkey();
    const preimage = await devPay(offer.body.invoice);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem({ payment_hash: offer.body.payment_hash, preimage })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.api_key)).size).toBe(1);
    const { rows } = await h.db.pool.query(`SELECT count(*)::int AS n, sum(scans_total)::int AS scans FROM scan_keys WHERE payment_id = (SELECT id FROM payments WHERE proof_id = $1)`, [offer.body.payment_hash]);
    expect(rows[0]).toEqual({ n: 1, scans: 2 });
    expect(await paymentsIn(offer.body.payment_hash)).toBe(1);
  });

  it('books a paid invoice through the settlement worker even when nobody redeems it', async () => {
    const offer = await quickkey();
    await devPay(offer.body.invoice);
    await expect.poll(() => paymentsIn(offer.body.payment_hash), { timeout: 15_000, interval: 200 }).toBe(1);
    const { rows } = await h.db.pool.query(`SELECT status FROM payments WHERE proof_id = $1`, [offer.body.payment_hash]);
    expect(rows[0].status).toBe('settled');
  });
});

describe('L402 on POST /api/scan', () => {
  it('answers a keyless scan past the trial with both challenges, and accepts the L402 and the LSAT forms', async () => {
    const first = await postScan(h.app, benignSkill('l402-first'));
    expect(first.status).toBe(402);
    expect(first.headers['cache-control']).toBe('no-store');
    const l402 = challengeOf(first.headers['www-authenticate'], 'L402');
    expect(challengeOf(first.headers['www-authenticate'], 'LSAT')).toEqual(l402);
    expect(first.body.error).toMatchObject({ code: 'payment_required', details: { l402: { invoice: l402.invoice, macaroon: l402.macaroon, scans: 2 } } });

    const preimage = await devPay(l402.invoice);
    const paid = await postScan(h.app, benignSkill('l402-paid')).set('Authorization', `L402 ${l402.macaroon}:${preimage}`);
    expect(paid.status).toBe(202);
    const lsat = await postScan(h.app, benignSkill('lsat-paid')).set('Authorization', `LSAT ${l402.macaroon}:${preimage}`);
    expect(lsat.status).toBe(202);
    // The pack held two scans: the third is a 402 offering another pack, with a new invoice.
    const third = await postScan(h.app, benignSkill('l402-third')).set('Authorization', `L402 ${l402.macaroon}:${preimage}`);
    expect(third.status).toBe(402);
    expect(challengeOf(third.headers['www-authenticate'], 'L402').invoice).not.toBe(l402.invoice);
    expect(third.body.error.details).toMatchObject({ scans_total: 2, scans_left: 0 });
  });

  it('refuses a token with a wrong preimage', async () => {
    const first = await postScan(h.app, benignSkill('l402-wrong'));
    const { macaroon } = challengeOf(first.headers['www-authenticate'], 'L402');
    const res = await postScan(h.app, benignSkill('l402-wrong')).set('Authorization', `L402 ${macaroon}:${'00'.repeat(32)}`);
    expect(res.status).toBe(401);
    expect(res.body.error.details).toEqual({ reason: 'preimage_mismatch' });
  });

  it('is paid by an existing L402 client unchanged (@getalby/lightning-tools fetchWithL402)', async () => {
    const wallet = {
      async payInvoice({ invoice }: { invoice: string }) {
        const res = await fetch(`${h.baseUrl}/api/l402/dev/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invoice }) });
        return { preimage: (await res.json()).preimage as string };
      },
    };
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benignSkill('alby-client')) };
    const res = await fetchWithL402(`${h.baseUrl}/api/scan`, init, { wallet });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body.result).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{16}$/), status: 'queued' });
  });

  it('lets a scan key whose scans are used up buy another pack from the same challenge', async () => {
    const offer = await quickkey();
    const { api_key: key } = (await redeem({ payment_hash: offer.body.payment_hash, preimage: await devPay(offer.body.invoice) })).body;
    for (const n of [1, 2]) expect((await postScan(h.app, benignSkill(`spend-${n}`), key)).status).toBe(202);
    const spent = await postScan(h.app, benignSkill('spend-3'), key);
    expect(spent.status).toBe(402);
    const next = challengeOf(spent.headers['www-authenticate'], 'L402');
    const preimage = await devPay(next.invoice);
    const fresh = await redeem({ macaroon: next.macaroon, preimage });
    expect(fresh.body).toMatchObject({ scans_remaining: 2, plan: 'pack' });
    expect(fresh.body.api_key).not.toBe(key);
  });
});
