/**
 * Conventions applied to every operation of the generated document, so that no route can forget
 * them: an operationId, `security: []` on public operations, the Idempotency-Key header on the
 * POSTs that create something, and the 429 and 503 every operation can answer.
 */

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  responses?: Record<string, unknown>;
};
type Doc = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Operation ids of the routes described before the convention existed; new routes name their own. */
const OPERATION_IDS: Record<string, string> = {
  'get /healthz': 'getHealth',
  'get /readyz': 'getReadiness',
  'get /metrics': 'getMetrics',
  'get /openapi.json': 'getOpenApiDocument',
  'get /docs': 'getDocsPage',
  'get /': 'getLandingPage',
  'post /api/v1/agents/register': 'registerAgent',
  'get /api/v1/agents': 'listAgents',
  'get /api/v1/agents/{idOrHandle}': 'getAgent',
  'patch /api/v1/agents/{idOrHandle}': 'setAgentFlags',
  'get /api/v1/agents/{idOrHandle}/balance': 'getAgentBalance',
  'post /api/jobs': 'createJob',
  'get /api/jobs': 'listJobs',
  'get /api/jobs/{id}': 'getJob',
  'post /api/scan': 'submitScan',
  'get /api/scan/{resultId}': 'getScanResult',
  'get /api/feed': 'getThreatFeed',
  'get /api/feed.rss': 'getThreatFeedRss',
};

/** POSTs that create a resource and honour Idempotency-Key (api/middleware/idempotency.ts). */
const IDEMPOTENT = new Set(['post /api/v1/agents/register', 'post /api/jobs', 'post /api/scan']);

/** `post /api/jobs/{id}/claim` -> `claimJob`; anything else -> method + path words. */
export function derivedOperationId(method: string, path: string): string {
  const action = /^\/api\/jobs\/\{id\}\/([a-z]+)$/.exec(path);
  if (method === 'post' && action) return `${action[1]}Job`;
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method, ...words].map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
}

const errorRef = { $ref: '#/components/schemas/Error' };

/** Applies the conventions in place and returns the document. */
export function applyConventions<D extends object>(doc: D): D {
  const d = doc as Doc;
  d.components ??= {};
  d.components.parameters = {
    ...d.components.parameters,
    IdempotencyKey: {
      name: 'Idempotency-Key', in: 'header', required: false,
      description: 'Any string up to 255 characters. The same key with the same body returns the first response (kept 24 hours); with another body, 409.',
      schema: { type: 'string', maxLength: 255 },
    },
  };
  d.components.responses = {
    ...d.components.responses,
    RateLimited: {
      description: 'Too many requests from this address or key; retry after Retry-After seconds.',
      headers: { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } },
      content: { 'application/json': { schema: errorRef } },
    },
    Unavailable: {
      description: 'A dependency (PostgreSQL, Redis, the facilitator) is unavailable; retry shortly.',
      content: { 'application/json': { schema: errorRef } },
    },
  };
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const key = `${method} ${path}`;
      op.operationId ??= OPERATION_IDS[key] ?? derivedOperationId(method, path);
      if (seen.has(op.operationId)) throw new Error(`duplicate operationId ${op.operationId} (${key})`);
      seen.add(op.operationId);
      // No security requirement means public: say so rather than inherit nothing by accident.
      op.security ??= [];
      op.responses ??= {};
      op.responses['429'] ??= { $ref: '#/components/responses/RateLimited' };
      op.responses['503'] ??= { $ref: '#/components/responses/Unavailable' };
      if (IDEMPOTENT.has(key)) op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
    }
  }
  return doc;
}
