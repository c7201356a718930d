/**
 * The HTTP side of the metrics (shared/metrics.ts holds the registry): a request timer labelled
 * by route pattern, the scrape of this process's queues and feed, and a bare metrics listener
 * for processes that serve no API (worker, clock) when METRICS_PORT is set.
 */
import type { Express, Request, RequestHandler } from 'express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';
import { safeEqual } from '../shared/auth/credentials.js';
import { readLastModified } from '../shared/feed-store.js';
import { httpRequestDuration, scrapeMetrics, type CountableQueue } from '../shared/metrics.js';

/** The label of a request no route matched (404s, preflights, rate-limited requests). */
export const UNMATCHED = 'unmatched';

const PATTERN = Symbol('route pattern');
const ROUTE = Symbol('route');

type Patterned = Request & { [PATTERN]?: string; [ROUTE]?: Request['route'] };

/**
 * Makes `app`'s requests remember the route pattern when the router assigns `req.route`, while
 * `req.baseUrl` still holds the mount path: by the time the response finishes, a handler that
 * threw has left its router and `req.baseUrl` no longer does. Defined once on the app's request
 * prototype, so a request pays one setter call, not a property definition.
 */
function rememberRoutePatterns(app: Express): void {
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    get(this: Patterned) {
      return this[ROUTE];
    },
    set(this: Patterned, route: Request['route']) {
      this[ROUTE] = route;
      this[PATTERN] = patternOf(this.baseUrl, route);
    },
  });
}

/** Per route object (one per route definition) and mount path, its pattern: built once, not per request. */
const PATTERNS = new WeakMap<object, Map<string, string>>();

function patternOf(baseUrl: string, route: Request['route'] | undefined): string {
  if (!route || typeof route !== 'object') return joinPattern(baseUrl, route);
  let byBase = PATTERNS.get(route);
  if (!byBase) PATTERNS.set(route, (byBase = new Map()));
  let pattern = byBase.get(baseUrl);
  if (pattern === undefined) byBase.set(baseUrl, (pattern = joinPattern(baseUrl, route)));
  return pattern;
}

function joinPattern(baseUrl: string, route: Request['route'] | undefined): string {
  // A router's '/' under a mount path is the mount path itself: '/api/scan', not '/api/scan/'.
  const path = String(route?.path ?? '');
  return baseUrl && path === '/' ? baseUrl : `${baseUrl}${path}` || '/';
}

/**
 * Times every request of `app` and labels it with Express's matched route pattern
 * (`/api/jobs/:id`), never the raw URL, so the label set stays bounded; `unmatched` when no
 * route matched. One `hrtime` pair and one histogram observation per request.
 */
export function httpMetrics(app: Express): RequestHandler {
  rememberRoutePatterns(app);
  return (req, res, next) => {
    timeRequest(req, res, routeOf);
    next();
  };
}

/** The label of an Express request once it is answered: its route pattern, or `unmatched`. */
function routeOf(req: IncomingMessage): string {
  // A mounted sub-app (the queue dashboard) swaps the request's prototype: read its own route.
  const r = req as Patterned;
  return r[PATTERN] ?? (Object.hasOwn(req, 'route') && r.route ? patternOf(r.baseUrl, r.route) : UNMATCHED);
}

/**
 * Times one request from `start` (now by default) and observes it when its response finishes,
 * labelled with `routeOf(req)` as it is then. Used by the Express stack and by the feed's answer
 * before Express (feed-front.ts), which gives the time the request arrived and its route pattern.
 */
export function timeRequest(req: IncomingMessage, res: ServerResponse, routeOf: (req: IncomingMessage) => string, start = process.hrtime.bigint()): void {
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    httpRequestDuration.observe({ method: req.method ?? '', route: routeOf(req), status_code: String(res.statusCode) }, seconds);
  });
}

/** What a process reads at scrape time: its queues, and the feed's rendering in Redis. */
export interface MetricsSources {
  queues: CountableQueue[];
  redis: Redis;
  prefix: string;
}

export function metricsText(sources: MetricsSources): Promise<{ contentType: string; body: string }> {
  return scrapeMetrics({ queues: sources.queues, feedLastModified: () => readLastModified(sources.redis, sources.prefix) });
}

/** True when METRICS_TOKEN is unset or the request carries it as a Bearer token. */
export function metricsAuthorized(config: Config, authorization: string | undefined): boolean {
  const token = config.METRICS_TOKEN;
  return !token || safeEqual(authorization ?? '', `Bearer ${token}`);
}

/**
 * GET /metrics on METRICS_PORT, for a worker or clock process (a web process serves /metrics on
 * its API port). Bound to HOST like the API; METRICS_TOKEN applies the same way.
 */
export function serveMetrics(config: Config, log: Logger, sources: MetricsSources, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (!metricsAuthorized(config, req.headers.authorization)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    metricsText(sources).then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      (err) => {
        log.warn({ err: (err as Error).message }, 'metrics scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.HOST, () => {
      const addr = server.address();
      log.info({ port: typeof addr === 'object' && addr ? addr.port : port }, 'metrics listening');
      resolve(server);
    });
  });
}
