/**
 * Processor of the x402 settlement queue. Validates the payload again (it may have been
 * enqueued by older code) and settles; "pending" becomes a thrown error so BullMQ retries it
 * with backoff, everything permanent is an UnrecoverableError.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { settlementPayload } from '../queues/settlement.js';
import { settleX402Payment, UnknownPaymentError, type SettleDeps, type SettleOutcome } from '../shared/payments/settle.js';

export function settlementProcessor(deps: SettleDeps) {
  return async (job: Job): Promise<SettleOutcome> => {
    const parsed = settlementPayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad settlement payload: ${parsed.error.message}`);
    try {
      return await settleX402Payment(deps, parsed.data.paymentId);
    } catch (err) {
      if (err instanceof UnknownPaymentError) throw new UnrecoverableError(err.message);
      throw err;
    }
  };
}
