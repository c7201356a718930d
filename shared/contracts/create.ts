/**
 * Proposing a contract: the stakes are quoted (both parties, with their formula and inputs), the
 * client's payment (value + its stake) and the contract pending it are written in one
 * transaction, and settlement (contractEscrowHandler) proposes it with the money held.
 */
import type { Db, Queryable } from '../db/pool.js';
import { InvalidInputError } from '../errors.js';
import { recordEvent } from '../events.js';
import { newId, newPaymentId } from '../ids.js';
import { findAgent, lockAgent } from '../agents/queries.js';
import { AgentNotActiveError } from '../agents/errors.js';
import { insertAcceptedPayment, recordPaid, type AcceptedPayment } from '../payments/record.js';
import type { PaymentRow } from '../payments/queries.js';
import type { PurposeHandler } from '../payments/settle.js';
import { openExposure } from '../trust/queries.js';
import { exposureCap, withinExposureCap, type WorkKind } from '../trust/stake.js';
import { getContract, insertContract, transitionContract } from './queries.js';
import { holdClientFunds, partyAccount } from './money.js';
import { ExposureCapError, partyStake, type PartyStake, type StakeRules } from './stakes.js';
import type { ContractRow } from './types.js';

export const CONTRACT_ESCROW_PURPOSE = 'contract_escrow';

export interface ContractInput {
  providerId: string;
  title: string;
  terms: string;
  value: bigint;
  deadline: Date;
  kind: WorkKind;
}

export interface ContractQuote {
  client: PartyStake;
  provider: PartyStake;
  /** The client pays this: the value plus its stake. */
  price: bigint;
}

const badProvider = (message: string) => new InvalidInputError(message, [{ path: 'provider_id', message }]);

/**
 * Both parties' stakes for a proposal by `client`. The provider must be another active agent;
 * the client must stay within its exposure cap (ExposureCapError otherwise).
 */
export async function quoteContract(db: Db, client: { id: string; bond_amount: bigint }, input: ContractInput, rules: StakeRules): Promise<ContractQuote> {
  const provider = await findAgent(db, input.providerId);
  if (!provider || provider.id !== input.providerId) throw badProvider('no agent has this id');
  if (provider.id === client.id) throw badProvider('an agent cannot contract with itself');
  if (provider.status !== 'active') throw badProvider(`the provider is ${provider.status}, not active`);
  const clientStake = await partyStake(db, 'client', client, input.value, input.kind, rules, { enforceCap: true });
  const providerStake = await partyStake(db, 'provider', provider, input.value, input.kind, rules, { enforceCap: false });
  return { client: clientStake, provider: providerStake, price: input.value + clientStake.amount };
}

export interface ProposedContract {
  contract: ContractRow;
  payment: PaymentRow;
}

/**
 * Records the contract pending its payment. The client's row is locked first, so two proposals
 * by one client are counted one after the other against its exposure cap.
 */
export async function proposeContract(db: Db, clientId: string, input: ContractInput, quote: ContractQuote, paid: AcceptedPayment, rules: StakeRules & { holdMarginHours: number }): Promise<ProposedContract> {
  const id = newId();
  const paymentId = newPaymentId();
  return recordPaid(db, async (tx) => {
    const client = await lockAgent(tx, clientId);
    if (!client) throw new Error(`client ${clientId} vanished`);
    if (client.status !== 'active') throw new AgentNotActiveError(client.status);
    const open = await openExposure(tx, clientId);
    const cap = exposureCap(client.bond_amount, rules.exposureMultiple);
    if (!withinExposureCap(open, input.value, cap)) throw new ExposureCapError('client', cap, open, input.value);
    const contract = await insertContract(tx, {
      id, client_agent_id: clientId, provider_agent_id: input.providerId, title: input.title, terms: input.terms, kind: input.kind,
      value_amount: input.value, deadline: input.deadline, holds_timeout_at: new Date(input.deadline.getTime() + rules.holdMarginHours * 3_600_000),
      client_stake: quote.client.amount, client_stake_quote: quote.client.quote,
      provider_stake: quote.provider.amount, provider_stake_quote: quote.provider.quote, payment_id: paymentId,
    });
    const payment = await insertAcceptedPayment(tx, paid, CONTRACT_ESCROW_PURPOSE, id, paymentId);
    return { contract, payment };
  });
}

/** Records a contract event with both parties, in the caller's transaction. */
export function contractEvent(tx: Queryable, type: string, c: ContractRow, extra: Record<string, unknown> = {}): Promise<void> {
  return recordEvent(tx, type, c.id, [c.client_agent_id, c.provider_agent_id], { contract_id: c.id, status: c.status, ...extra });
}

async function contractOf(tx: Queryable, payment: PaymentRow): Promise<ContractRow> {
  const c = await getContract(tx, payment.subject_id);
  if (!c) throw new Error(`payment ${payment.id} is for contract ${payment.subject_id}, which does not exist`);
  return c;
}

export const contractEscrowHandler: PurposeHandler = {
  inflowAccount: async (tx, payment) => partyAccount(await contractOf(tx, payment), 'client'),
  async onSettled(tx, payment) {
    const c = await transitionContract(tx, payment.subject_id, ['pending_payment'], 'proposed');
    if (!c) return;
    await holdClientFunds(tx, c);
    await contractEvent(tx, 'contract.proposed', c);
  },
  async onFailed(tx, payment, reason) {
    const c = await transitionContract(tx, payment.subject_id, ['pending_payment'], 'payment_failed', { failure_reason: reason });
    if (c) await contractEvent(tx, 'contract.payment_failed', c, { reason });
  },
};
