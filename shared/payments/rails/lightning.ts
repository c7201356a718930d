/**
 * The Lightning rail: a payment's proof id is its invoice's payment hash, and it has arrived when
 * the backend reports the invoice settled with a preimage that hashes to it. Looking up is
 * read-only, so an expired or cancelled invoice is a definitive refusal (nothing moved).
 */
import { checkSettlement, type LightningBackend } from '../../lightning/index.js';
import type { Rail } from './types.js';

export function lightningRail(backend: LightningBackend): Rail {
  return {
    async settle(payment) {
      const check = await checkSettlement(backend, payment.proof_id);
      switch (check.outcome) {
        case 'settled':
          if (check.amountPaidSats < payment.amount) {
            return { status: 'invalid', reason: `invoice paid ${check.amountPaidSats} sats of ${payment.amount}`, definitive: true };
          }
          return { status: 'settled', settlement: { payment_hash: payment.proof_id, preimage: check.preimage, settled_at: check.settledAt?.toISOString() ?? null } };
        case 'pending':
          return { status: 'pending', reason: 'invoice not paid yet' };
        case 'failed':
          return { status: 'invalid', reason: `invoice ${check.state}`, definitive: true };
        case 'unknown':
          return { status: 'invalid', reason: 'invoice unknown to the Lightning backend', definitive: true };
      }
    },
  };
}
