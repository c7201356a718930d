/** What can go wrong on the way from a payment proof to a settled payment, whatever the rail. */
import { ConflictError } from '../errors.js';

/**
 * A payment proof that was already used: refused, nothing credited. A paid route answers it with
 * a fresh 402; anywhere else it is a conflict.
 */
export class PaymentReplayError extends ConflictError {
  constructor(cause?: unknown) {
    super('this payment was already used; make a new one', undefined, { cause });
  }
}

/** Thrown when the rail has not settled yet; the queue retries with backoff. */
export class SettlementPendingError extends Error {
  constructor(readonly reason: string) {
    super(`settlement pending: ${reason}`);
    this.name = 'SettlementPendingError';
  }
}

/** A settlement job for a payment this database does not have, or cannot settle. */
export class UnknownPaymentError extends Error {
  constructor(readonly paymentId: string, detail = 'not found') {
    super(`payment ${paymentId}: ${detail}`);
    this.name = 'UnknownPaymentError';
  }
}
