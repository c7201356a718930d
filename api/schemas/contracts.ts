/** Contract shapes: the proposal, the contract with its stakes, transitions, the list, trust. */
import { CONTRACT_STATUSES } from '../../shared/contracts/types.js';
import { WORK_KINDS } from '../../shared/trust/stake.js';
import { IsoTime, Money, PageQuery, z } from './common.js';
import { UsdcAmount } from './jobs.js';

const AgentId = z.string().regex(/^[0-9a-f]{24}$/, 'a 24-character hex agent id');
/** Holds time out a margin after the deadline: a deadline is at most a year away. */
const MAX_DEADLINE_MS = 366 * 24 * 3_600_000;

export const CreateContractRequest = z
  .object({
    provider_id: AgentId,
    title: z.string().trim().min(1).max(200),
    terms: z.string().trim().min(1).max(20_000),
    value: z.object({ amount: UsdcAmount, currency: z.literal('USDC') }).strict(),
    deadline: z.iso
      .datetime({ offset: true })
      .refine((s) => new Date(s).getTime() > Date.now(), 'must be in the future')
      .refine((s) => new Date(s).getTime() <= Date.now() + MAX_DEADLINE_MS, 'must be within a year'),
    kind: z.enum(WORK_KINDS).default('judged'),
  })
  .strict()
  .openapi('CreateContractRequest');

export const ContractStatusEnum = z.enum(CONTRACT_STATUSES);

export const Stake = Money.extend({
  formula: z.string(),
  inputs: z.record(z.string(), z.unknown()).openapi({ description: 'V, kind, c, D, e, R (with its evidence), trust_discount, S_min, exposure_cap, bond' }),
}).openapi('Stake');

export const Contract = z
  .object({
    id: AgentId,
    client_id: AgentId,
    provider_id: AgentId,
    title: z.string(),
    terms: z.string(),
    kind: z.enum(WORK_KINDS),
    value: Money,
    deadline: IsoTime,
    holds_timeout_at: IsoTime.openapi({ description: 'escrow and stakes time out here: the deadline plus CONTRACT_HOLD_MARGIN_HOURS' }),
    status: ContractStatusEnum,
    stakes: z.object({ client: Stake, provider: Stake }),
    accept_payment_id: z.string().nullable().openapi({ description: "while proposed: the provider's stake payment, settling" }),
    delivery: z.object({ text: z.string(), url: z.string().optional() }).nullable(),
    dispute_reason: z.string().nullable(),
    disputed_by: z.enum(['client', 'provider']).nullable(),
    resolution: z.enum(['client', 'provider']).nullable(),
    completion_fee: Money.nullable(),
    payment_id: z.string(),
    failure_reason: z.string().nullable(),
    created_at: IsoTime,
    updated_at: IsoTime,
    history: z.array(z.object({ type: z.string(), at: IsoTime })).optional().openapi({ description: 'the contract.* events, oldest first (single contract only)' }),
  })
  .openapi('Contract');

export const ContractEnvelope = z.object({ success: z.literal(true), contract: Contract }).openapi('ContractEnvelope');

export const ContractList = z
  .object({ success: z.literal(true), count: z.number().int(), contracts: z.array(Contract), next_cursor: z.string().nullable() })
  .openapi('ContractList');

export const ContractListQuery = PageQuery.extend({
  status: ContractStatusEnum.optional(),
  party: z.string().min(1).max(64).optional().openapi({ description: 'agent id or handle: contracts where it is the client or the provider' }),
});

export const DeliverContractRequest = z
  .object({ result: z.string().min(1).max(20_000), url: z.url({ protocol: /^https?$/ }).max(2048).optional() })
  .strict()
  .openapi('DeliverContractRequest');

export const DisputeContractRequest = z.object({ reason: z.string().trim().min(1).max(2000) }).strict().openapi('DisputeContractRequest');

export const ResolveContractRequest = z.object({ winner: z.enum(['client', 'provider']) }).strict().openapi('ResolveContractRequest');

export const TrustEnvelope = z
  .object({
    success: z.literal(true),
    trust: z.object({
      agent_id: AgentId,
      score: z.number().int().min(0).max(100),
      formula: z.string(),
      components: z.record(z.string(), z.number()),
      inputs: z.record(z.string(), z.unknown()),
    }),
  })
  .openapi('TrustEnvelope');
