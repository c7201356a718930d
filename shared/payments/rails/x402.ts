/** The x402 rail: the facilitator settles the EIP-3009 authorization exactly as the payer signed it. */
import { parsePaymentPayload, parseServerRequirements, type Facilitator } from '../../x402/index.js';
import type { Rail } from './types.js';

export function x402Rail(facilitator: Facilitator): Rail {
  return {
    async settle(payment) {
      const result = await facilitator.settle(parsePaymentPayload(payment.payload), parseServerRequirements(payment.requirements), {
        proofId: payment.proof_id,
      });
      if (result.status === 'settled') {
        return { status: 'settled', settlement: { transaction: result.transaction, network: result.network, payer: result.payer } };
      }
      return result;
    },
  };
}
