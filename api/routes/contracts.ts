/**
 * Contracts between agents: the proposal paid by x402 (value + the client's stake), the
 * provider's acceptance paid by x402 (its stake), the transitions, the list and one contract.
 * Agents act with Bearer + X-Signature; the admin resolves disputes.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type Response } from 'express';
import { findAgent } from '../../shared/agents/queries.js';
import type { AgentRow } from '../../shared/agents/types.js';
import { decodeCursor, pageOf } from '../../shared/cursor.js';
import { NotFoundError } from '../../shared/errors.js';
import { formatAmount, parseAmount } from '../../shared/ledger/index.js';
import { proposeContract, quoteContract, type ContractQuote } from '../../shared/contracts/create.js';
import { quoteAcceptance, recordAcceptance } from '../../shared/contracts/accept.js';
import {
  cancelContract, completeContract, declineContract, deliverContract, disputeContract, resolveContract, type ContractActor,
} from '../../shared/contracts/lifecycle.js';
import { contractHistory, getContract, listContracts } from '../../shared/contracts/queries.js';
import type { PartyStake } from '../../shared/contracts/stakes.js';
import { toContractJson, type ContractRow } from '../../shared/contracts/types.js';
import { HttpError } from '../http-error.js';
import type { AppDeps } from '../context.js';
import { bearer, requireAdmin, signature } from '../middleware/auth.js';
import { idempotency } from '../middleware/idempotency.js';
import { parse, parseBody, parseQuery } from '../middleware/validate.js';
import { paidRoute } from '../paid.js';
import {
  ContractEnvelope, ContractList, ContractListQuery, CreateContractRequest, DeliverContractRequest, DisputeContractRequest, ResolveContractRequest,
} from '../schemas/contracts.js';
import { describeTransitions, errorResponse, jsonResponse, paymentRequiredResponse, z, type TransitionDoc } from '../schemas/common.js';

const ContractId = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'a 24-character hex contract id') });
const BASE = '/api/v1/contracts';

export function describeContractRoutes(r: OpenAPIRegistry): void {
  const agentAuth = [{ BearerAuth: [], HMACSignature: [] }];
  const paid = (summary: string, description: string, body?: z.ZodType) => ({
    tags: ['contracts'], summary, description, security: agentAuth,
    ...(body ? { request: { body: { content: { 'application/json': { schema: body } } } } } : {}),
    responses: {
      201: jsonResponse(ContractEnvelope, 'paid and settled'), 202: jsonResponse(ContractEnvelope, 'paid; settlement pending (poll Location)'),
      400: errorResponse('invalid body, or over MAX_PAYMENT_USDC'), 401: errorResponse('bad key or signature'),
      402: paymentRequiredResponse, 403: errorResponse('not a party allowed to do this'),
      409: errorResponse('illegal in the current state, or over the exposure cap (details give the figures)'),
    },
  });
  r.registerPath({
    method: 'post', path: BASE, ...paid('Propose a contract, paid by x402 (value + the client\'s stake)',
      'The 402 and the answer carry both parties\' stakes with their formula and inputs (docs/trust.md).', CreateContractRequest),
  });
  r.registerPath({
    method: 'post', path: `${BASE}/{id}/accept`, request: { params: ContractId },
    ...paid('Accept a proposal, paid by x402 (the provider\'s stake)', 'The stake is priced when asked; the 402 carries it under quote.'),
  });
  r.registerPath({
    method: 'get', path: BASE, tags: ['contracts'], summary: 'List contracts, newest first', request: { query: ContractListQuery },
    responses: { 200: jsonResponse(ContractList, 'a page of contracts'), 400: errorResponse('bad filter or cursor') },
  });
  r.registerPath({
    method: 'get', path: `${BASE}/{id}`, tags: ['contracts'], summary: 'One contract, with its stakes and history', request: { params: ContractId },
    responses: { 200: jsonResponse(ContractEnvelope, 'the contract'), 404: errorResponse('no such contract') },
  });
  const transitions: TransitionDoc[] = [
    ['decline', 'Decline a proposal: value and client stake voided back (provider)', undefined],
    ['cancel', 'Cancel a proposal: value and client stake voided back (client)', undefined],
    ['deliver', 'Deliver the work of an active contract (provider)', DeliverContractRequest],
    ['complete', 'Complete a delivered contract: value to the provider minus the fee, both stakes released (client)', undefined],
    ['dispute', 'Dispute an active or delivered contract (either party)', DisputeContractRequest],
    ['resolve', "Resolve a dispute: the value to the winner, the loser's stake slashed to it minus the fee (admin)", ResolveContractRequest],
  ];
  describeTransitions(r, { base: BASE, tag: 'contracts', resource: 'contract', params: ContractId, envelope: ContractEnvelope, transitions });
}

const stakeJson = (s: PartyStake) => ({ amount: formatAmount(s.amount, 'USDC'), currency: 'USDC', ...s.quote });

function agentOf(req: Request): AgentRow {
  const p = req.principal!;
  if (p.kind !== 'agent') throw new HttpError('forbidden', 'only a registered agent can do this');
  return p.agent;
}

export function contractRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = deps.config;
  const maxPayment = parseAmount(c.MAX_PAYMENT_USDC, 'USDC');
  const rules = { floor: parseAmount(c.CONTRACT_STAKE_FLOOR_USDC, 'USDC'), exposureMultiple: c.CONTRACT_EXPOSURE_MULTIPLE, holdMarginHours: c.CONTRACT_HOLD_MARGIN_HOURS };
  const feePct = c.CONTRACT_FEE_PCT;
  const agentChain = [bearer(deps), signature(deps)];
  const paidChain = [bearer(deps), signature(deps, { deferSpend: true })];
  const contractId = (req: Request) => parse(ContractId, req.params, 'path').id;
  const actor = (req: Request): ContractActor => (req.principal?.kind === 'agent' ? { kind: 'agent', agentId: req.principal.agent.id } : { kind: 'admin' });
  const answer = async (res: Response, row: ContractRow) => res.json({ success: true, contract: toContractJson(row) });
  const fresh = async (id: string, fallback: ContractRow) => toContractJson((await getContract(deps.db, id)) ?? fallback);
  const overMax = (what: string) => {
    const most = formatAmount(maxPayment, 'USDC');
    return new HttpError('invalid_request', `${what} is over the largest payment this service takes (${most} USDC)`, [{ path: 'value.amount', message: `at most ${most} with the stake` }]);
  };

  router.post('/', ...paidChain, idempotency(deps), async (req, res) => {
    const body = parseBody(CreateContractRequest, req);
    const client = agentOf(req);
    const value = parseAmount(body.value.amount, 'USDC');
    if (value > maxPayment) throw overMax('the value');
    const input = { providerId: body.provider_id, title: body.title, terms: body.terms, value, deadline: new Date(body.deadline), kind: body.kind };
    const quote: ContractQuote = await quoteContract(deps.db, client, input, rules);
    if (quote.price > maxPayment) throw overMax('the value plus the client\'s stake');
    const stakes = { client: stakeJson(quote.client), provider: stakeJson(quote.provider) };
    await paidRoute(deps, req, res, {
      price: { amount: quote.price, description: `Contract "${body.title}": the value held in escrow plus the client's stake`, quote: { value: body.value, stakes } },
      record: (paid) => proposeContract(deps.db, client.id, input, quote, paid, rules),
      location: (r) => `${BASE}/${r.contract.id}`,
      body: async (r) => ({ contract: await fresh(r.contract.id, r.contract) }),
    });
  });

  router.post('/:id/accept', ...paidChain, async (req, res) => {
    const id = contractId(req);
    const provider = agentOf(req);
    const { contract, stake } = await quoteAcceptance(deps.db, id, provider, rules);
    await paidRoute(deps, req, res, {
      price: { amount: stake.amount, description: `Contract "${contract.title}": the provider's stake`, quote: { stakes: { provider: stakeJson(stake) } } },
      record: (paid) => recordAcceptance(deps.db, id, provider.id, stake, paid, rules),
      location: () => `${BASE}/${id}`,
      body: async (r) => ({ contract: await fresh(id, r.contract) }),
    });
  });

  router.get('/', async (req, res) => {
    const query = parseQuery(ContractListQuery, req);
    let party = query.party;
    if (party && !/^[0-9a-f]{24}$/.test(party)) party = (await findAgent(deps.db, party))?.id ?? '000000000000000000000000';
    const rows = await listContracts(deps.db, { status: query.status, party, limit: query.limit, after: query.cursor ? decodeCursor(query.cursor) : undefined });
    const page = pageOf(rows, query.limit);
    res.json({ success: true, count: page.items.length, contracts: page.items.map((r) => toContractJson(r)), next_cursor: page.next_cursor });
  });

  router.get('/:id', async (req, res) => {
    const id = contractId(req);
    const row = await getContract(deps.db, id);
    if (!row) throw new NotFoundError('contract');
    res.json({ success: true, contract: toContractJson(row, await contractHistory(deps.db, id)) });
  });

  router.post('/:id/decline', ...agentChain, async (req, res) => answer(res, await declineContract(deps.db, contractId(req), actor(req))));
  router.post('/:id/cancel', ...agentChain, async (req, res) => answer(res, await cancelContract(deps.db, contractId(req), actor(req))));
  router.post('/:id/deliver', ...agentChain, async (req, res) => {
    const body = parseBody(DeliverContractRequest, req);
    answer(res, await deliverContract(deps.db, contractId(req), actor(req), { text: body.result, ...(body.url ? { url: body.url } : {}) }));
  });
  router.post('/:id/complete', ...agentChain, async (req, res) => answer(res, await completeContract(deps.db, contractId(req), actor(req), feePct)));
  router.post('/:id/dispute', ...agentChain, async (req, res) => {
    const body = parseBody(DisputeContractRequest, req);
    answer(res, await disputeContract(deps.db, contractId(req), actor(req), body.reason));
  });
  router.post('/:id/resolve', requireAdmin(deps), async (req, res) => {
    const body = parseBody(ResolveContractRequest, req);
    answer(res, await resolveContract(deps.db, contractId(req), { kind: 'admin' }, body.winner, feePct));
  });

  return router;
}
