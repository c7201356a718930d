/**
 * Registration: the agent (pending its bond) and the payment proof are written in one
 * transaction; settlement later posts the bond and activates the agent. Credentials are made
 * here and returned once; only the key's hash and the secret's salt are stored.
 */
import type { Db } from '../db/pool.js';
import { PgCode, pgCode } from '../db/pool.js';
import { ConflictError } from '../errors.js';
import { hashApiKey, deriveSigningSecret, newApiKey, randomHex } from '../auth/credentials.js';
import { newId } from '../ids.js';
import { insertAcceptedPayment, recordPaid, type AcceptedPayment } from '../payments/record.js';
import type { PaymentRow } from '../payments/queries.js';
import { insertAgent } from './queries.js';
import type { AgentProfile, AgentRow } from './types.js';

export const BOND_PURPOSE = 'identity_bond';

export interface RegistrationInput extends AgentProfile {
  webhook_url?: string;
}

export interface Registered {
  agent: AgentRow;
  payment: PaymentRow;
  credentials: { api_key: string; signing_secret: string };
}

export class HandleTakenError extends ConflictError {
  constructor(handle: string, cause?: unknown) {
    super(`handle "${handle}" is taken`, [{ path: 'handle', message: 'already registered' }], { cause });
  }
}

function isHandleTaken(err: unknown): boolean {
  return pgCode(err) === PgCode.uniqueViolation && (err as { constraint?: string }).constraint === 'agents_handle_unique';
}

export async function registerAgent(db: Db, input: RegistrationInput, paid: AcceptedPayment, masterKey: string): Promise<Registered> {
  const id = newId();
  const apiKey = newApiKey('ac_agent_');
  const salt = randomHex(16);
  try {
    return await recordPaid(db, async (tx) => {
      const agent = await insertAgent(tx, {
        id,
        ...input,
        webhook_url: input.webhook_url ?? null,
        wallet: paid.payer.toLowerCase(),
        bond_amount: paid.amount,
        api_key_hash: hashApiKey(apiKey),
        signing_salt: salt,
      });
      const payment = await insertAcceptedPayment(tx, paid, BOND_PURPOSE, id);
      return { agent, payment, credentials: { api_key: apiKey, signing_secret: deriveSigningSecret(masterKey, id, salt) } };
    });
  } catch (err) {
    if (isHandleTaken(err)) throw new HandleTakenError(input.handle, err);
    throw err;
  }
}
