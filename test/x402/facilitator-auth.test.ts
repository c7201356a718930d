/**
 * Facilitator credentials: the static Authorization header and the CDP per-call JWT (shape and
 * signature checked against keys generated here), a 401/403 as a configuration error (alert,
 * readiness), and the start-up check of GET /supported, all against a loopback stand-in that
 * checks the header.
 */
import { generateKeyPairSync, verify as verifySignature, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FacilitatorAuthError, HttpFacilitator, cdpJwtAuth, signCdpJwt, staticAuthorization, type DecodedPayment,
} from '../../shared/x402/index.js';
import { checkFacilitator, createFacilitator } from '../../shared/payments/facilitator.js';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { startFacilitatorStandIn, type FacilitatorStandIn } from '../helpers/facilitator-stand-in.js';
import { randomAccount, signedPayments, testPaymentRequired } from '../helpers/x402-fixtures.js';

const built = testPaymentRequired();
let standIn: FacilitatorStandIn;
let v2: DecodedPayment;

beforeAll(async () => {
  standIn = await startFacilitatorStandIn();
  ({ v2 } = await signedPayments(randomAccount(), built));
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.calls = [];
  standIn.authorize = () => true;
});

function decodeJwt(jwt: string) {
  const [h, c, s] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(c, 'base64url').toString()) as Record<string, unknown>,
    input: `${h}.${c}`,
    signature: Buffer.from(s, 'base64url'),
  };
}

function ecKey(): { secret: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { secret: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey };
}

function ed25519Key(): { secret: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const bytes = Buffer.concat([Buffer.from(jwk.d!, 'base64url'), Buffer.from(jwk.x!, 'base64url')]);
  return { secret: bytes.toString('base64'), publicKey };
}

describe('the CDP JWT', () => {
  const call = { method: 'POST' as const, url: new URL('https://api.cdp.coinbase.com/platform/v2/x402/settle') };

  it('signs ES256 from a PEM EC key: kid, nonce, sub, iss, uris and a 120 s life, verifiable with the public key', () => {
    const { secret, publicKey } = ecKey();
    const jwt = decodeJwt(signCdpJwt({ keyId: 'organizations/o/apiKeys/k', secret }, call, 1_800_000_000));
    expect(jwt.header).toEqual({ alg: 'ES256', kid: 'organizations/o/apiKeys/k', typ: 'JWT', nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(jwt.claims).toEqual({
      sub: 'organizations/o/apiKeys/k', iss: 'cdp', uris: ['POST api.cdp.coinbase.com/platform/v2/x402/settle'],
      iat: 1_800_000_000, nbf: 1_800_000_000, exp: 1_800_000_120,
    });
    expect(jwt.signature).toHaveLength(64); // JOSE form r||s, not DER
    expect(verifySignature('sha256', Buffer.from(jwt.input), { key: publicKey, dsaEncoding: 'ieee-p1363' }, jwt.signature)).toBe(true);
    expect(verifySignature('sha256', Buffer.from(`${jwt.input}x`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, jwt.signature)).toBe(false);
  });

  it('reads a PEM whose newlines are written \\n, as in an environment file', () => {
    const { secret, publicKey } = ecKey();
    const jwt = decodeJwt(signCdpJwt({ keyId: 'k', secret: secret.replace(/\n/g, '\\n') }, call));
    expect(verifySignature('sha256', Buffer.from(jwt.input), { key: publicKey, dsaEncoding: 'ieee-p1363' }, jwt.signature)).toBe(true);
  });

  it('signs EdDSA from a base64 Ed25519 key (seed then public key), verifiable with the public key', () => {
    const { secret, publicKey } = ed25519Key();
    const jwt = decodeJwt(signCdpJwt({ keyId: 'key-id', secret }, { method: 'GET', url: new URL('https://h.example/x402/supported') }));
    expect(jwt.header).toMatchObject({ alg: 'EdDSA', kid: 'key-id', typ: 'JWT' });
    expect(jwt.claims).toMatchObject({ sub: 'key-id', iss: 'cdp', uris: ['GET h.example/x402/supported'] });
    expect(verifySignature(null, Buffer.from(jwt.input), publicKey, jwt.signature)).toBe(true);
  });

  it('gives a fresh JWT with a fresh nonce on each call', () => {
    const auth = cdpJwtAuth('k', ecKey().secret);
    const a = auth(call) as Record<string, string>;
    const b = auth(call) as Record<string, string>;
    expect(a.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeJwt(a.authorization.slice(7)).header.nonce).not.toEqual(decodeJwt(b.authorization.slice(7)).header.nonce);
  });

  it('refuses an unreadable secret when it is configured, naming the variable and hiding the value', () => {
    expect(() => cdpJwtAuth('k', 'not a key')).toThrow(TypeError);
    const env = { NODE_ENV: 'test', X402_FACILITATOR_URL: standIn.url, CDP_API_KEY_ID: 'k', CDP_API_KEY_SECRET: 'c2VjcmV0' };
    expect(() => loadConfig(env)).toThrow(/CDP_API_KEY_SECRET=\(hidden\)/);
    expect(() => loadConfig({ ...env, CDP_API_KEY_SECRET: undefined })).toThrow(/CDP_API_KEY_SECRET: required when the other is set/);
    expect(() => loadConfig({ NODE_ENV: 'test', X402_FACILITATOR_AUTH: 'Bearer x' })).toThrow(/X402_FACILITATOR_AUTH: facilitator credentials are set but X402_FACILITATOR_URL is not/);
  });
});

describe('HttpFacilitator with credentials', () => {
  it('sends X402_FACILITATOR_AUTH as the Authorization header on /supported, /verify and /settle', async () => {
    standIn.authorize = (a) => a === 'Bearer static-token';
    const f = createFacilitator(loadConfig({ NODE_ENV: 'test', X402_FACILITATOR_URL: standIn.url, X402_FACILITATOR_AUTH: 'Bearer static-token' }));
    expect(await f.supported()).toContainEqual({ x402Version: 2, scheme: 'exact', network: 'eip155:84532' });
    expect(await f.verify(v2, built.requirementsV2)).toEqual({ status: 'valid', payer: v2.authorization.from });
    expect(await f.settle(v2, built.requirementsV2)).toMatchObject({ status: 'settled' });
    expect(standIn.calls.map((c) => [c.method, c.path, c.authorization])).toEqual([
      ['GET', '/x402/supported', 'Bearer static-token'],
      ['POST', '/x402/verify', 'Bearer static-token'],
      ['POST', '/x402/settle', 'Bearer static-token'],
    ]);
    expect(f.health?.()).toEqual({ ready: true });
  });

  it('signs a CDP JWT per call, bound to the method, host and path of that call', async () => {
    const { secret, publicKey } = ecKey();
    const host = new URL(standIn.url).host;
    standIn.authorize = (a, req) => {
      if (!a?.startsWith('Bearer ')) return false;
      const jwt = decodeJwt(a.slice(7));
      const uri = `${req.method} ${host}${req.originalUrl}`;
      return (jwt.claims.uris as string[])[0] === uri && verifySignature('sha256', Buffer.from(jwt.input), { key: publicKey, dsaEncoding: 'ieee-p1363' }, jwt.signature);
    };
    const f = createFacilitator(loadConfig({ NODE_ENV: 'test', X402_FACILITATOR_URL: standIn.url, CDP_API_KEY_ID: 'key-1', CDP_API_KEY_SECRET: secret }));
    await f.supported();
    expect(await f.settle(v2, built.requirementsV2)).toMatchObject({ status: 'settled' });
    expect(standIn.calls).toHaveLength(2);
  });

  it('reads a 401 or 403 as a configuration error: settle stays pending with that reason, not ready, one alert until it recovers', async () => {
    standIn.authorize = () => false;
    const alerts: unknown[] = [];
    const f = new HttpFacilitator(standIn.url, 2000, globalThis.fetch, { auth: staticAuthorization('Bearer wrong'), onAuthFailure: (d) => alerts.push(d) });
    expect(await f.settle(v2, built.requirementsV2)).toEqual({ status: 'pending', reason: 'facilitator_unauthorized' });
    expect(await f.verify(v2, built.requirementsV2)).toEqual({ status: 'unavailable', reason: 'facilitator_unauthorized' });
    expect(f.health()).toEqual({ ready: false, reason: 'facilitator_unauthorized: POST /verify answered 401' });
    expect(alerts).toEqual([{ method: 'POST', path: '/settle', status: 401 }]);
    await expect(f.supported()).rejects.toBeInstanceOf(FacilitatorAuthError);

    standIn.authorize = () => true;
    expect(await f.settle(v2, built.requirementsV2)).toMatchObject({ status: 'settled' });
    expect(f.health()).toEqual({ ready: true });

    standIn.settle = (_req, res) => void res.status(403).json({ error: 'forbidden' });
    try {
      expect(await f.settle(v2, built.requirementsV2)).toEqual({ status: 'pending', reason: 'facilitator_unauthorized' });
    } finally {
      standIn.settle = undefined;
    }
    expect(alerts).toHaveLength(2);
    expect(f.health().ready).toBe(false);
  });

  it('logs the alert at error level naming the variable', async () => {
    standIn.authorize = () => false;
    const lines: Record<string, unknown>[] = [];
    const log = { error: (obj: Record<string, unknown>, msg: string) => lines.push({ ...obj, msg }) };
    const f = createFacilitator(loadConfig({ NODE_ENV: 'test', X402_FACILITATOR_URL: standIn.url, X402_FACILITATOR_AUTH: 'Bearer old' }), log as never);
    await f.settle(v2, built.requirementsV2);
    expect(lines).toEqual([expect.objectContaining({ alert: true, status: 401, variable: 'X402_FACILITATOR_AUTH', msg: expect.stringMatching(/refused our credentials.*X402_FACILITATOR_AUTH/) })]);
  });
});

describe('the start-up check of GET /supported', () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', X402_FACILITATOR_URL: standIn.url, ...env });

  it('passes when exact is listed on the configured network, in both generations', async () => {
    const c = config();
    expect(await checkFacilitator(c, createFacilitator(c))).toEqual([]);
  });

  it('refuses a facilitator that does not list the configured network, naming X402_NETWORK', async () => {
    const c = config({ X402_NETWORK: 'eip155:8453', X402_ASSET: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' });
    const err = await checkFacilitator(c, createFacilitator(c)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/X402_NETWORK=eip155:8453: the facilitator at X402_FACILITATOR_URL=.* does not support scheme "exact"/);
  });

  it('warns when only the v2 kind is listed (v1 payments would be refused)', async () => {
    standIn.kinds = [{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }];
    try {
      const c = config();
      expect(await checkFacilitator(c, createFacilitator(c))).toEqual([expect.stringMatching(/v1 "exact" on base-sepolia/)]);
    } finally {
      standIn.kinds = [{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }, { x402Version: 1, scheme: 'exact', network: 'base-sepolia' }];
    }
  });

  it('refuses credentials the facilitator does not accept, naming the variable', async () => {
    standIn.authorize = (a) => a === 'Bearer right';
    const c = config({ X402_FACILITATOR_AUTH: 'Bearer wrong' });
    const err = await checkFacilitator(c, createFacilitator(c)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/X402_FACILITATOR_AUTH: the facilitator at .* refused them/);
    const none = config();
    await expect(checkFacilitator(none, createFacilitator(none))).rejects.toThrow(/X402_FACILITATOR_AUTH \(none is set\)/);
  });
});
