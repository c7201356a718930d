/**
 * What an agent hears: its events (for agents that poll), a redelivery of one to its webhook,
 * and its webhook_url. Reading needs the agent's own key; acting (redeliver, a new URL) is signed.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request } from 'express';
import { findAgent, setWebhookUrl } from '../../shared/agents/queries.js';
import type { AgentRow } from '../../shared/agents/types.js';
import { toAgentJson } from '../../shared/agents/types.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors.js';
import {
  findAgentEvent, listAgentEvents, parseEventId, resetDelivery, toAgentEventJson, webhookUrlProblem,
} from '../../shared/webhooks/index.js';
import { redeliverWebhook, webhookRetry } from '../../queues/webhooks.js';
import { HttpError } from '../http-error.js';
import type { AppDeps } from '../context.js';
import { bearer, signature } from '../middleware/auth.js';
import { parse, parseBody, parseQuery } from '../middleware/validate.js';
import { errorResponse, jsonResponse, z } from '../schemas/common.js';
import { AgentWebhook, EventId, EventList, EventsQuery, Redelivery, WebhookPatch } from '../schemas/events.js';

const AgentParam = z.object({ id: z.string().min(1).max(64) });
const EventParams = AgentParam.extend({ eventId: EventId });

const own = { 401: errorResponse('no key'), 403: errorResponse("another agent's"), 404: errorResponse('no such agent') };

export function describeAgentEventRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'get', path: '/api/v1/agents/{id}/events', tags: ['events'], operationId: 'listAgentEvents',
    summary: "The agent's events, newest first, with each one's webhook delivery (its own key only)",
    security: [{ BearerAuth: [] }], request: { params: AgentParam, query: EventsQuery },
    responses: { 200: jsonResponse(EventList, 'newest first; next_cursor continues'), 400: errorResponse('bad filter or cursor'), ...own },
  });
  r.registerPath({
    method: 'post', path: '/api/v1/agents/{id}/events/{eventId}/redeliver', tags: ['events'], operationId: 'redeliverAgentEvent',
    summary: 'Send one event to the webhook again, with a fresh set of attempts',
    security: [{ BearerAuth: [], HMACSignature: [] }], request: { params: EventParams },
    responses: { 202: jsonResponse(Redelivery, 'queued'), 409: errorResponse('the agent has no webhook_url'), ...own },
  });
  r.registerPath({
    method: 'patch', path: '/api/v1/agents/{id}/webhook', tags: ['events'], operationId: 'setAgentWebhook',
    summary: "Set or clear the agent's own webhook_url",
    security: [{ BearerAuth: [], HMACSignature: [] }],
    request: { params: AgentParam, body: { content: { 'application/json': { schema: WebhookPatch } } } },
    responses: { 200: jsonResponse(AgentWebhook, 'updated'), 400: errorResponse('bad URL'), ...own },
  });
}

/** The agent named in the path, which must be the caller (or the caller is the admin). */
async function ownAgent(deps: AppDeps, req: Request): Promise<AgentRow> {
  const { id } = parse(AgentParam, req.params, 'path');
  const agent = await findAgent(deps.db, id);
  if (!agent) throw new NotFoundError('agent');
  const p = req.principal!;
  if (p.kind !== 'admin' && !(p.kind === 'agent' && p.agent.id === agent.id)) {
    throw new HttpError('forbidden', "an agent can see and change only its own events and webhook");
  }
  return agent;
}

/** Event cursors: the last event id of the page, opaque to clients. */
const encodeEventCursor = (id: bigint | string) => Buffer.from(`e:${id}`, 'utf8').toString('base64url');
function decodeEventCursor(cursor: string): string {
  const m = /^e:([1-9]\d{0,17})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new InvalidInputError('cursor is not one this service issued', [{ path: 'cursor', message: 'invalid cursor' }]);
  return m[1];
}

export function agentEventRoutes(deps: AppDeps): Router {
  const router = Router();
  const retry = webhookRetry(deps.config);
  const production = deps.config.NODE_ENV === 'production';

  router.get('/:id/events', bearer(deps), async (req, res) => {
    const agent = await ownAgent(deps, req);
    const query = parseQuery(EventsQuery, req);
    const rows = await listAgentEvents(deps.db, agent.id, {
      limit: query.limit + 1, type: query.type, beforeId: query.cursor ? decodeEventCursor(query.cursor) : undefined,
    });
    const items = rows.slice(0, query.limit);
    const next = rows.length > query.limit ? encodeEventCursor(items[items.length - 1].id) : null;
    res.json({ success: true, count: items.length, events: items.map(toAgentEventJson), next_cursor: next });
  });

  router.post('/:id/events/:eventId/redeliver', bearer(deps), signature(deps), async (req, res) => {
    const agent = await ownAgent(deps, req);
    const { eventId } = parse(EventParams, req.params, 'path');
    const id = parseEventId(eventId)!;
    const event = await findAgentEvent(deps.db, id, agent.id);
    if (!event) throw new NotFoundError('event');
    if (!agent.webhook_url) throw new ConflictError('the agent has no webhook_url; set one with PATCH /api/v1/agents/{id}/webhook');
    const delivery = await resetDelivery(deps.db, { eventId: id, agentId: agent.id });
    const redelivery = await redeliverWebhook(deps.queues.webhooks, retry, { eventId: id, agentId: agent.id });
    res.status(202).json({ success: true, event: toAgentEventJson({ ...event, delivery: delivery ?? null }), redelivery });
  });

  router.patch('/:id/webhook', bearer(deps), signature(deps), async (req, res) => {
    const agent = await ownAgent(deps, req);
    const { webhook_url } = parseBody(WebhookPatch, req);
    const problem = webhook_url === null ? undefined : webhookUrlProblem(webhook_url, { production });
    if (problem) throw new HttpError('invalid_request', `webhook_url: ${problem}`, [{ path: 'webhook_url', message: problem }]);
    const updated = await setWebhookUrl(deps.db, agent.id, webhook_url);
    if (!updated) throw new NotFoundError('agent');
    deps.log.info({ agentId: agent.id, webhook: webhook_url ? new URL(webhook_url).origin : null }, 'agent webhook set');
    res.json({ success: true, agent: { ...toAgentJson(updated), status: updated.status }, webhook_url: updated.webhook_url });
  });

  return router;
}
