/**
 * A worker process killed between the facilitator's settlement and the database commit: the job
 * must still open, once, with one incoming transfer. The facilitator is a loopback stub that
 * holds its first /settle answer until the worker has been killed, and answers later attempts
 * for the same authorization with the same transaction (as an idempotent facilitator does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import express from 'express';
import type { Server } from 'node:http';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { HttpFacilitator } from '../../shared/x402/index.js';
import { reconcile } from '../../workers/maintenance.js';

let h: Harness;
let stub: Server;
let stubUrl: string;
const settles: string[] = [];
let firstSettleSeen: () => void;
const firstSettle = new Promise<void>((r) => (firstSettleSeen = r));

function startStub(): Promise<void> {
  const app = express();
  app.use(express.json());
  // A worker checks GET /supported at start-up and refuses a facilitator that does not list its network.
  app.get('/supported', (_req, res) => {
    res.json({ kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }, { x402Version: 1, scheme: 'exact', network: 'base-sepolia' }] });
  });
  app.post('/settle', (req, res) => {
    const auth = req.body.paymentPayload.payload.authorization;
    settles.push(auth.nonce);
    if (settles.length === 1) {
      firstSettleSeen();
      return; // never answered: the worker is killed while waiting
    }
    res.json({ success: true, transaction: `0x${'ab'.repeat(32)}`, network: 'eip155:84532', payer: auth.from });
  });
  return new Promise((resolve) => {
    stub = app.listen(0, '127.0.0.1', () => {
      stubUrl = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
      resolve();
    });
  });
}

function spawnWorker(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'main.ts', 'worker'], {
    env: {
      PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn',
      DATABASE_URL: h.config.DATABASE_URL, REDIS_URL: h.config.REDIS_URL, QUEUE_PREFIX: h.config.QUEUE_PREFIX,
      X402_FACILITATOR_URL: stubUrl, WORKER_LOCK_MS: '2000',
    },
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  await startStub();
  h = await createHarness({ SETTLE_WAIT_MS: '200', WORKER_LOCK_MS: '2000' });
});
afterAll(async () => {
  await h?.close();
  stub?.closeAllConnections();
  stub?.close();
});

const body = { title: 'crash me', description: '', tags: [], reward: { amount: '1.00', currency: 'USDC' } };

describe('a worker killed mid-settlement', () => {
  it('is recovered without a double credit', async () => {
    const header = await signedPaymentFor(`${h.baseUrl}/api/jobs`, body);
    const posted = await request(h.app).post('/api/jobs').set('PAYMENT-SIGNATURE', header).send(body);
    expect(posted.status).toBe(202);
    const jobId = posted.body.job.id;

    const worker = spawnWorker();
    await firstSettle;
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));

    const mid = await h.db.pool.query(`SELECT j.status, p.status AS payment FROM jobs j JOIN payments p ON p.id = j.payment_id WHERE j.id = $1`, [jobId]);
    expect(mid.rows[0]).toEqual({ status: 'pending_payment', payment: 'pending' });

    // A fresh worker takes over once the dead one's lock lapses.
    h.startWorkers({ facilitator: new HttpFacilitator(stubUrl, 2000) });
    const until = Date.now() + 20_000;
    while ((await request(h.app).get(`/api/jobs/${jobId}`)).body.job.status !== 'open') {
      if (Date.now() > until) throw new Error('the job never opened');
      await new Promise((r) => setTimeout(r, 100));
    }
    // The reconciler finds nothing left to do, and nothing was credited twice.
    expect((await reconcile({ db: h.db.pool, log: h.deps.log, settlement: h.deps.queues.settlement, reconcileAfterMs: 0 })).examined).toBe(0);
    const incoming = await h.db.pool.query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'payment_in' AND metadata->>'purpose' = 'job'`);
    expect(incoming.rows[0].n).toBe(1);
    expect(settles.length).toBe(2);
    expect(settles[0]).toBe(settles[1]);
    await h.assertLedger();
  }, 40_000);
});
