/**
 * What a settlement worker asks on each poll: has this payment hash been paid? One lookup,
 * turned into the decision the worker makes. A backend that cannot answer throws
 * LightningBackendUnavailableError: the job is retried, and the payment is never marked failed
 * on that ground (the payer may have paid).
 */
import type { LightningBackend } from './backend.js';

export type SettlementCheck =
  /** Paid. `amountPaidSats` is what the node received; `preimage` when the backend reveals it. */
  | { outcome: 'settled'; amountSats: bigint; amountPaidSats: bigint; preimage?: string; settledAt?: Date }
  /** Still open: poll again later. */
  | { outcome: 'pending' }
  /** Can no longer be paid. */
  | { outcome: 'failed'; state: 'canceled' | 'expired' }
  /** The node has no such invoice: not ours, or a wrong hash. */
  | { outcome: 'unknown' };

export async function checkSettlement(backend: LightningBackend, paymentHash: string): Promise<SettlementCheck> {
  const status = await backend.lookupInvoice(paymentHash);
  if (!status) return { outcome: 'unknown' };
  switch (status.state) {
    case 'open':
      return { outcome: 'pending' };
    case 'canceled':
    case 'expired':
      return { outcome: 'failed', state: status.state };
    case 'settled':
      return {
        outcome: 'settled',
        amountSats: status.amountSats,
        amountPaidSats: status.amountPaidSats ?? status.amountSats,
        ...(status.preimage ? { preimage: status.preimage } : {}),
        ...(status.settledAt ? { settledAt: status.settledAt } : {}),
      };
  }
}
