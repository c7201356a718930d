/**
 * The provider's acceptance, paid with its stake. Between the recorded payment and its settlement
 * the contract stays `proposed` with accept_payment_id set: the recording transaction locks the
 * contract row and requires a proposal with no stake payment pending, and cancel, decline and
 * expiry require none pending either. So a cancel racing an accept cannot leave a paid stake
 * without a contract: whichever locks the row first wins, the other gets a 409.
 */
import type { Db } from '../db/pool.js';
import { StateConflictError } from '../errors.js';
import { lockAgent } from '../agents/queries.js';
import { AgentNotActiveError } from '../agents/errors.js';
import { insertAcceptedPayment, recordPaid, type AcceptedPayment } from '../payments/record.js';
import type { PaymentRow } from '../payments/queries.js';
import type { PurposeHandler } from '../payments/settle.js';
import { NotFoundError } from '../errors.js';
import { contractEvent } from './create.js';
import { AcceptancePendingError, ContractForbiddenError } from './errors.js';
import { holdProviderStake, partyAccount } from './money.js';
import { getContract, transitionContract } from './queries.js';
import { partyStake, type PartyStake, type StakeRules } from './stakes.js';
import type { ContractRow } from './types.js';

export const CONTRACT_STAKE_PURPOSE = 'contract_stake';

/** Why `providerId` may not accept `c` now, as a domain error; nothing when it may. */
function refusal(c: ContractRow, providerId: string): Error | undefined {
  if (c.provider_agent_id !== providerId) return new ContractForbiddenError("only the contract's provider can accept it");
  if (c.status !== 'proposed') return new StateConflictError('contract', c.status, 'accept');
  if (c.accept_payment_id) return new AcceptancePendingError('accept');
  if (c.deadline.getTime() <= Date.now()) return new StateConflictError('contract', 'past its deadline', 'accept');
  return undefined;
}

/** The provider's stake, priced now (its exposure and record may have moved since the proposal). */
export async function quoteAcceptance(db: Db, contractId: string, provider: { id: string; bond_amount: bigint }, rules: StakeRules): Promise<{ contract: ContractRow; stake: PartyStake }> {
  const c = await getContract(db, contractId);
  if (!c) throw new NotFoundError('contract');
  const refused = refusal(c, provider.id);
  if (refused) throw refused;
  const stake = await partyStake(db, 'provider', provider, c.value_amount, c.kind, rules, { except: c.id, enforceCap: true });
  return { contract: c, stake };
}

export interface RecordedAcceptance {
  contract: ContractRow;
  payment: PaymentRow;
}

/**
 * Records the stake payment against the proposal, in one transaction with the contract row
 * locked, then the provider's row (for its exposure cap, counted one acceptance at a time).
 */
export async function recordAcceptance(db: Db, contractId: string, providerId: string, stake: PartyStake, paid: AcceptedPayment, rules: StakeRules): Promise<RecordedAcceptance> {
  return recordPaid(db, async (tx) => {
    const locked = await getContract(tx, contractId, true);
    if (!locked) throw new NotFoundError('contract');
    const refused = refusal(locked, providerId);
    if (refused) throw refused;
    const provider = await lockAgent(tx, providerId);
    if (!provider || provider.status !== 'active') throw new AgentNotActiveError(provider?.status ?? 'exited');
    // Re-read under the lock: another acceptance by this provider may have committed meanwhile.
    await partyStake(tx, 'provider', provider, locked.value_amount, locked.kind, rules, { except: locked.id, enforceCap: true });
    const payment = await insertAcceptedPayment(tx, paid, CONTRACT_STAKE_PURPOSE, contractId);
    const contract = await transitionContract(tx, contractId, ['proposed'], 'proposed', {
      accept_payment_id: payment.id, provider_stake: stake.amount, provider_stake_quote: stake.quote,
    }, { acceptPaymentId: null });
    if (!contract) throw new Error(`contract ${contractId} changed under its lock`);
    return { contract, payment };
  });
}

export const contractStakeHandler: PurposeHandler = {
  async inflowAccount(tx, payment) {
    const c = await getContract(tx, payment.subject_id);
    if (!c) throw new Error(`payment ${payment.id} is for contract ${payment.subject_id}, which does not exist`);
    return partyAccount(c, 'provider');
  },
  async onSettled(tx, payment) {
    // Only this payment's acceptance can activate the contract. Were it no longer pending (it
    // cannot be: nothing else moves a proposal with a stake payment pending), the stake would
    // stay in the provider's available balance: credited, never lost.
    const c = await transitionContract(tx, payment.subject_id, ['proposed'], 'active', {}, { acceptPaymentId: payment.id });
    if (!c) return;
    await holdProviderStake(tx, c);
    await contractEvent(tx, 'contract.accepted', c, { payment_id: payment.id });
  },
  async onFailed(tx, payment, reason) {
    const c = await transitionContract(tx, payment.subject_id, ['proposed'], 'proposed', { accept_payment_id: null }, { acceptPaymentId: payment.id });
    if (c) await contractEvent(tx, 'contract.accept_failed', c, { payment_id: payment.id, reason });
  },
};
