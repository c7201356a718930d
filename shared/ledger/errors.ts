/**
 * The ledger's errors: small named classes, all extending `LedgerError`, so that a route can map
 * each to its answer (insufficient funds to 402 or 409, a conflicting id to 409, and so on) and
 * everything else stays a 500. Each carries the figures a caller needs as readonly fields.
 */

/** Base class of every error the ledger throws on purpose. */
export class LedgerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LedgerError';
  }
}

/** A decimal amount that is not a valid amount of its currency. */
export class InvalidAmountError extends LedgerError {
  constructor(readonly input: unknown, readonly currency: string, readonly reason: string, options?: { cause?: unknown }) {
    super(`invalid ${currency} amount ${JSON.stringify(String(input)).slice(0, 80)}: ${reason}`, options);
    this.name = 'InvalidAmountError';
  }
}

/** A transfer request that can never succeed as written (bad amount, same account twice...). */
export class InvalidTransferError extends LedgerError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidTransferError';
  }
}

export class AccountNotFoundError extends LedgerError {
  constructor(readonly accountId: string, options?: { cause?: unknown }) {
    super(`ledger account ${accountId} does not exist`, options);
    this.name = 'AccountNotFoundError';
  }
}

/** `ensureAccount` found the id already taken by an account of another currency or kind. */
export class AccountConflictError extends LedgerError {
  constructor(readonly accountId: string, readonly existing: string, readonly wanted: string, options?: { cause?: unknown }) {
    super(`ledger account ${accountId} exists as ${existing}, not ${wanted}`, options);
    this.name = 'AccountConflictError';
  }
}

export class CurrencyMismatchError extends LedgerError {
  constructor(readonly debitCurrency: string, readonly creditCurrency: string, options?: { cause?: unknown }) {
    super(`cannot move ${debitCurrency} into a ${creditCurrency} account`, options);
    this.name = 'CurrencyMismatchError';
  }
}

/** The debit account would end up spending more than has been credited to it. */
export class InsufficientFundsError extends LedgerError {
  constructor(readonly accountId: string, readonly amount: bigint, readonly available: bigint, options?: { cause?: unknown }) {
    super(`insufficient funds in ${accountId}: needs ${amount}, has ${available} available (minor units)`, options);
    this.name = 'InsufficientFundsError';
  }
}

/** A transfer id (an idempotency key) reused for a different transfer. */
export class TransferConflictError extends LedgerError {
  constructor(readonly transferId: string, readonly differences: string[], options?: { cause?: unknown }) {
    super(`transfer id ${transferId} already used for a different transfer (${differences.join('; ')})`, options);
    this.name = 'TransferConflictError';
  }
}

export class TransferNotFoundError extends LedgerError {
  constructor(readonly transferId: string, options?: { cause?: unknown }) {
    super(`transfer ${transferId} does not exist`, options);
    this.name = 'TransferNotFoundError';
  }
}

/** Posting or voiding a pending transfer that is no longer pending. */
export class PendingTransferStateError extends LedgerError {
  constructor(readonly pendingId: string, readonly state: string, readonly attempted: 'post' | 'void', options?: { cause?: unknown }) {
    super(`cannot ${attempted} transfer ${pendingId}: it is already ${state}`, options);
    this.name = 'PendingTransferStateError';
  }
}

/** Posting a pending transfer whose timeout has passed; it may only be voided now. */
export class PendingTransferExpiredError extends LedgerError {
  constructor(readonly pendingId: string, readonly timeoutAt: Date, options?: { cause?: unknown }) {
    super(`cannot post transfer ${pendingId}: it timed out at ${timeoutAt.toISOString()}`, options);
    this.name = 'PendingTransferExpiredError';
  }
}
