/**
 * Hosting (PRODUCT.md section 9): the plans, the 7-day trial and an owner's deployments. Starting
 * a trial acts as an agent (Bearer + X-Signature); reading needs the owner's Bearer key only, and
 * anyone else gets a 404, so a deployment's existence is never told to a stranger.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request } from 'express';
import { NotFoundError } from '../../shared/errors.js';
import { createTrial, getDeployment, listOwnDeployments, toDeploymentJson } from '../../shared/hosting/deployments.js';
import { hostingPlans } from '../../shared/hosting/plans.js';
import { formatUsd } from '../../shared/gateway/orders.js';
import { enqueueProvisioning } from '../../queues/provisioning.js';
import type { AppDeps } from '../context.js';
import { HttpError } from '../http-error.js';
import { bearer, signature } from '../middleware/auth.js';
import { idempotency } from '../middleware/idempotency.js';
import { parse, parseBody } from '../middleware/validate.js';
import { DeployId, DeploymentEnvelope, DeploymentList, Plans, TrialRequest } from '../schemas/hosting.js';
import { errorResponse, jsonResponse, z } from '../schemas/common.js';
import { hostingPrices } from './gateway.js';

const Params = z.object({ deployId: DeployId });

export function describeHostingRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'get', path: '/api/plans', tags: ['hosting'], summary: 'Hosting plans with resources and monthly prices',
    description: 'With the default local driver (HOSTING_DRIVER=local) deployments are rendered as Kubernetes manifests into DEPLOY_DIR and nothing runs.',
    responses: { 200: jsonResponse(Plans, 'the plans') },
  });
  r.registerPath({
    method: 'post', path: '/api/trial', tags: ['hosting'], summary: 'Start the 7-day free trial (one per agent)',
    security: [{ BearerAuth: [], HMACSignature: [] }],
    request: { body: { content: { 'application/json': { schema: TrialRequest } } } },
    responses: {
      201: jsonResponse(DeploymentEnvelope, 'provisioning; poll the Location'), 400: errorResponse('invalid body'),
      401: errorResponse('bad key or signature'), 403: errorResponse('agent not active'), 409: errorResponse('this agent already has its trial'),
    },
  });
  r.registerPath({
    method: 'get', path: '/api/deployments', tags: ['hosting'], summary: "The caller's own deployments", security: [{ BearerAuth: [] }],
    responses: { 200: jsonResponse(DeploymentList, 'newest first'), 401: errorResponse('no key') },
  });
  r.registerPath({
    method: 'get', path: '/api/deployments/{deployId}', tags: ['hosting'], summary: 'One deployment (its owner only; anyone else gets 404)',
    security: [{ BearerAuth: [] }], request: { params: Params },
    responses: { 200: jsonResponse(DeploymentEnvelope, 'the deployment'), 401: errorResponse('no key'), 404: errorResponse('no such deployment of yours') },
  });
}

function ownerId(req: Request): string {
  const p = req.principal;
  if (p?.kind !== 'agent') throw new HttpError('forbidden', 'deployments belong to agents; use an agent key');
  return p.agent.id;
}

export function hostingRoutes(deps: AppDeps): Router {
  const router = Router();
  const prices = hostingPrices(deps.config);

  router.get('/plans', (_req, res) => {
    const plans = hostingPlans(prices).map((p) => ({ name: p.name, resources: p.resources, price: formatUsd(p.price_cents), currency: 'USD', period: p.period }));
    res.json({ success: true, count: plans.length, plans, driver: deps.hostingDriverKind });
  });

  router.post('/trial', bearer(deps), signature(deps), idempotency(deps), async (req, res) => {
    const body = parseBody(TrialRequest, req);
    const row = await createTrial(deps.db, ownerId(req), body, deps.config.SIGNING_MASTER_KEY);
    await enqueueProvisioning(deps.queues.provisioning, row.deploy_id, row.updated_at).catch((err) => {
      deps.log.warn({ err: (err as Error).message, deployId: row.deploy_id }, 'could not enqueue provisioning; leaving it to the reconciler');
    });
    res.status(201).setHeader('Location', `/api/deployments/${row.deploy_id}`);
    res.json({ success: true, deployment: toDeploymentJson(row) });
  });

  router.get('/deployments', bearer(deps), async (req, res) => {
    const rows = await listOwnDeployments(deps.db, ownerId(req));
    res.json({ success: true, count: rows.length, deployments: rows.map(toDeploymentJson) });
  });

  router.get('/deployments/:deployId', bearer(deps), async (req, res) => {
    const { deployId } = parse(Params, req.params, 'path');
    const row = await getDeployment(deps.db, deployId);
    if (!row || row.owner_agent_id !== ownerId(req)) throw new NotFoundError('deployment');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, deployment: toDeploymentJson(row) });
  });

  return router;
}
