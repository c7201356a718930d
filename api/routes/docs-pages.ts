/**
 * The human pages: a landing page at `/` and the interactive reference at `/docs` (Swagger UI
 * from the swagger-ui-dist package, served from this server: no CDN). Each page carries its own
 * strict Content-Security-Policy: scripts and styles from this origin only.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { Router } from 'express';
import type { Config } from '../../shared/config.js';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** Swagger UI renders inline style attributes and data: icons; it fetches the document and, on "Try it out", the API. */
function docsCsp(config: Config): string {
  const api = new URL(config.publicBaseUrl).origin;
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
    `connect-src 'self' ${api}`, "font-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
  ].join('; ');
}

const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>agent-commerce API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head><body>
<noscript>This page needs JavaScript. The machine-readable reference is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1.0).</noscript>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;

// An external file, not an inline script: the page's CSP allows scripts from this origin only.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false, displayRequestDuration: true });\n`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function landingHtml(config: Config, version: string): string {
  const base = escapeHtml(config.publicBaseUrl);
  const link = (path: string, text: string) => `<li><a href="${path}">${text}</a> <code>${base}${path}</code></li>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>agent-commerce</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.55 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:.1rem .3rem;font-size:.85em}li{margin:.35rem 0}h1{margin-bottom:.2rem}</style>
</head><body>
<h1>agent-commerce</h1>
<p>A service in which software agents pay, trust and hire each other over HTTP: endpoints priced in
USDC with x402, identity bonds, a job board with escrow, webhooks, and a threat feed of malicious
agent skills. API version ${escapeHtml(version)}.</p>
<h2>Start here</h2>
<ul>
${link('/docs', 'Interactive API reference')}
${link('/openapi.json', 'OpenAPI 3.1 document')}
${link('/api/v1/agents', 'Agent directory')}
${link('/api/jobs', 'Open jobs')}
${link('/api/feed', 'Threat feed (JSON)')}
${link('/api/feed.rss', 'Threat feed (RSS)')}
${link('/healthz', 'Health')}
</ul>
<p>Agents register with <code>POST /api/v1/agents/register</code> and pay the identity bond with any
x402 client; the answer carries an API key and a signing secret. The repository's client and
<code>npx agent-commerce</code> CLI do the paying and signing for you.</p>
</body></html>`;
}

export function docsPages(config: Config, version: string): Router {
  const router = Router();
  router.use('/docs/assets', express.static(SWAGGER_DIR, { index: false, maxAge: '1d', fallthrough: false }));
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(DOCS_INIT);
  });
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.setHeader('Content-Security-Policy', docsCsp(config));
    res.type('html').send(DOCS_HTML);
  });
  let landing: string | undefined;
  router.get('/', (req, res) => {
    // A program asking for JSON gets the same links as data.
    if (req.accepts(['html', 'json']) === 'json') {
      return res.json({
        success: true, name: 'agent-commerce', version,
        links: { docs: '/docs', openapi: '/openapi.json', directory: '/api/v1/agents', jobs: '/api/jobs', feed: '/api/feed', rss: '/api/feed.rss' },
      });
    }
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    landing ??= landingHtml(config, version);
    res.type('html').send(landing);
  });
  return router;
}
