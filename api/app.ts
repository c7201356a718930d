/**
 * Builds the application: a request listener that answers the feed's current copy itself and
 * hands everything else to the Express app built here. It does not listen (server.ts does), so
 * tests call it in-process.
 */
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './context.js';
import { X402_REQUEST_HEADERS } from '../shared/x402/index.js';
import { sha256Hex } from '../shared/auth/credentials.js';
import { errorHandler, notFound } from './middleware/errors.js';
import { addressKey, rateLimit, type RateCountOptions } from './middleware/rate-limit.js';
import { requestLogging, type RequestLogging } from './middleware/request-log.js';
import { trustFunction, type TrustFunction } from './client-address.js';
import { feedFront, headersSetBy, type FeedFront } from './feed-front.js';
import { agentRoutes } from './routes/agents.js';
import { jobRoutes } from './routes/jobs.js';
import { contractRoutes } from './routes/contracts.js';
import { trustRoutes } from './routes/trust.js';
import { addFeedRoutes, createFeedServing, type FeedServing } from './routes/feed.js';
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

/** CORS: every answer may be read by a browser; a preflight is answered here. */
const cors: RequestHandler = (req, res, next) => {
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
};

/**
 * The service's request listener: the feed's current copy is answered before Express
 * (feed-front.ts), everything else by the Express app. `npm start`, the tests and the benchmarks
 * all serve this listener, so they all take the same path.
 */
export interface App extends FeedFront {
  /** The Express app alone (what answers everything the listener does not). */
  readonly express: Express;
}

/** What the Express stack and the answer before it share: one instance of each, built once per app. */
interface Stack {
  security: ReturnType<typeof helmet>;
  logging: RequestLogging;
  trust: TrustFunction;
  limits: RateCountOptions;
  feed: FeedServing;
}

export function buildApp(deps: AppDeps): App {
  const stack: Stack = {
    security: helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }),
    logging: requestLogging(deps.log),
    trust: trustFunction(deps.config.TRUST_PROXY),
    limits: { redis: deps.redis, prefix: deps.config.QUEUE_PREFIX, limit: deps.config.RATE_LIMIT_PER_MINUTE },
    feed: createFeedServing(deps),
  };
  const app = buildExpress(deps, stack);
  const etagOf = app.get('etag fn') as (body: Buffer) => string;
  const front = feedFront({
    express: app, serving: stack.feed, logging: stack.logging, etagOf, log: deps.log,
    before: headersSetBy(stack.security), after: headersSetBy(cors),
    limits: stack.limits.limit > 0 ? { count: stack.limits, trust: stack.trust } : undefined,
  });
  return Object.assign(front, { express: app });
}

/**
 * The Express app. Order: request timing, security headers, request ids and logs, rate limits,
 * CORS, the feed, ops, bounded body parsing that keeps the raw bytes, the routes, then one error
 * handler. A header added ahead of the feed's routes must also reach feed-front.ts (its test
 * compares the two answers).
 */
function buildExpress(deps: AppDeps, stack: Stack): Express {
  const app = express();
  app.disable('x-powered-by');
  // The very function the feed's answer before Express computes the address with (client-address.ts).
  app.set('trust proxy', stack.trust);
  app.set('json replacer', (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

  // First, so that the timer covers everything below it (rate limits and errors included).
  app.use(httpMetrics(app));
  app.use(stack.security);
  app.use(stack.logging);

  // Every caller is counted by address, on every path (ops and preflights too: a flood of
  // /metrics must not starve the API); a caller with a key is also counted by its key, so one
  // agent cannot spread its load over many addresses. The key is hashed: Redis holds no credential.
  // With limits off (RATE_LIMIT_PER_MINUTE=0) the limiters are not installed at all: two layers
  // that only call next() still cost every request a router step and a promise.
  if (stack.limits.limit > 0) {
    app.use(rateLimit({ ...stack.limits, keyOf: (req) => addressKey(req.ip) }));
    app.use(rateLimit({ ...stack.limits, keyOf: (req) => (req.get('authorization') ? `key:${sha256Hex(req.get('authorization')!).slice(0, 32)}` : undefined) }));
  }
  app.use(cors);
  // The feed is read-only and hot: served before any body parsing, and before the ops and
  // dashboard routers that its requests would otherwise walk through; its two routes are the
  // app's own, not a router mounted on /api (one router fewer to enter and leave per read).
  addFeedRoutes(app, deps, stack.feed);
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
