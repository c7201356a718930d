/**
 * Contract transitions (PRODUCT.md section 6). Each is one transaction: a status change guarded
 * by the expected current status, its ledger movement and its `contract.*` event. Two racing
 * requests cannot both win; the loser gets a 409 naming the state the contract is actually in.
 */
import type { Db, Queryable } from '../db/pool.js';
import { transaction } from '../db/pool.js';
import { ConflictError, NotFoundError, StateConflictError } from '../errors.js';
import { PendingTransferExpiredError } from '../ledger/index.js';
import { contractEvent } from './create.js';
import { AcceptancePendingError, ContractForbiddenError } from './errors.js';
import { contractFee, releaseProposal, settleCompletion, settleDispute } from './money.js';
import { getContract, transitionContract, type ContractChanges, type ContractGuard } from './queries.js';
import type { ContractRow, ContractStatus, Delivery, Party } from './types.js';

/** Who is acting: an agent (Bearer + X-Signature), the admin, or the clock. */
export type ContractActor = { kind: 'agent'; agentId: string } | { kind: 'admin' } | { kind: 'clock' };

interface Step {
  action: string;
  from: ContractStatus[];
  to: ContractStatus;
  authorize(c: ContractRow, actor: ContractActor): void;
  changes?(c: ContractRow): ContractChanges;
  guard?: ContractGuard;
  effects?(tx: Queryable, c: ContractRow): Promise<void>;
  event: string;
}

async function step(db: Db, id: string, actor: ContractActor, s: Step): Promise<ContractRow> {
  const found = await getContract(db, id);
  if (!found) throw new NotFoundError('contract');
  s.authorize(found, actor);
  try {
    return await transaction(db, async (tx) => {
      const c = await transitionContract(tx, id, s.from, s.to, s.changes?.(found) ?? {}, s.guard ?? {});
      if (!c) {
        const current = await getContract(tx, id);
        if (current?.status === 'proposed' && current.accept_payment_id && s.from.includes('proposed')) throw new AcceptancePendingError(s.action);
        throw new StateConflictError('contract', current?.status ?? 'gone', s.action);
      }
      await s.effects?.(tx, c);
      await contractEvent(tx, s.event, c);
      return c;
    });
  } catch (err) {
    if (!(err instanceof PendingTransferExpiredError)) throw err;
    throw new ConflictError(`the contract's holds timed out at ${found.holds_timeout_at.toISOString()}; an admin must settle it`, { holds_timeout_at: found.holds_timeout_at.toISOString() }, { cause: err });
  }
}

const partyOf = (c: ContractRow, a: ContractActor): Party | null => {
  if (a.kind !== 'agent') return null;
  if (a.agentId === c.client_agent_id) return 'client';
  if (a.agentId === c.provider_agent_id) return 'provider';
  return null;
};

const only = (party: Party, action: string) => (c: ContractRow, a: ContractActor) => {
  if (partyOf(c, a) !== party) throw new ContractForbiddenError(`only the contract's ${party} can ${action} it`);
};

/** Proposal steps also require no stake payment pending: see accept.ts. */
const noAcceptance: ContractGuard = { acceptPaymentId: null };

export function cancelContract(db: Db, id: string, actor: ContractActor): Promise<ContractRow> {
  return step(db, id, actor, {
    action: 'cancel', from: ['proposed'], to: 'cancelled', event: 'contract.cancelled', guard: noAcceptance,
    authorize: only('client', 'cancel'), effects: releaseProposal,
  });
}

export function declineContract(db: Db, id: string, actor: ContractActor): Promise<ContractRow> {
  return step(db, id, actor, {
    action: 'decline', from: ['proposed'], to: 'declined', event: 'contract.declined', guard: noAcceptance,
    authorize: only('provider', 'decline'), effects: releaseProposal,
  });
}

export function deliverContract(db: Db, id: string, actor: ContractActor, delivery: Delivery): Promise<ContractRow> {
  return step(db, id, actor, {
    action: 'deliver', from: ['active'], to: 'delivered', event: 'contract.delivered',
    authorize: only('provider', 'deliver'), changes: () => ({ delivery }),
  });
}

export function completeContract(db: Db, id: string, actor: ContractActor, feePct: number): Promise<ContractRow> {
  return step(db, id, actor, {
    action: 'complete', from: ['delivered'], to: 'completed', event: 'contract.completed',
    authorize: only('client', 'complete'),
    changes: (c) => ({ completion_fee: contractFee(c.value_amount, feePct) }),
    effects: settleCompletion,
  });
}

export function disputeContract(db: Db, id: string, actor: ContractActor, reason: string): Promise<ContractRow> {
  let by: Party | null = null;
  return step(db, id, actor, {
    action: 'dispute', from: ['active', 'delivered'], to: 'disputed', event: 'contract.disputed',
    authorize(c, a) {
      by = partyOf(c, a);
      if (!by) throw new ContractForbiddenError("only the contract's parties can dispute it");
    },
    changes: () => ({ dispute_reason: reason, disputed_by: by! }),
  });
}

export function resolveContract(db: Db, id: string, actor: ContractActor, winner: Party, feePct: number): Promise<ContractRow> {
  return step(db, id, actor, {
    action: 'resolve', from: ['disputed'], to: 'resolved', event: 'contract.resolved',
    authorize(_c, a) {
      if (a.kind !== 'admin') throw new ContractForbiddenError('only an admin resolves disputes');
    },
    changes: (c) => ({ resolution: winner, completion_fee: winner === 'provider' ? contractFee(c.value_amount, feePct) : undefined }),
    effects: (tx, c) => settleDispute(tx, c, winner, feePct),
  });
}

/** The clock's transition: a proposal past its deadline, everything voided back to the client. */
export function expireContract(db: Db, id: string): Promise<ContractRow> {
  return step(db, id, { kind: 'clock' }, {
    action: 'expire', from: ['proposed'], to: 'expired', event: 'contract.expired', guard: { ...noAcceptance, pastDeadline: true },
    authorize(_c, a) {
      if (a.kind !== 'clock') throw new ContractForbiddenError('contracts expire on their own');
    },
    effects: releaseProposal,
  });
}
