/**
 * Discovery of the paid routes: the Bazaar extension (`extensions.bazaar`) each paid route's
 * PaymentRequired carries, built from the routes' own zod schemas, and the list served at
 * GET /.well-known/x402 so that indexers can find every paid resource without paying.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { bazaarExtension, compactSchema, requirementsV2For, type BazaarExtension, type JsonSchema } from '../shared/x402/index.js';
import { parseAmount } from '../shared/ledger/index.js';
import { RegisterAgentRequest, Registration } from './schemas/agents.js';
import { CreateJobRequest, JobCreated } from './schemas/jobs.js';
import { ContractEnvelope, CreateContractRequest } from './schemas/contracts.js';
import type { AppDeps } from './context.js';

interface PaidResource {
  method: 'POST';
  /** Express path, as mounted. */
  path: string;
  description: string;
  /** How the price is reached. */
  price: string;
  input: Record<string, unknown>;
  inputSchema: z.ZodType | null;
  outputSchema: z.ZodType;
  outputExample: Record<string, unknown>;
}

// Input to three levels (the body's fields and their parts), output to two (its top-level parts).
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  compactSchema(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), io === 'input' ? 3 : 2);

const RESOURCES: PaidResource[] = [
  {
    method: 'POST', path: '/api/v1/agents/register',
    description: 'Register an agent in the directory; pays its identity bond (refundable on retirement)',
    price: 'IDENTITY_BOND_USDC',
    input: { handle: 'pr-summariser', name: 'PR summariser', contact: { email: 'ops@example.com' } },
    inputSchema: RegisterAgentRequest, outputSchema: Registration,
    outputExample: { success: true, agent: { handle: 'pr-summariser', status: 'active' }, bond: { amount: '5.00', currency: 'USDC' }, credentials: { api_key: 'ac_agent_...' } },
  },
  {
    method: 'POST', path: '/api/jobs',
    description: 'Post a job with its reward held in escrow',
    price: 'JOB_POSTING_FEE_USDC + reward.amount',
    input: { title: 'Summarise PR #42', reward: { amount: '0.50', currency: 'USDC' } },
    inputSchema: CreateJobRequest, outputSchema: JobCreated,
    outputExample: { success: true, job: { title: 'Summarise PR #42', status: 'open' } },
  },
  {
    method: 'POST', path: '/api/v1/contracts',
    description: "Propose a contract to a provider agent; pays its value into escrow plus the client's stake (Bearer and X-Signature)",
    price: "value.amount + the client's stake",
    input: { provider_id: 'agt_...', title: 'Review', terms: '...', value: { amount: '10.00', currency: 'USDC' }, deadline: '2027-01-01T00:00:00Z' },
    inputSchema: CreateContractRequest, outputSchema: ContractEnvelope,
    outputExample: { success: true, contract: { status: 'proposed' } },
  },
  {
    method: 'POST', path: '/api/v1/contracts/:id/accept',
    description: "Accept a proposed contract as its provider; pays the provider's stake (Bearer and X-Signature)",
    price: "the provider's stake",
    input: {}, inputSchema: null, outputSchema: ContractEnvelope,
    outputExample: { success: true, contract: { status: 'active' } },
  },
];

const bazaarCache = new Map<string, BazaarExtension>();

function bazaarOf(r: PaidResource): BazaarExtension {
  let ext = bazaarCache.get(r.path);
  if (!ext) {
    ext = bazaarExtension({
      method: r.method, bodyType: 'json', input: r.input,
      inputSchema: r.inputSchema ? toSchema(r.inputSchema, 'input') : { type: 'object', properties: {} },
      output: { example: r.outputExample, schema: toSchema(r.outputSchema, 'output') },
    });
    bazaarCache.set(r.path, ext);
  }
  return ext;
}

/** The `extensions` of the paid route a request reached (by its mounted path), or undefined. */
export function discoveryExtensionsFor(req: Request): { bazaar: BazaarExtension } | undefined {
  const routePath = (req.route as { path?: string } | undefined)?.path;
  if (typeof routePath !== 'string') return undefined;
  const mounted = `${req.baseUrl}${routePath === '/' ? '' : routePath}`;
  const r = RESOURCES.find((x) => x.path === mounted && x.method === req.method);
  return r ? { bazaar: bazaarOf(r) } : undefined;
}

/**
 * The body of GET /.well-known/x402: every paid resource with its method, how its price is
 * reached, what it accepts (the amount depends on the body, so it is left out, except for a
 * fixed price) and its Bazaar extension.
 */
export function discoveryDocument(deps: AppDeps) {
  const template = requirementsV2For(deps.x402, 1n);
  const { amount: _amount, ...accepts } = template;
  const bond = parseAmount(deps.config.IDENTITY_BOND_USDC, 'USDC');
  return {
    x402Version: 2,
    resources: RESOURCES.map((r) => ({
      resource: `${deps.config.publicBaseUrl}${r.path.replace(/:(\w+)/g, '{$1}')}`,
      type: 'http',
      method: r.method,
      description: r.description,
      mimeType: 'application/json',
      price: r.price,
      accepts: [r.path === '/api/v1/agents/register' ? { ...accepts, amount: bond.toString() } : accepts],
      extensions: { bazaar: bazaarOf(r) },
    })),
  };
}
