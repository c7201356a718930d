/**
 * Registration: the agent (pending its bond) and the payment proof are written in one
 * transaction; settlement later posts the bond and activates the agent. Credentials are made
 * here and returned once; only the key's hash and the secret's salt are stored.
 */
import type { Db } from '../db/pool.js';
import { PgCode, pgCode, transaction } from '../db/pool.js';
import { HttpError } from '../errors.js';
import { hashApiKey, deriveSigningSecret, newApiKey, randomHex } from '../auth/credentials.js';
import { newId, newPaymentId } from '../ids.js';
import { insertPayment, type PaymentRow } from '../payments/queries.js';
import { insertAgent } from './queries.js';
import type { AgentProfile, AgentRow } from './types.js';

export const BOND_PURPOSE = 'identity_bond';

export interface RegistrationInput extends AgentProfile {
  webhook_url?: string;
}

/** A verified x402 payment, ready to be recorded. */
export interface AcceptedX402 {
  proofId: string;
  payer: string;
  amount: bigint;
  payload: unknown;
  requirements: unknown;
}

export interface Registered {
  agent: AgentRow;
  payment: PaymentRow;
  credentials: { api_key: string; signing_secret: string };
}

export class HandleTakenError extends HttpError {
  constructor(handle: string, cause?: unknown) {
    super('conflict', `handle "${handle}" is taken`, [{ path: 'handle', message: 'already registered' }], { cause });
    this.name = 'HandleTakenError';
  }
}

/** A payment proof that was already used: refused, nothing credited. */
export class PaymentReplayError extends HttpError {
  constructor(cause?: unknown) {
    super('payment_required', 'this payment was already used; sign a new one', undefined, { cause });
    this.name = 'PaymentReplayError';
  }
}

/** Maps the unique violations of one recording transaction to what the caller did wrong. */
export function mapRecordingError(err: unknown, handle?: string): unknown {
  if (pgCode(err) !== PgCode.uniqueViolation) return err;
  const constraint = (err as { constraint?: string }).constraint;
  if (constraint === 'payments_proof_id_key') return new PaymentReplayError(err);
  if (constraint === 'agents_handle_unique' && handle) return new HandleTakenError(handle, err);
  return err;
}

export async function registerAgent(db: Db, input: RegistrationInput, paid: AcceptedX402, masterKey: string): Promise<Registered> {
  const id = newId();
  const apiKey = newApiKey('ac_agent_');
  const salt = randomHex(16);
  try {
    return await transaction(db, async (tx) => {
      const agent = await insertAgent(tx, {
        id,
        ...input,
        webhook_url: input.webhook_url ?? null,
        wallet: paid.payer.toLowerCase(),
        bond_amount: paid.amount,
        api_key_hash: hashApiKey(apiKey),
        signing_salt: salt,
      });
      const payment = await insertPayment(tx, {
        id: newPaymentId(),
        rail: 'x402',
        proof_id: paid.proofId,
        purpose: BOND_PURPOSE,
        subject_id: id,
        amount: paid.amount,
        currency: 'USDC',
        payer: paid.payer.toLowerCase(),
        payload: paid.payload,
        requirements: paid.requirements,
      });
      return { agent, payment, credentials: { api_key: apiKey, signing_secret: deriveSigningSecret(masterKey, id, salt) } };
    });
  } catch (err) {
    throw mapRecordingError(err, input.handle);
  }
}
