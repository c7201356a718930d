/**
 * Builds the Express application; it does not listen (server.ts does), so tests call it
 * in-process. Order: security headers, request ids and logs, rate limits, CORS, ops, bounded body parsing
 * that keeps the raw bytes, the routes, then one error handler.
 */
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './context.js';
import { X402_REQUEST_HEADERS } from '../shared/x402/index.js';
import { sha256Hex } from '../shared/auth/credentials.js';
import { errorHandler, notFound } from './middleware/errors.js';
import { addressKey, rateLimit } from './middleware/rate-limit.js';
import { requestLogging } from './middleware/request-log.js';
import { trustFunction } from './client-address.js';
import { agentRoutes } from './routes/agents.js';
import { jobRoutes } from './routes/jobs.js';
import { contractRoutes } from './routes/contracts.js';
import { trustRoutes } from './routes/trust.js';
import { addFeedRoutes } from './routes/feed.js';
import { scanRoutes } from './routes/scan.js';
import { keyRoutes, l402Routes } from './routes/l402.js';
import { hostingRoutes } from './routes/hosting.js';
import { gatewayRoutes } from './routes/gateway.js';
import { opsRoutes } from './routes/ops.js';
import { httpMetrics } from './metrics.js';
import { adminQueueRoutes } from './routes/admin-queues.js';
import { agentEventRoutes } from './routes/agent-events.js';
import { discoveryRoutes, paymentRoutes } from './routes/payments.js';
import { multipartArchive } from './middleware/multipart.js';
import { SCAN_LIMITS } from '../shared/scanner/limits.js';

/** Headers an x402 client must be able to read from a browser. */
const EXPOSED = ['PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE', 'Location', 'Retry-After', 'WWW-Authenticate', 'Idempotent-Replayed'];

export function buildApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // The same trust function code outside Express can compute the address with (client-address.ts).
  app.set('trust proxy', trustFunction(deps.config.TRUST_PROXY));
  app.set('json replacer', (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

  // First, so that the timer covers everything below it (rate limits and errors included).
  app.use(httpMetrics(app));
  app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(requestLogging(deps.log));

  // Every caller is counted by address, on every path (ops and preflights too: a flood of
  // /metrics must not starve the API); a caller with a key is also counted by its key, so one
  // agent cannot spread its load over many addresses. The key is hashed: Redis holds no credential.
  // With limits off (RATE_LIMIT_PER_MINUTE=0) the limiters are not installed at all: two layers
  // that only call next() still cost every request a router step and a promise.
  const limit = { redis: deps.redis, prefix: deps.config.QUEUE_PREFIX, limit: deps.config.RATE_LIMIT_PER_MINUTE };
  if (limit.limit > 0) {
    app.use(rateLimit({ ...limit, keyOf: (req) => addressKey(req.ip) }));
    app.use(rateLimit({ ...limit, keyOf: (req) => (req.get('authorization') ? `key:${sha256Hex(req.get('authorization')!).slice(0, 32)}` : undefined) }));
  }
  app.use((req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED.join(', '));
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, OPTIONS');
      // The official x402 clients also send Access-Control-Expose-Headers on their paid retry.
      res.setHeader('Access-Control-Allow-Headers', `Content-Type, Authorization, X-Signature, Idempotency-Key, ${X402_REQUEST_HEADERS}`);
      res.setHeader('Access-Control-Max-Age', '600');
      return res.status(204).end();
    }
    next();
  });
  // The feed is read-only and hot: served before any body parsing, and before the ops and
  // dashboard routers that its requests would otherwise walk through; its two routes are the
  // app's own, not a router mounted on /api (one router fewer to enter and leave per read).
  addFeedRoutes(app, deps);
  app.use(opsRoutes(deps));
  // Behind the rate limits, so that the admin token cannot be guessed at speed.
  const { settlement, scans, feed, webhooks, maintenance, provisioning } = deps.queues;
  app.use(adminQueueRoutes(deps, [settlement, scans, feed, webhooks, provisioning, ...(maintenance ? [maintenance] : [])]));
  // Keep the exact bytes: X-Signature and Idempotency-Key are computed over them.
  const keepRawBody = (req: unknown, _res: unknown, buf: Buffer) => {
    (req as express.Request).rawBody = buf;
  };
  // A skill's files travel in the body: POST /api/scan gets its own, larger limit, parsed before
  // the global parser (which then leaves the parsed body alone).
  app.use('/api/scan', express.json({ limit: deps.config.SCAN_BODY_LIMIT, verify: keepRawBody }));
  // Or as a skill archive uploaded as multipart/form-data, held in memory within the scan budget.
  app.use('/api/scan', multipartArchive(SCAN_LIMITS.maxTotalBytes));
  app.use(express.json({ limit: deps.config.BODY_LIMIT, verify: keepRawBody }));

  app.use('/api/v1/agents', agentEventRoutes(deps));
  app.use('/api/v1/agents', agentRoutes(deps));
  app.use('/api/v1/agents', trustRoutes(deps));
  app.use('/api/jobs', jobRoutes(deps));
  app.use('/api/v1/contracts', contractRoutes(deps));
  app.use('/api/scan', scanRoutes(deps));
  app.use('/api/l402', l402Routes(deps));
  app.use('/api/keys', keyRoutes(deps));
  app.use('/api', hostingRoutes(deps));
  app.use('/api/payment', gatewayRoutes(deps));
  app.use('/api/v1/payments', paymentRoutes(deps));
  app.use(discoveryRoutes(deps));

  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}
