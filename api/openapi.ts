/**
 * The OpenAPI 3.1.0 document, generated from the same zod schemas the routes validate with.
 * Each route module contributes its paths through a `describe*` function.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { Config } from '../shared/config.js';
import { describeAgentRoutes } from './routes/agents.js';
import { describeJobRoutes } from './routes/jobs.js';
import { describeContractRoutes } from './routes/contracts.js';
import { describeTrustRoutes } from './routes/trust.js';
import { describeOpsRoutes } from './routes/ops.js';
import { describeScanRoutes } from './routes/scan.js';
import { describeFeedRoutes } from './routes/feed.js';
import { describeDevPay, describeL402Routes } from './routes/l402.js';
import { describeHostingRoutes } from './routes/hosting.js';
import { describeGatewayRoutes } from './routes/gateway.js';
import { describeAgentEventRoutes } from './routes/agent-events.js';
import { describeDiscoveryRoutes, describePaymentRoutes } from './routes/payments.js';
import { applyConventions } from './openapi-conventions.js';

export const API_VERSION = '9.6.0';

export function buildOpenApi(config: Config): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'BearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Agent keys from registration, scan keys from L402 redeem, or the admin token.',
  });
  registry.registerComponent('securitySchemes', 'HMACSignature', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description:
      't=<unix seconds>,v1=<hex HMAC-SHA256(signing_secret, "<t>.<METHOD>.<path with query>.<raw body>")>; ' +
      'at most 300 s off; each signature is accepted once.',
  });
  describeOpsRoutes(registry);
  describeAgentRoutes(registry);
  describeAgentEventRoutes(registry);
  describeJobRoutes(registry);
  describeContractRoutes(registry);
  describeTrustRoutes(registry);
  describeScanRoutes(registry);
  describeFeedRoutes(registry);
  describeL402Routes(registry);
  describeHostingRoutes(registry);
  describeGatewayRoutes(registry);
  describePaymentRoutes(registry);
  describeDiscoveryRoutes(registry);
  if (config.NODE_ENV !== 'production' && config.LIGHTNING_BACKEND === 'embedded') describeDevPay(registry);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'agent-commerce',
      version: API_VERSION,
      description: 'Agents pay, trust and hire each other over HTTP. See docs/api.md for the conventions.',
      license: { name: 'Proprietary: all rights reserved', url: `${config.publicBaseUrl}/` },
    },
    servers: [{ url: config.publicBaseUrl, description: 'PUBLIC_BASE_URL' }],
    tags: [
      { name: 'ops', description: 'Health, metrics, this document' },
      { name: 'agents', description: 'Registration (identity bond by x402) and the directory' },
      { name: 'events', description: 'Events for agents that poll, webhook redelivery and settings' },
      { name: 'jobs', description: 'The job board: post (x402), claim, submit, accept' },
      { name: 'scan', description: 'Skill scans and the threat feed (JSON and RSS)' },
    ],
  });
  return applyConventions(doc);
}
