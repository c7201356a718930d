/** Liveness, readiness, metrics, the OpenAPI document and its docs page. */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { AppDeps } from '../context.js';
import { API_VERSION, buildOpenApi } from '../openapi.js';
import { docsPages } from './docs-pages.js';
import { errorResponse, z } from '../schemas/common.js';
import { metricsAuthorized, metricsText } from '../metrics.js';
import { HttpError } from '../http-error.js';
import type { CountableQueue } from '../../shared/metrics.js';

const Health = z.object({
  ok: z.boolean(), postgres: z.boolean().optional(), redis: z.boolean().optional(),
  facilitator: z.boolean().optional().describe('false while the x402 facilitator refuses our credentials (401/403)'),
  facilitator_reason: z.string().optional(),
}).openapi('Health');

export function describeOpsRoutes(r: OpenAPIRegistry): void {
  r.registerPath({ method: 'get', path: '/healthz', summary: 'Liveness', tags: ['ops'],
    responses: { 200: { description: 'the process is up', content: { 'application/json': { schema: Health } } } } });
  r.registerPath({ method: 'get', path: '/readyz', summary: 'Readiness: Postgres and Redis reachable, the x402 facilitator accepting our credentials', tags: ['ops'],
    responses: {
      200: { description: 'ready', content: { 'application/json': { schema: Health } } },
      503: { description: 'a dependency is down', content: { 'application/json': { schema: Health } } },
    } });
  const text = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' as const } } } });
  r.registerPath({ method: 'get', path: '/metrics', summary: 'Prometheus metrics (Bearer METRICS_TOKEN when that is set)', tags: ['ops'],
    security: [{ BearerAuth: [] }, {}],
    responses: { 200: text('text/plain', 'Prometheus text format'), 401: errorResponse('METRICS_TOKEN is set and was not given') } });
  r.registerPath({ method: 'get', path: '/openapi.json', summary: 'This document', tags: ['ops'],
    responses: { 200: { description: 'OpenAPI 3.1.0', content: { 'application/json': { schema: { type: 'object' as const } } } } } });
  r.registerPath({ method: 'get', path: '/docs', summary: 'The interactive API reference (Swagger UI)', tags: ['ops'],
    responses: { 200: text('text/html', 'an HTML page') } });
  r.registerPath({ method: 'get', path: '/', summary: 'The landing page (HTML, or its links as JSON)', tags: ['ops'],
    responses: { 200: text('text/html', 'an HTML page; JSON links with Accept: application/json') } });
}


/** The queues this process has, once each (queue events are not queues). */
export function appQueues(deps: AppDeps): CountableQueue[] {
  const { settlement, scans, feed, webhooks, provisioning, maintenance } = deps.queues;
  return [settlement, scans, feed, webhooks, provisioning, ...(maintenance ? [maintenance] : [])];
}

export function opsRoutes(deps: AppDeps): Router {
  const router = Router();
  let openapi: unknown;
  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    const timeout = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000))]);
    const [postgres, redis] = await Promise.all([
      timeout(deps.db.query('SELECT 1')).then(() => true, () => false),
      timeout(deps.redis.ping()).then(() => true, () => false),
    ]);
    // A facilitator that refuses our credentials is a configuration error: not ready, with the reason.
    // Only a remote facilitator reports health; the embedded one is always ready.
    const fac = deps.facilitator.health?.();
    const ok = postgres && redis && (fac?.ready ?? true);
    res.status(ok ? 200 : 503).json({
      ok, postgres, redis,
      ...(fac ? { facilitator: fac.ready } : {}),
      ...(fac?.reason ? { facilitator_reason: fac.reason } : {}),
    });
  });
  router.get('/metrics', async (req, res) => {
    if (!metricsAuthorized(deps.config, req.get('authorization'))) {
      throw new HttpError('unauthorized', 'metrics need Authorization: Bearer <METRICS_TOKEN>', undefined, { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    const { contentType, body } = await metricsText({ queues: appQueues(deps), redis: deps.redis, prefix: deps.config.QUEUE_PREFIX });
    res.type(contentType).send(body);
  });
  router.get('/openapi.json', (_req, res) => {
    openapi ??= buildOpenApi(deps.config);
    res.json(openapi);
  });
  router.use(docsPages(deps.config, API_VERSION));
  return router;
}
