/** What can go wrong on the way from a payment proof to a settled payment, whatever the rail. */
import { DomainError } from '../errors.js';

/** A payment proof that was already used: refused, nothing credited. */
export class PaymentReplayError extends DomainError {
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
