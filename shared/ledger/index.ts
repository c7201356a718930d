/**
 * The double-entry ledger: accounts with pending and posted totals, transfers that are posted at
 * once or held and later posted or voided, money parsing and formatting, and the invariant check.
 * Everything takes a `Queryable`: pass a client inside `withLedger`/`transaction` to compose
 * ledger writes with your own, or the pool to let each call run in a transaction of its own.
 */
export { AccountIds, balanceFromAccount, balanceOf, ensureAccount, ensureAccounts, getAccount, openAccount, openAccounts } from './accounts.js';
export type { Account, AccountKind, Balance, NewAccount } from './accounts.js';
export { checkLedger } from './check.js';
export type { LedgerReport } from './check.js';
export {
  AccountConflictError,
  AccountNotFoundError,
  CurrencyMismatchError,
  InsufficientFundsError,
  InvalidAmountError,
  InvalidTransferError,
  LedgerError,
  PendingTransferExpiredError,
  PendingTransferStateError,
  TransferConflictError,
  TransferNotFoundError,
} from './errors.js';
export { ACCOUNT_TOTAL_LIMIT, asCurrency, CURRENCIES, formatAmount, isCurrency, MAX_AMOUNT, parseAmount } from './money.js';
export type { Currency } from './money.js';
export { listExpiredPending, postPending, voidPending } from './pending.js';
export type { PostPendingInput, VoidPendingInput } from './pending.js';
export { createTransfer, createTransfers, getTransfer, TransferCodes } from './transfers.js';
export type { NewTransfer, PendingState, Transfer, TransferKind, TransferResult } from './transfers.js';
export { withLedger } from './tx.js';
