/**
 * Domain errors: what went wrong, in the domain's words, with the figures a caller needs in
 * `details`. They know nothing of HTTP; api/middleware/errors.ts maps each family to a status.
 * A new error extends the family it belongs to and needs no change there.
 */

export class DomainError extends Error {
  constructor(message: string, readonly details?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The caller sent something that can never succeed as sent (a cursor this service never issued). */
export class InvalidInputError extends DomainError {}

/** The credentials are unknown: nobody is behind them. */
export class UnauthenticatedError extends DomainError {}

/** Someone known, but not a party allowed to do this. */
export class ForbiddenError extends DomainError {}

export class NotFoundError extends DomainError {
  constructor(readonly resource: string) {
    super(`${resource} not found`);
  }
}

/** The request collides with the current state of things (a taken name, a limit reached). */
export class ConflictError extends DomainError {}

/** An illegal state transition, naming the state the resource is actually in. */
export class StateConflictError extends ConflictError {
  constructor(resource: string, readonly currentState: string, action: string) {
    super(`${resource} is ${currentState}; cannot ${action}`, { current_state: currentState });
  }
}

/** Payment is what is missing: not paid yet, or nothing left of what was paid. */
export class PaymentRequiredError extends DomainError {}

/** Nothing is left of what was paid for; paying again is the way on. */
export class QuotaExhaustedError extends PaymentRequiredError {}

/** A service this one depends on cannot answer now; trying again later may work. */
export class UpstreamUnavailableError extends DomainError {}

/** Turns anything thrown into an Error without losing it. */
export function coerceError(err: unknown): Error {
  if (err instanceof Error) return err;
  return new Error(typeof err === 'string' ? err : JSON.stringify(err));
}
