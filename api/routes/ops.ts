/** Liveness, readiness, metrics, the OpenAPI document and its docs page. */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { AppDeps } from '../context.js';
import { buildOpenApi } from '../openapi.js';
import { z } from '../schemas/common.js';
import { metricsText } from '../metrics.js';
import { safeEqual } from '../../shared/auth/credentials.js';
import { HttpError } from '../http-error.js';

const Health = z.object({ ok: z.boolean(), postgres: z.boolean().optional(), redis: z.boolean().optional() }).openapi('Health');

export function describeOpsRoutes(r: OpenAPIRegistry): void {
  r.registerPath({ method: 'get', path: '/healthz', summary: 'Liveness', tags: ['ops'],
    responses: { 200: { description: 'the process is up', content: { 'application/json': { schema: Health } } } } });
  r.registerPath({ method: 'get', path: '/readyz', summary: 'Readiness: Postgres and Redis reachable', tags: ['ops'],
    responses: {
      200: { description: 'ready', content: { 'application/json': { schema: Health } } },
      503: { description: 'a dependency is down', content: { 'application/json': { schema: Health } } },
    } });
}

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>agent-commerce API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
code,pre{background:#f4f4f4;padding:.1rem .3rem}h2{margin-top:2rem}.m{font-weight:bold;display:inline-block;width:4rem}</style>
</head><body><h1>agent-commerce API</h1><p>The machine-readable document is at <a href="/openapi.json">/openapi.json</a>
(OpenAPI 3.1.0). This page lists its operations.</p><div id="ops">Loading...</div>
<script>
fetch('/openapi.json').then(r => r.json()).then(doc => {
  const el = document.getElementById('ops'); el.textContent = '';
  for (const [path, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops)) {
    const p = document.createElement('p');
    const b = document.createElement('span'); b.className = 'm'; b.textContent = m.toUpperCase();
    const c = document.createElement('code'); c.textContent = path;
    p.append(b, c, document.createTextNode(' ' + (op.summary || '')));
    el.append(p);
  }
});
</script></body></html>`;

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
    res.status(postgres && redis ? 200 : 503).json({ ok: postgres && redis, postgres, redis });
  });
  router.get('/metrics', async (req, res) => {
    const token = deps.config.METRICS_TOKEN;
    if (token && !safeEqual(req.get('authorization') ?? '', `Bearer ${token}`)) {
      throw new HttpError('unauthorized', 'metrics need Authorization: Bearer <METRICS_TOKEN>', undefined, { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    const { contentType, body } = await metricsText();
    res.type(contentType).send(body);
  });
  router.get('/openapi.json', (_req, res) => {
    openapi ??= buildOpenApi(deps.config);
    res.json(openapi);
  });
  router.get('/docs', (_req, res) => {
    // The page's one inline script needs its own CSP; everything else stays locked down.
    res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'");
    res.type('html').send(DOCS_PAGE);
  });
  return router;
}
