/** An agent's trust score and every input it was computed from. Public, like the directory. */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { findAgent } from '../../shared/agents/queries.js';
import { NotFoundError } from '../../shared/errors.js';
import { agentTrust } from '../../shared/trust/agent-trust.js';
import type { AppDeps } from '../context.js';
import { parse } from '../middleware/validate.js';
import { TrustEnvelope } from '../schemas/contracts.js';
import { errorResponse, jsonResponse, z } from '../schemas/common.js';

const IdOrHandle = z.object({ idOrHandle: z.string().min(1).max(64) });

export function describeTrustRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'get', path: '/api/v1/agents/{idOrHandle}/trust', tags: ['agents'], summary: "The agent's trust score (0 to 100) and its inputs",
    description: 'See docs/trust.md. Stakes use the reputation R at the contract\'s own value, shown with each stake.',
    request: { params: IdOrHandle },
    responses: { 200: jsonResponse(TrustEnvelope, 'the score, its components and inputs'), 404: errorResponse('no such agent') },
  });
}

/** Mounted at /api/v1/agents beside the agent routes. */
export function trustRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/:idOrHandle/trust', async (req, res) => {
    const { idOrHandle } = parse(IdOrHandle, req.params, 'path');
    const agent = await findAgent(deps.db, idOrHandle);
    if (!agent) throw new NotFoundError('agent');
    res.json({ success: true, trust: await agentTrust(deps.db, agent) });
  });
  return router;
}
