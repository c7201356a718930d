/**
 * The client and CLI against the real service (in-process, listening on loopback), with
 * settlement deliberately slow to answer (SETTLE_WAIT_MS=0): every paid call answers 202 and the
 * client polls. L402 runs against a loopback stand-in of the documented contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generatePrivateKey } from 'viem/accounts';
import { createHarness, type Harness } from '../helpers/harness.js';
import { AgentCommerce, AgentCommerceError, parseL402Challenge, verifyWebhook, sign, type Progress } from '../../client/index.js';
import { runFlow } from '../../examples/flow.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ SETTLE_WAIT_MS: '0', SCAN_WAIT_MS: '0' });
  h.startWorkers();
});
afterAll(async () => h?.close());

const client = (progress?: Progress[]) =>
  new AgentCommerce({ baseUrl: h.baseUrl, x402PrivateKey: generatePrivateKey(), pollIntervalMs: 50, onProgress: (p) => progress?.push(p) });

describe('the client against the service', () => {
  it('runs the example flow: register, post, claim, submit, accept, scan', async () => {
    const lines: string[] = [];
    const out = await runFlow(h.baseUrl, (l) => lines.push(l));
    expect(out.poster.agent.status).toBe('active');
    expect(out.job.status).toBe('completed');
    expect(out.scan.status).toBe('done');
    expect(out.events.events.map((e) => e.type)).toEqual(expect.arrayContaining(['job.claimed', 'job.completed']));
    await h.assertLedger();
  });

  it('pays x402 itself, reports each step, and polls a 202 to the settled resource', async () => {
    const progress: Progress[] = [];
    const ac = client(progress);
    const reg = await ac.register({ handle: 'client-progress', name: 'P', contact: { email: 'p@example.com' } });
    expect(reg.agent.status).toBe('active');
    expect(reg.credentials.api_key).toMatch(/^ac_agent_/);
    const phases = progress.map((p) => p.phase);
    expect(phases[0]).toBe('payment_required');
    expect(progress[0]).toMatchObject({ rail: 'x402', amount: '5.00 USDC' });
    expect(phases).toEqual(expect.arrayContaining(['settling', 'pending', 'polling', 'settled']));
  });

  it('retries a creating POST with its Idempotency-Key and gets the first job back, paid once', async () => {
    const ac = client();
    await ac.register({ handle: 'client-idem', name: 'I', contact: { email: 'i@example.com' } });
    const body = { title: 'Once only', reward: { amount: '0.50', currency: 'USDC' as const } };
    const first = await ac.postJob(body, 'idem-key-0001');
    const again = await ac.postJob(body, 'idem-key-0001');
    expect(again.job.id).toBe(first.job.id);
    const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM jobs WHERE title = 'Once only'");
    expect(rows[0].n).toBe(1);
  });

  it('throws the service\'s error envelope as an AgentCommerceError', async () => {
    const ac = client();
    const err = await ac.register({ handle: 'X', name: 'bad', contact: { email: 'x@example.com' } }).catch((e) => e);
    expect(err).toBeInstanceOf(AgentCommerceError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_request' });
    await expect(ac.claim('job_nope')).rejects.toThrow(/apiKey and signingSecret/);
  });

  it('signs webhooks the way verifyWebhook checks them', () => {
    const header = sign('ss_secret', 'POST', '/hook?a=1', '{"id":"evt_1"}');
    expect(verifyWebhook('ss_secret', header, '/hook?a=1', '{"id":"evt_1"}')).toBe(true);
    expect(verifyWebhook('ss_secret', header, '/hook?a=1', '{"id":"evt_2"}')).toBe(false);
  });
});

describe('L402 with a pluggable wallet', () => {
  it('pays the invoice of an L402 challenge and answers with macaroon:preimage', async () => {
    const preimage = randomBytes(32).toString('hex');
    const hash = createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex');
    const macaroon = Buffer.from(`mac-${hash}`).toString('base64');
    const seen: (string | undefined)[] = [];
    // A stand-in of POST /api/scan's documented L402 contract (PRODUCT.md section 4).
    const standIn = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      req.resume();
      const m = /^L402 ([^:]+):([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
      if (m && m[1] === macaroon && createHash('sha256').update(Buffer.from(m[2], 'hex')).digest('hex') === hash) {
        return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, result: { id: 'ab'.repeat(8), url: 'x', status: 'done', verdict: 'safe' } }));
      }
      res.writeHead(402, { 'content-type': 'application/json', 'www-authenticate': `LSAT macaroon="${macaroon}", invoice="lnbcrt10u1stand", L402 macaroon="${macaroon}", invoice="lnbcrt10u1stand"` })
        .end(JSON.stringify({ success: false, error: { code: 'payment_required', message: 'pay' } }));
    });
    await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()));
    try {
      const invoices: string[] = [];
      const ac = new AgentCommerce({
        baseUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
        wallet: { payInvoice: async ({ invoice }) => (invoices.push(invoice), { preimage }) },
      });
      const result = await ac.scan({ name: 's', files: [{ path: 'a.md', text: 'x' }] });
      expect(result.verdict).toBe('safe');
      expect(invoices).toEqual(['lnbcrt10u1stand']);
      expect(seen).toEqual([undefined, `L402 ${macaroon}:${preimage}`]);
    } finally {
      standIn.close();
    }
  });

  it('reads the L402 challenge and prefers it to LSAT', () => {
    expect(parseL402Challenge('LSAT macaroon="a", invoice="i1", L402 macaroon="b", invoice="i2"')).toEqual({ macaroon: 'b', invoice: 'i2' });
    expect(parseL402Challenge('Bearer realm="x"')).toBeUndefined();
  });
});

describe('the CLI', () => {
  it('registers, saves the credentials, posts a job and lists it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-cli-'));
    const env = { ...process.env, AC_BASE_URL: h.baseUrl, AC_CONFIG: join(dir, 'creds.json') };
    const cli = (...args: string[]) => run(join(root, 'node_modules/.bin/tsx'), [join(root, 'client/cli.ts'), ...args], { env, cwd: dir });
    try {
      const reg = await cli('register', '--handle', 'cli-agent', '--name', 'CLI', '--email', 'cli@example.com');
      expect(JSON.parse(reg.stdout).agent).toMatchObject({ handle: 'cli-agent', status: 'active' });
      expect(reg.stderr).toMatch(/payment required: 5.00 USDC/);
      expect(reg.stderr).toMatch(/settled/);
      const posted = JSON.parse((await cli('post-job', '--title', 'From the shell', '--reward', '0.25')).stdout);
      expect(posted.job.status).toBe('open');
      const list = JSON.parse((await cli('jobs', '--status', 'open')).stdout);
      expect(list.jobs.map((j: { id: string }) => j.id)).toContain(posted.job.id);
      const usage = await cli('nonsense').catch((e) => e);
      expect(usage.code).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
