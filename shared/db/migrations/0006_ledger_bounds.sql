-- 0006_ledger_bounds: every account total stays at or below 4 * 10^18 minor units, well under
-- bigint's 9.2 * 10^18. A single amount is at most 10^15 (shared/ledger/money.ts), so the
-- arithmetic that adds one to a total can never overflow before this check refuses it: the
-- write fails with a named constraint, which the settlement path turns into a payment held for
-- review instead of an endless retry on "bigint out of range".
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_totals_bounded CHECK (
  greatest(debits_pending, debits_posted, credits_pending, credits_posted) <= 4000000000000000000
);
