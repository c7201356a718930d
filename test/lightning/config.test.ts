/**
 * The Lightning part of loadConfig: defaults, LND's required settings, and the refusal of the
 * embedded backend in production without the explicit opt-in.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config.js';

const production = {
  NODE_ENV: 'production', ADMIN_TOKEN: 'a'.repeat(16), SIGNING_MASTER_KEY: 'k'.repeat(32),
  X402_FACILITATOR_URL: 'https://facilitator.example.org', X402_PAY_TO: '0x5f1e3ac1b2d2a3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  PUBLIC_BASE_URL: 'https://commerce.example.org',
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return '';
}

describe('Lightning configuration', () => {
  it('defaults to the embedded backend on regtest with the documented pack and rate', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      LIGHTNING_BACKEND: 'embedded',
      LIGHTNING_NETWORK: 'regtest',
      LIGHTNING_EMBEDDED_IN_PRODUCTION: false,
      LIGHTNING_INVOICE_EXPIRY_SECONDS: 600,
      LND_TIMEOUT_MS: 10000,
      SATS_PER_USD: 1000,
      L402_PACK_SATS: 1000,
      L402_PACK_SCANS: 10,
    });
  });

  it('refuses the embedded backend in production and names the opt-in variable', () => {
    const message = problems(production);
    expect(message).toContain('LIGHTNING_BACKEND=embedded');
    expect(message).toContain('LIGHTNING_EMBEDDED_IN_PRODUCTION=true');
  });

  it('runs the embedded backend in production when explicitly opted in', () => {
    expect(loadConfig({ ...production, LIGHTNING_EMBEDDED_IN_PRODUCTION: 'true' }).LIGHTNING_BACKEND).toBe('embedded');
  });

  it('accepts LND in production and requires its URL and a macaroon', () => {
    expect(problems({ ...production, LIGHTNING_BACKEND: 'lnd' })).toMatch(/LND_REST_URL[\s\S]*LND_MACAROON_HEX or LND_MACAROON_PATH/);
    const config = loadConfig({ ...production, LIGHTNING_BACKEND: 'lnd', LND_REST_URL: 'https://127.0.0.1:8080', LND_MACAROON_HEX: 'ab01' });
    expect(config.LND_REST_URL).toBe('https://127.0.0.1:8080');
  });

  it('never prints a node key or macaroon in an error message', () => {
    const message = problems({ LIGHTNING_NODE_KEY: 'zz-secret-zz', LND_MACAROON_HEX: 'not-hex-secret' });
    expect(message).toContain('LIGHTNING_NODE_KEY=(hidden)');
    expect(message).toContain('LND_MACAROON_HEX=(hidden)');
    expect(message).not.toContain('secret');
  });
});
