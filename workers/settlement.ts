/**
 * Processor of the settlement queue (every rail). Validates the payload again (it may have been
 * enqueued by older code) and settles; "pending" becomes a thrown error so BullMQ retries it
 * with backoff, everything permanent is an UnrecoverableError.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { settlementPayload } from '../queues/settlement.js';
import { settlePayment, type SettleDeps, type SettleOutcome } from '../shared/payments/settle.js';
import { UnknownPaymentError } from '../shared/payments/errors.js';
import type { Logger } from '../shared/logger.js';

export function settlementProcessor(deps: SettleDeps, log: Logger) {
  return async (job: Job): Promise<SettleOutcome> => {
    const parsed = settlementPayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad settlement payload: ${parsed.error.message}`);
    const { paymentId } = parsed.data;
    try {
      const outcome = await settlePayment(deps, paymentId);
      // After settlePayment returned, its transaction has committed: the line tells the truth.
      if (outcome === 'settled') log.info({ paymentId, attempt: job.attemptsMade + 1 }, 'payment settled');
      else if (outcome === 'failed') log.info({ paymentId, attempt: job.attemptsMade + 1 }, 'payment failed');
      else if (outcome === 'needs_review') log.warn({ paymentId }, 'payment held for review: a person must look at it');
      return outcome;
    } catch (err) {
      if (!(err instanceof UnknownPaymentError)) throw err;
      // Usually another deployment's job on a shared Redis prefix, or a database restored from
      // an older backup: either way something an operator must hear about.
      log.warn({ paymentId, err: err.message }, 'settlement job for a payment this database does not know');
      throw new UnrecoverableError(err.message);
    }
  };
}
