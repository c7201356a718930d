/**
 * The trust layer's agent routes: registration paid by x402 (the identity bond), the public
 * directory, one agent, and the admin's verified/featured flags.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { directoryVersion, findAgent, handleTaken, listDirectory, setAgentFlags } from '../../shared/agents/queries.js';
import { HandleTakenError, registerAgent } from '../../shared/agents/register.js';
import { toAgentJson, type AgentRow } from '../../shared/agents/types.js';
import { decodeCursor, pageOf } from '../../shared/cursor.js';
import { NotFoundError } from '../../shared/errors.js';
import { HttpError } from '../http-error.js';
import { freshReads } from '../fresh-read.js';
import { createShortCache } from '../short-cache.js';
import { webhookUrlProblem } from '../../shared/webhooks/address-guard.js';
import { AccountIds, formatAmount, getAccount, balanceFromAccount, parseAmount } from '../../shared/ledger/index.js';
import type { AppDeps } from '../context.js';
import { bearer, requireAdmin } from '../middleware/auth.js';
import { idempotency } from '../middleware/idempotency.js';
import { parse, parseBody, parseQuery } from '../middleware/validate.js';
import { paidRoute } from '../paid.js';
import {
  AgentBalance, AgentFlagsPatch, AgentWithStatus, Directory, DirectoryQuery, Registration, RegisterAgentRequest,
} from '../schemas/agents.js';
import { errorResponse, jsonResponse, paymentRequiredResponse, z } from '../schemas/common.js';

const IdOrHandle = z.object({ idOrHandle: z.string().min(1).max(64) });
/** Directory pages (searches, filters, cursors) a web process keeps. */
const SEARCH_PAGES_KEPT = 256;
/**
 * The largest page kept, in bytes: a page of 100 agents with long descriptions and twenty services
 * each runs to megabytes, and is served but not held. A usual page of 20 agents is about 20 KB, so
 * the pages kept stay under 256 x 128 KB = 32 MB.
 */
const KEPT_PAGE_BYTES = 128 * 1024;
const keepable = (page: { body: Buffer }): boolean => page.body.length <= KEPT_PAGE_BYTES;

export function describeAgentRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'post', path: '/api/v1/agents/register', tags: ['agents'],
    summary: 'Register an agent; the identity bond is paid by x402',
    request: { body: { content: { 'application/json': { schema: RegisterAgentRequest } } } },
    responses: {
      201: jsonResponse(Registration, 'registered and bond settled; credentials are shown only here'),
      202: jsonResponse(Registration, 'registered; the bond is still settling (poll Location)'),
      400: errorResponse('invalid body'), 402: paymentRequiredResponse, 409: errorResponse('handle taken'),
    },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/agents', tags: ['agents'], summary: 'The directory of active agents',
    description: '`q` matches part of the handle, name or description (any case); `service` part of a service name; every filter given applies. '
      + 'The first page without filters may be up to DIRECTORY_CACHE_MS (default 1 s) old; searches, filtered pages and pages by cursor are always current.',
    request: { query: DirectoryQuery },
    responses: { 200: jsonResponse(Directory, 'newest first'), 400: errorResponse('bad filter or cursor') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/agents/{idOrHandle}', tags: ['agents'], summary: 'One agent, with its status',
    request: { params: IdOrHandle },
    responses: { 200: jsonResponse(z.object({ success: z.literal(true), agent: AgentWithStatus }), 'the agent'), 404: errorResponse('no such agent') },
  });
  r.registerPath({
    method: 'get', path: '/api/v1/agents/{idOrHandle}/balance', tags: ['agents'],
    summary: "The agent's balance (its own key only). Withdrawal is not offered yet.",
    security: [{ BearerAuth: [] }], request: { params: IdOrHandle },
    responses: { 200: jsonResponse(AgentBalance, 'balances'), 401: errorResponse('no key'), 403: errorResponse('another agent') },
  });
  r.registerPath({
    method: 'patch', path: '/api/v1/agents/{idOrHandle}', tags: ['agents'], summary: 'Set verified or featured (admin)',
    security: [{ BearerAuth: [] }],
    request: { params: IdOrHandle, body: { content: { 'application/json': { schema: AgentFlagsPatch } } } },
    responses: { 200: jsonResponse(z.object({ success: z.literal(true), agent: AgentWithStatus }), 'updated'), 403: errorResponse('not the admin') },
  });
}

const withStatus = (row: AgentRow) => ({ ...toAgentJson(row), status: row.status });

export function agentRoutes(deps: AppDeps): Router {
  const router = Router();
  const bond = parseAmount(deps.config.IDENTITY_BOND_USDC, 'USDC');

  router.post('/register', idempotency(deps), async (req, res) => {
    const body = parseBody(RegisterAgentRequest, req);
    const webhookProblem = body.webhook_url && webhookUrlProblem(body.webhook_url, { production: deps.config.NODE_ENV === 'production' });
    if (webhookProblem) throw new HttpError('invalid_request', `webhook_url: ${webhookProblem}`, [{ path: 'webhook_url', message: webhookProblem }]);
    // A taken handle is refused before anyone is asked to pay for it.
    if (await handleTaken(deps.db, body.handle)) throw new HandleTakenError(body.handle);
    await paidRoute(deps, req, res, {
      price: { amount: bond, description: `Identity bond for agent "${body.handle}"` },
      record: (paid) => registerAgent(deps.db, body, paid, deps.config.SIGNING_MASTER_KEY),
      location: (reg) => `/api/v1/agents/${reg.agent.id}`,
      body: async (reg, payment) => {
        const agent = (await findAgent(deps.db, reg.agent.id)) ?? reg.agent;
        const status = payment.status === 'settled' ? 'held' : payment.status === 'failed' ? 'failed' : 'pending';
        return {
          agent: withStatus(agent),
          bond: { amount: formatAmount(bond, 'USDC'), currency: 'USDC', status, payment_id: payment.id },
          credentials: reg.credentials,
        };
      },
    });
  });

  /** One page of the directory as the exact bytes served (no bigint in an Agent: no replacer needed). */
  const directoryPage = async (query: z.infer<typeof DirectoryQuery>): Promise<Buffer> => {
    const rows = await listDirectory(deps.db, {
      q: query.q, tag: query.tag, service: query.service, verified: query.verified, featured: query.featured,
      limit: query.limit,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const page = pageOf(rows, query.limit);
    return Buffer.from(JSON.stringify({ success: true, count: page.items.length, agents: page.items.map(toAgentJson), next_cursor: page.next_cursor }));
  };
  // The first page without filters is what most readers ask for: kept DIRECTORY_CACHE_MS.
  const firstPages = createShortCache<{ body: Buffer; etag: string }>(deps.config.DIRECTORY_CACHE_MS, 200, keepable);
  // Every other page is kept under the directory's version (migration 0020) it was read at, and
  // served again only while the version reads the same: a repeated search costs one primary-key
  // read, and no page older than the table is served. Pages of older versions are never asked
  // for again and leave as newer ones come in.
  const pages = createShortCache<{ body: Buffer; etag: string }>(Number.POSITIVE_INFINITY, SEARCH_PAGES_KEPT, keepable);
  // The version is read after the request arrived, as before; requests that arrive while a read
  // is under way share the next one, so a burst of searches costs one query at a time.
  const version = freshReads(() => directoryVersion(deps.db));

  router.get('/', async (req, res) => {
    const query = parseQuery(DirectoryQuery, req);
    const unfiltered = query.cursor === undefined && query.q === undefined && query.tag === undefined && query.service === undefined
      && query.verified === undefined && query.featured === undefined;
    const etagOf = req.app.get('etag fn') as ((body: Buffer, encoding: string) => string) | undefined;
    const make = async () => {
      const body = await directoryPage(query);
      return { body, etag: etagOf?.(body, 'utf8') ?? '' };
    };
    const page = unfiltered && deps.config.DIRECTORY_CACHE_MS > 0
      ? await firstPages.get(String(query.limit), make)
      : await pages.get(`${await version()}\u0000${JSON.stringify(query)}`, make);
    res.type('json');
    // The same ETag Express would compute, without hashing the page again on every read.
    if (page.etag) res.setHeader('ETag', page.etag);
    res.send(page.body);
  });

  router.get('/:idOrHandle', async (req, res) => {
    const { idOrHandle } = parse(IdOrHandle, req.params, 'path');
    const agent = await findAgent(deps.db, idOrHandle);
    if (!agent) throw new NotFoundError('agent');
    res.json({ success: true, agent: withStatus(agent) });
  });

  router.get('/:idOrHandle/balance', bearer(deps), async (req, res) => {
    const { idOrHandle } = parse(IdOrHandle, req.params, 'path');
    const agent = await findAgent(deps.db, idOrHandle);
    if (!agent) throw new NotFoundError('agent');
    const p = req.principal!;
    if (p.kind !== 'admin' && !(p.kind === 'agent' && p.agent.id === agent.id)) {
      throw new HttpError('forbidden', "an agent can read only its own balance");
    }
    const money = async (id: string) => {
      const account = await getAccount(deps.db, id);
      const b = account ? balanceFromAccount(account) : { available: 0n, pendingIn: 0n };
      return { available: formatAmount(b.available, 'USDC'), pending_in: formatAmount(b.pendingIn, 'USDC'), currency: 'USDC' as const };
    };
    res.json({
      success: true,
      balance: { agent_id: agent.id, available: await money(AccountIds.agentAvailable(agent.id)), bond: await money(AccountIds.bond(agent.id)) },
    });
  });

  router.patch('/:idOrHandle', requireAdmin(deps), async (req, res) => {
    const { idOrHandle } = parse(IdOrHandle, req.params, 'path');
    const flags = parseBody(AgentFlagsPatch, req);
    const found = await findAgent(deps.db, idOrHandle);
    const agent = found && (await setAgentFlags(deps.db, found.id, flags));
    if (!agent) throw new NotFoundError('agent');
    res.json({ success: true, agent: withStatus(agent) });
  });

  return router;
}
