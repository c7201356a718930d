/**
 * What the request-duration middleware (api/metrics.ts) costs: the same small Express app,
 * a router mounted like the API's (`/api/jobs/:id`), with and without the middleware, run in
 * turns (A B A B) so that a warming or busy machine favours neither. Load and server share this
 * process: the figure to read is the difference per request, not the absolute rate.
 *
 * `npx tsx bench/http-metrics.ts` (BENCH_SECONDS per turn, default 3; BENCH_ROUNDS, default 4;
 * BENCH_CONCURRENCY, default 16). On a busy machine the turns vary by more than the cost.
 */
import express, { Router } from 'express';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { httpMetrics } from '../api/metrics.js';
import { runForDuration } from './lib/load.js';

function app(withMetrics: boolean) {
  const a = express();
  a.disable('x-powered-by');
  if (withMetrics) a.use(httpMetrics(a));
  const jobs = Router();
  jobs.get('/:id', (req, res) => {
    res.json({ id: req.params.id, status: 'open' });
  });
  a.use('/api/jobs', jobs);
  return a;
}

async function turn(withMetrics: boolean, seconds: number, concurrency: number): Promise<number> {
  const server = app(withMetrics).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    let i = 0;
    const run = await runForDuration({
      port: (server.address() as AddressInfo).port, concurrency, seconds, warmupSeconds: 0.5,
      make: () => ({ method: 'GET', path: `/api/jobs/${(i++ % 1000).toString(16)}` }),
    });
    return run.ok / run.seconds;
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

/**
 * The middleware alone, on requests built from the app's own request prototype: its CPU cost
 * without the noise of sockets (the end-to-end turns below vary by more on a busy machine).
 */
function isolated(n: number): number {
  const a = express();
  const mw = httpMetrics(a);
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const req = Object.assign(Object.create(a.request), { method: 'GET', baseUrl: '/api/jobs' });
    const res = Object.assign(new EventEmitter(), { statusCode: 200 });
    mw(req, res as never, () => {});
    req.route = { path: '/:id' };
    res.emit('finish');
  }
  return Number(process.hrtime.bigint() - t) / n / 1000;
}

isolated(50_000);
console.log(`the middleware alone: ${isolated(200_000).toFixed(2)} µs per request (a fake request and response, no socket)`);

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const rates = { without: [] as number[], with: [] as number[] };
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
for (let round = 0; round < rounds; round++) {
  rates.without.push(await turn(false, seconds, concurrency));
  rates.with.push(await turn(true, seconds, concurrency));
}
// The median: one turn slowed by another process on the machine moves it least.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [plain, metered] = [median(rates.without), median(rates.with)];
console.log(`without the middleware: ${rates.without.map((r) => r.toFixed(0)).join(', ')} req/s`);
console.log(`with the middleware:    ${rates.with.map((r) => r.toFixed(0)).join(', ')} req/s`);
console.log(`cost: ${((1 / metered - 1 / plain) * 1e6).toFixed(1)} µs per request (${((1 - metered / plain) * 100).toFixed(1)}% of this bare app's rate)`);
