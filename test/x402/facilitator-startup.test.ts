/**
 * `tsx main.ts web` with an HTTP facilitator: it calls GET /supported before opening anything
 * and exits 1, naming the variable, when the facilitator refuses its credentials or does not
 * support the configured network, or cannot be reached.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacilitatorStandIn, type FacilitatorStandIn } from '../helpers/facilitator-stand-in.js';

interface Run {
  code: number | null;
  stderr: string;
}

function run(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main.ts', 'web'], {
      // Postgres and Redis on closed ports: the facilitator check must come first.
      env: {
        PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', REDIS_URL: 'redis://127.0.0.1:1', ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

let standIn: FacilitatorStandIn;
beforeAll(async () => {
  standIn = await startFacilitatorStandIn();
  standIn.authorize = (a) => a === 'Bearer good-token';
});
afterAll(() => standIn.close());

describe('starting with an HTTP facilitator', () => {
  it('exits 1 naming X402_FACILITATOR_AUTH when the facilitator answers 401', async () => {
    const r = await run({ X402_FACILITATOR_URL: standIn.url, X402_FACILITATOR_AUTH: 'Bearer bad-token' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/X402_FACILITATOR_AUTH: the facilitator at .* refused them \(.*GET \/supported answered 401\)/);
    expect(standIn.calls.at(-1)).toMatchObject({ method: 'GET', path: '/x402/supported', authorization: 'Bearer bad-token' });
  });

  it('exits 1 naming X402_NETWORK when /supported does not list exact on it', async () => {
    const r = await run({
      X402_FACILITATOR_URL: standIn.url, X402_FACILITATOR_AUTH: 'Bearer good-token',
      X402_NETWORK: 'eip155:43113', X402_ASSET: '0x5425890298aed601595a70AB815c96711a31Bc65',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/X402_NETWORK=eip155:43113: the facilitator at X402_FACILITATOR_URL=.* does not support scheme "exact"/);
  });

  it('exits 1 saying where it tried when the facilitator cannot be reached', async () => {
    const r = await run({ X402_FACILITATOR_URL: 'http://127.0.0.1:1/x402' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot use the x402 facilitator at http:\/\/127\.0\.0\.1:1\/x402: facilitator unavailable: facilitator_unreachable/);
  });

  it('goes past the check (to Postgres) when the facilitator accepts the credentials and the network', async () => {
    const r = await run({ X402_FACILITATOR_URL: standIn.url, X402_FACILITATOR_AUTH: 'Bearer good-token' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PostgreSQL at 127\.0\.0\.1:1/);
  });
});
