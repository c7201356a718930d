/**
 * A contract's ledger movements. Transfer ids derive from the contract id, so each movement is
 * idempotent: a retried settlement or transition books nothing twice.
 *
 *   proposed:  client -> escrow:contract:<id> (pending: the value) ;
 *              client -> stake:contract:<id>:client (pending: its stake)
 *   accepted:  provider -> stake:contract:<id>:provider (pending: its stake)
 *   released:  void the value and the client's stake (cancelled, declined, expired)
 *   completed: post the value ; escrow -> provider (value - fee) ; escrow -> fees ; void both stakes
 *   resolved:  the value to the winner (paid as on completion, or voided back to the client) ;
 *              the loser's stake posted, then stake -> winner (stake - fee) and stake -> fees ;
 *              the winner's stake voided
 * Every hold times out at holds_timeout_at (the deadline plus a margin).
 */
import type { Queryable } from '../db/pool.js';
import { AccountIds, createTransfer, ensureAccount, postPending, voidPending } from '../ledger/index.js';
import type { ContractRow, Party } from './types.js';

const USDC = 'USDC' as const;
const escrowAccount = (c: ContractRow) => AccountIds.escrow('contract', c.id);
const stakeAccount = (c: ContractRow, party: Party) => AccountIds.stake('contract', c.id, party);
const escrowHold = (c: ContractRow) => `contract:${c.id}:escrow`;
const stakeHold = (c: ContractRow, party: Party) => `contract:${c.id}:stake:${party}`;

export const partyAccount = (c: ContractRow, party: Party) => AccountIds.agentAvailable(party === 'client' ? c.client_agent_id : c.provider_agent_id);

/** The service's cut of `amount` at `feePct` percent, rounded down in the payee's favour. */
export function contractFee(amount: bigint, feePct: number): bigint {
  return (amount * BigInt(Math.round(feePct * 100))) / 10_000n;
}

async function holdStake(tx: Queryable, c: ContractRow, party: Party): Promise<void> {
  await ensureAccount(tx, { id: stakeAccount(c, party), currency: USDC, kind: 'system' });
  await createTransfer(tx, {
    id: stakeHold(c, party), debit: partyAccount(c, party), credit: stakeAccount(c, party),
    amount: party === 'client' ? c.client_stake : c.provider_stake, code: 'stake', pending: true, timeoutAt: c.holds_timeout_at,
    metadata: { contract_id: c.id, party },
  });
}

/** On the client's payment: the value into escrow and the client's stake, both held. */
export async function holdClientFunds(tx: Queryable, c: ContractRow): Promise<void> {
  await ensureAccount(tx, { id: escrowAccount(c), currency: USDC, kind: 'system' });
  await createTransfer(tx, {
    id: escrowHold(c), debit: partyAccount(c, 'client'), credit: escrowAccount(c), amount: c.value_amount, code: 'escrow',
    pending: true, timeoutAt: c.holds_timeout_at, metadata: { contract_id: c.id },
  });
  await holdStake(tx, c, 'client');
}

/** On the provider's payment: its stake, held. */
export const holdProviderStake = (tx: Queryable, c: ContractRow) => holdStake(tx, c, 'provider');

const voidHold = (tx: Queryable, c: ContractRow, hold: string) => voidPending(tx, { id: `${hold}:void`, pendingId: hold, metadata: { contract_id: c.id } });

/** Cancelled, declined or expired: the value and the client's stake go back to the client. */
export async function releaseProposal(tx: Queryable, c: ContractRow): Promise<void> {
  await voidHold(tx, c, escrowHold(c));
  await voidHold(tx, c, stakeHold(c, 'client'));
}

async function payProvider(tx: Queryable, c: ContractRow, fee: bigint): Promise<void> {
  const provider = partyAccount(c, 'provider');
  await ensureAccount(tx, { id: provider, currency: USDC, kind: 'user' });
  await ensureAccount(tx, { id: AccountIds.fees(USDC), currency: USDC, kind: 'system' });
  await postPending(tx, { id: `${escrowHold(c)}:post`, pendingId: escrowHold(c) });
  await createTransfer(tx, { id: `contract:${c.id}:payout`, debit: escrowAccount(c), credit: provider, amount: c.value_amount - fee, code: 'payout', metadata: { contract_id: c.id } });
  if (fee > 0n) {
    await createTransfer(tx, { id: `contract:${c.id}:fee`, debit: escrowAccount(c), credit: AccountIds.fees(USDC), amount: fee, code: 'fee', metadata: { contract_id: c.id } });
  }
}

/** Completed: the value to the provider minus the fee, both stakes released. */
export async function settleCompletion(tx: Queryable, c: ContractRow): Promise<void> {
  await payProvider(tx, c, c.completion_fee ?? 0n);
  await voidHold(tx, c, stakeHold(c, 'client'));
  await voidHold(tx, c, stakeHold(c, 'provider'));
}

/** Resolved for `winner`: the value to the winner, the loser's stake slashed to it minus a fee. */
export async function settleDispute(tx: Queryable, c: ContractRow, winner: Party, feePct: number): Promise<void> {
  const loser: Party = winner === 'client' ? 'provider' : 'client';
  if (winner === 'provider') await payProvider(tx, c, c.completion_fee ?? 0n);
  else await voidHold(tx, c, escrowHold(c));
  const slashed = loser === 'client' ? c.client_stake : c.provider_stake;
  const fee = contractFee(slashed, feePct);
  const from = stakeAccount(c, loser);
  await ensureAccount(tx, { id: AccountIds.fees(USDC), currency: USDC, kind: 'system' });
  await postPending(tx, { id: `${stakeHold(c, loser)}:post`, pendingId: stakeHold(c, loser) });
  await createTransfer(tx, { id: `contract:${c.id}:slash`, debit: from, credit: partyAccount(c, winner), amount: slashed - fee, code: 'slash', metadata: { contract_id: c.id, loser } });
  if (fee > 0n) {
    await createTransfer(tx, { id: `contract:${c.id}:slash-fee`, debit: from, credit: AccountIds.fees(USDC), amount: fee, code: 'fee', metadata: { contract_id: c.id } });
  }
  await voidHold(tx, c, stakeHold(c, winner));
}
