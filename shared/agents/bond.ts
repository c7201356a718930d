/**
 * The identity bond's side of settlement: the bond moves from the agent's account into its bond
 * account (a posted transfer; slashes later debit it), and the agent becomes active. A failed
 * payment frees the handle.
 */
import type { Queryable } from '../db/pool.js';
import { AccountIds, createTransfer, ensureAccount, type Currency } from '../ledger/index.js';
import type { PurposeHandler } from '../payments/settle.js';
import { recordEvent } from '../events.js';
import { transitionAgent } from './queries.js';

const agentAccount = AccountIds.agentAvailable;
const bondAccount = AccountIds.bond;

export const bondHandler: PurposeHandler = {
  inflowAccount: async (_tx, payment) => agentAccount(payment.subject_id),
  async onSettled(tx: Queryable, payment) {
    const agentId = payment.subject_id;
    await ensureAccount(tx, { id: bondAccount(agentId), currency: payment.currency as Currency, kind: 'system' });
    await createTransfer(tx, {
      id: `bond:${payment.id}`,
      debit: agentAccount(agentId),
      credit: bondAccount(agentId),
      amount: payment.amount,
      code: 'bond',
      metadata: { agent_id: agentId },
    });
    const agent = await transitionAgent(tx, agentId, 'pending_bond', 'active');
    if (agent) await recordEvent(tx, 'agent.activated', agentId, [agentId], { agent_id: agentId, payment_id: payment.id });
  },
  async onFailed(tx: Queryable, payment, reason) {
    const agentId = payment.subject_id;
    const agent = await transitionAgent(tx, agentId, 'pending_bond', 'bond_failed');
    if (agent) await recordEvent(tx, 'agent.bond_failed', agentId, [agentId], { agent_id: agentId, payment_id: payment.id, reason });
  },
};
