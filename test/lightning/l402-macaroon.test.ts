/**
 * mintL402Macaroon and verifyL402 against a real database: aperture's identifier and caveats,
 * and one named refusal per way a credential can be wrong.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  L402Error,
  MacaroonEncodingError,
  MacaroonSignatureError,
  PreimageMismatchError,
  RevokedTokenError,
  TokenExpiredError,
  UnknownTokenError,
  UnsupportedCaveatError,
  WrongServiceError,
  decodeIdentifier,
  macaroonFromBase64,
  macaroonToBase64,
  mintL402Macaroon,
  peekL402Identifier,
  revokeL402Token,
  revokeL402TokensForPayment,
  verifyL402,
} from '../../shared/lightning/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
const NOW = new Date('2026-03-01T12:00:00Z');
const LATER = new Date('2026-03-31T12:00:00Z');
const scan = { service: 'scan', now: NOW };

function payment() {
  const preimage = randomBytes(32).toString('hex');
  return { preimage, paymentHash: createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex') };
}

async function minted(extra: { capabilities?: string[]; service?: string } = {}) {
  const p = payment();
  const token = await mintL402Macaroon(db.pool, { paymentHash: p.paymentHash, service: extra.service ?? 'scan', capabilities: extra.capabilities, expiresAt: LATER });
  return { ...p, ...token };
}

async function refusal(promise: Promise<unknown>): Promise<L402Error> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(L402Error);
  return err as L402Error;
}

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.drop();
});

describe('mintL402Macaroon', () => {
  it("mints aperture's layout: 66-byte identifier, location lsat, services, capabilities and expiry caveats", async () => {
    const t = await minted({ capabilities: ['scan', 'report'] });
    expect(t.macaroon).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const m = macaroonFromBase64(t.macaroon);
    expect(m.location).toBe('lsat');
    expect(m.identifier).toHaveLength(66);
    expect(m.identifier.readUInt16BE(0)).toBe(0);
    expect(decodeIdentifier(m.identifier)).toEqual({ paymentHash: t.paymentHash, tokenId: t.tokenId });
    expect(m.caveats.map((c) => c.identifier.toString())).toEqual([
      'services=scan:0',
      'scan_capabilities=scan,report',
      `scan_valid_until=${LATER.getTime() / 1000}`,
    ]);
    expect(peekL402Identifier(t.macaroon)).toEqual({ paymentHash: t.paymentHash, tokenId: t.tokenId });
  });

  it('keeps a distinct random root key per token, even for one payment hash', async () => {
    const p = payment();
    const a = await mintL402Macaroon(db.pool, { paymentHash: p.paymentHash, service: 'scan', expiresAt: LATER });
    const b = await mintL402Macaroon(db.pool, { paymentHash: p.paymentHash, service: 'scan', expiresAt: LATER });
    const { rows } = await db.pool.query('SELECT root_key FROM l402_root_keys WHERE token_id = ANY($1)', [[a.tokenId, b.tokenId]]);
    expect(rows).toHaveLength(2);
    expect(rows[0].root_key).not.toEqual(rows[1].root_key);
  });
});

describe('verifyL402', () => {
  it('accepts a genuine macaroon with its preimage and returns hash, token id and caveats', async () => {
    const t = await minted({ capabilities: ['scan'] });
    const ok = await verifyL402({ macaroon: t.macaroon, preimage: t.preimage.toUpperCase() }, db.pool, scan);
    expect(ok).toMatchObject({ paymentHash: t.paymentHash, tokenId: t.tokenId, capabilities: ['scan'], validUntil: LATER });
    expect(ok.caveats[0]).toEqual({ condition: 'services', value: 'scan:0' });
  });

  it('verifies without a preimage (redeem by macaroon checks the invoice instead)', async () => {
    const t = await minted();
    await expect(verifyL402({ macaroon: t.macaroon }, db.pool, scan)).resolves.toMatchObject({ tokenId: t.tokenId });
  });

  it('refuses garbage as bad_encoding', async () => {
    expect(await refusal(verifyL402({ macaroon: 'bm90IGEgbWFjYXJvb24=' }, db.pool, scan))).toBeInstanceOf(MacaroonEncodingError);
    expect((await refusal(verifyL402({ macaroon: '%%%' }, db.pool, scan))).reason).toBe('bad_encoding');
  });

  it('refuses a macaroon whose token id has no root key as unknown_token', async () => {
    const t = await minted();
    await db.pool.query('DELETE FROM l402_root_keys WHERE token_id = $1', [t.tokenId]);
    const err = await refusal(verifyL402({ macaroon: t.macaroon, preimage: t.preimage }, db.pool, scan));
    expect(err).toBeInstanceOf(UnknownTokenError);
    expect(err.reason).toBe('unknown_token');
  });

  it('refuses a revoked token as revoked_token, and revoking twice changes nothing', async () => {
    const t = await minted();
    expect(await revokeL402Token(db.pool, t.tokenId)).toBe(true);
    expect(await revokeL402Token(db.pool, t.tokenId)).toBe(false);
    expect(await refusal(verifyL402({ macaroon: t.macaroon, preimage: t.preimage }, db.pool, scan))).toBeInstanceOf(RevokedTokenError);
  });

  it('revokes every token of a payment hash at once', async () => {
    const p = payment();
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(await mintL402Macaroon(db.pool, { paymentHash: p.paymentHash, service: 'scan', expiresAt: LATER }));
    expect(await revokeL402TokensForPayment(db.pool, p.paymentHash)).toBe(3);
    for (const t of tokens) expect(await refusal(verifyL402({ macaroon: t.macaroon }, db.pool, scan))).toBeInstanceOf(RevokedTokenError);
  });

  it('refuses a forged signature, and a caveat removed by the holder, as bad_signature', async () => {
    const t = await minted();
    const m = macaroonFromBase64(t.macaroon);
    const forged = macaroonToBase64({ ...m, signature: randomBytes(32) });
    expect(await refusal(verifyL402({ macaroon: forged }, db.pool, scan))).toBeInstanceOf(MacaroonSignatureError);
    const stripped = macaroonToBase64({ ...m, caveats: m.caveats.slice(0, 1) }); // expiry dropped, old signature kept
    expect((await refusal(verifyL402({ macaroon: stripped }, db.pool, scan))).reason).toBe('bad_signature');
  });

  it('honours caveats the holder appends, which need no secret: a tighter expiry binds', async () => {
    const t = await minted();
    const m = macaroonFromBase64(t.macaroon);
    const extra = Buffer.from(`scan_valid_until=${NOW.getTime() / 1000 - 1}`);
    // Attenuation is what macaroons allow anyone: the next link of the chain is HMAC(signature, caveat).
    const signature = createHmac('sha256', m.signature).update(extra).digest();
    const attenuated = macaroonToBase64({ ...m, caveats: [...m.caveats, { identifier: extra }], signature });
    expect(await refusal(verifyL402({ macaroon: attenuated }, db.pool, scan))).toBeInstanceOf(TokenExpiredError);
  });

  it('refuses a token for another service as wrong_service', async () => {
    const t = await minted({ service: 'feed' });
    const err = await refusal(verifyL402({ macaroon: t.macaroon, preimage: t.preimage }, db.pool, scan));
    expect(err).toBeInstanceOf(WrongServiceError);
    expect(err.reason).toBe('wrong_service');
  });

  it('refuses a token at and after its expiry as expired', async () => {
    const t = await minted();
    const err = await refusal(verifyL402({ macaroon: t.macaroon, preimage: t.preimage }, db.pool, { service: 'scan', now: LATER }));
    expect(err).toBeInstanceOf(TokenExpiredError);
    expect(err.reason).toBe('expired');
  });

  it('refuses a preimage that does not hash to the payment hash as preimage_mismatch', async () => {
    const t = await minted();
    const err = await refusal(verifyL402({ macaroon: t.macaroon, preimage: randomBytes(32).toString('hex') }, db.pool, scan));
    expect(err).toBeInstanceOf(PreimageMismatchError);
    expect(err.reason).toBe('preimage_mismatch');
  });

  it('refuses a third-party caveat it cannot discharge as unsupported_caveat', async () => {
    const t = await minted();
    const m = macaroonFromBase64(t.macaroon);
    const withThirdParty = macaroonToBase64({ ...m, caveats: [...m.caveats, { identifier: Buffer.from('is-admin'), vid: randomBytes(40), location: 'elsewhere' }] });
    expect(await refusal(verifyL402({ macaroon: withThirdParty }, db.pool, scan))).toBeInstanceOf(UnsupportedCaveatError);
  });
});
