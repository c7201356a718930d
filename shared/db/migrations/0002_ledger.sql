-- 0002_ledger: the double-entry ledger (TigerBeetle's two-phase model in SQL). Accounts keep
-- running totals of pending and posted debits and credits; transfers are append-only and their
-- id is the idempotency key. A pending transfer is later posted (all or part) or voided by one
-- child transfer. See shared/ledger/ for the code that writes here; nothing else should.

CREATE TABLE ledger_accounts (
  -- natural ids: 'agent:<24hex>:available', 'bond:<24hex>', 'escrow:job:<id>',
  -- 'external:x402:USDC', 'revenue:fees:USDC'
  id              text PRIMARY KEY CHECK (length(id) BETWEEN 3 AND 200 AND id !~ '\s'),
  currency        text NOT NULL CHECK (currency IN ('USDC', 'SAT', 'USD')),
  kind            text NOT NULL CHECK (kind IN ('user', 'system', 'external')),
  -- money may only leave what has arrived: debits_posted + debits_pending <= credits_posted.
  -- External accounts (the rails money enters from) are the only ones allowed below zero.
  debits_must_not_exceed_credits boolean NOT NULL,
  debits_pending  bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  debits_posted   bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
  credits_posted  bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_flag_follows_kind
    CHECK (debits_must_not_exceed_credits = (kind <> 'external')),
  -- The code checks this before writing and answers InsufficientFundsError; the constraint is
  -- the backstop should any path forget.
  CONSTRAINT ledger_accounts_no_overdraft
    CHECK (NOT debits_must_not_exceed_credits OR debits_posted + debits_pending <= credits_posted)
);

CREATE TABLE ledger_transfers (
  id                text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 300),
  debit_account_id  text NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id text NOT NULL REFERENCES ledger_accounts (id),
  -- single: the amount moved; pending: the amount held; post_pending: the amount posted (the
  -- rest of the hold goes back); void_pending: the amount released (the whole hold).
  amount            bigint NOT NULL CHECK (amount > 0),
  currency          text NOT NULL,
  code              text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,31}$'),
  kind              text NOT NULL CHECK (kind IN ('single', 'pending', 'post_pending', 'void_pending')),
  pending_id        text REFERENCES ledger_transfers (id),
  state             text CHECK (state IN ('pending', 'posted', 'voided')),
  timeout_at        timestamptz,
  metadata          jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((kind = 'pending') = (state IS NOT NULL)),
  CHECK ((kind IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL)),
  CHECK (timeout_at IS NULL OR kind = 'pending')
);
-- A pending transfer is resolved once: one post (whole or partial) or one void.
CREATE UNIQUE INDEX ledger_transfers_one_resolution ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_debit ON ledger_transfers (debit_account_id, created_at);
CREATE INDEX ledger_transfers_credit ON ledger_transfers (credit_account_id, created_at);
CREATE INDEX ledger_transfers_open_timeouts ON ledger_transfers (timeout_at)
  WHERE kind = 'pending' AND state = 'pending' AND timeout_at IS NOT NULL;
CREATE INDEX ledger_transfers_code ON ledger_transfers (code);

-- History is never rewritten: a transfer row may not be deleted, and the only update allowed is
-- a pending transfer's state leaving 'pending' once. Corrections are new transfers.
CREATE FUNCTION ledger_transfers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_transfers is append-only: cannot delete transfer %', OLD.id;
  END IF;
  IF OLD.state IS DISTINCT FROM 'pending' OR NEW.state NOT IN ('posted', 'voided')
     OR (to_jsonb(NEW) - 'state') IS DISTINCT FROM (to_jsonb(OLD) - 'state') THEN
    RAISE EXCEPTION 'ledger_transfers is append-only: transfer % may only move from pending to posted or voided', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_transfers_append_only
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_append_only();
