import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_TOKEN: 'a-real-admin-token-0123456789',
  SIGNING_MASTER_KEY: 'a-real-signing-master-key-0123456789abcdef',
  X402_FACILITATOR_URL: 'https://facilitator.example.org',
  X402_PAY_TO: '0x5f1e3ac1b2d2a3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  PUBLIC_BASE_URL: 'https://commerce.example.org',
  LIGHTNING_BACKEND: 'lnd',
  LND_REST_URL: 'https://lnd.example.org:8080',
  LND_MACAROON_HEX: '0201036c6e64',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
}

describe('production refuses unsafe configuration', () => {
  it('starts with a facilitator, a payee, a public origin and real secrets', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('refuses the embedded facilitator unless it is opted in by name', () => {
    const { X402_FACILITATOR_URL: _, ...env } = PRODUCTION;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^X402_FACILITATOR_URL: required when NODE_ENV=production/)]);
    expect(problemsOf({ ...env, X402_EMBEDDED_IN_PRODUCTION: 'true' })).toEqual([]);
  });

  it('refuses the default burn address as the payee', () => {
    const { X402_PAY_TO: _, ...env } = PRODUCTION;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^X402_PAY_TO: /)]);
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://api.localhost'])('refuses PUBLIC_BASE_URL=%s', (url) => {
    expect(problemsOf({ ...PRODUCTION, PUBLIC_BASE_URL: url })).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: /)]);
  });

  it('refuses an unset PUBLIC_BASE_URL, which would default to localhost', () => {
    const { PUBLIC_BASE_URL: _, ...env } = PRODUCTION;
    expect(problemsOf(env)).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: /)]);
  });

  it('names every missing secret at once', () => {
    const { ADMIN_TOKEN: _a, SIGNING_MASTER_KEY: _s, ...env } = PRODUCTION;
    expect(problemsOf(env)).toEqual([
      'ADMIN_TOKEN: required when NODE_ENV=production',
      'SIGNING_MASTER_KEY: required when NODE_ENV=production',
    ]);
  });
});

describe('the development signing key', () => {
  it('is used only when development or test mode is explicit', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SIGNING_MASTER_KEY).toMatch(/^development-only/);
    expect(loadConfig({ NODE_ENV: 'test' }).SIGNING_MASTER_KEY).toMatch(/^development-only/);
    expect(problemsOf({})).toEqual([expect.stringMatching(/^SIGNING_MASTER_KEY: required unless NODE_ENV/)]);
    expect(loadConfig({ SIGNING_MASTER_KEY: PRODUCTION.SIGNING_MASTER_KEY }).NODE_ENV).toBe('development');
  });
});

describe('TRUST_PROXY', () => {
  const trust = (v: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v }).TRUST_PROXY;

  it('is off by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses', () => {
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, 192.168.1.7')).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(trust('loopback')).toEqual(['loopback']);
  });

  it('refuses "true", which would believe every hop a client writes', () => {
    expect(problemsOf({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY="true": trusting every hop/)]);
    expect(problemsOf({ NODE_ENV: 'test', TRUST_PROXY: 'proxy.example.org' })).toHaveLength(1);
  });
});
