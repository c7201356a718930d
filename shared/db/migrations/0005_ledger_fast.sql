-- 0005_ledger_fast: each ledger write in one round trip. A transfer used to take six statements
-- from Node (a replay SELECT before and after locking, the lock, the INSERT, two UPDATEs of the
-- totals) and a post or void eight, all while holding locks on shared accounts such as
-- 'external:x402:USDC'. These functions do the same steps in the same order inside the server.
-- They never RAISE for a refusal: they return an outcome, so that the caller's transaction stays
-- usable and shared/ledger/ builds the same error classes as before. 0002's tables, constraints
-- and append-only trigger are unchanged and remain the backstop.

-- What a ledger write answers: an outcome, the figures a refusal needs, and a transfer (the one
-- created or found under the id, or for a refused post or void the pending transfer itself).
CREATE TYPE ledger_write_result AS (
  -- created | exists | no_account | currency_mismatch | insufficient_funds
  -- | not_found | not_pending | resolved | expired | bad_amount
  outcome           text,
  account_id        text,
  available         bigint,
  debit_currency    text,
  credit_currency   text,
  id                text,
  debit_account_id  text,
  credit_account_id text,
  amount            bigint,
  currency          text,
  code              text,
  kind              text,
  pending_id        text,
  state             text,
  timeout_at        timestamptz,
  metadata          jsonb,
  created_at        timestamptz
);

CREATE FUNCTION ledger_outcome(
  outcome text, transfer ledger_transfers DEFAULT NULL, account_id text DEFAULT NULL,
  available bigint DEFAULT NULL, debit_currency text DEFAULT NULL, credit_currency text DEFAULT NULL
) RETURNS ledger_write_result LANGUAGE sql IMMUTABLE AS $$
  SELECT outcome, account_id, available, debit_currency, credit_currency,
    (transfer).id, (transfer).debit_account_id, (transfer).credit_account_id, (transfer).amount,
    (transfer).currency, (transfer).code, (transfer).kind, (transfer).pending_id, (transfer).state,
    (transfer).timeout_at, (transfer).metadata, (transfer).created_at
$$;

-- Adds to a transfer's two accounts' totals in one UPDATE (the deltas may be negative: a post or
-- void releases its hold). The caller holds both rows' locks.
CREATE FUNCTION ledger_move_totals(p_debit text, p_credit text, p_pending bigint, p_posted bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE ledger_accounts SET
    debits_pending  = debits_pending  + CASE WHEN id = p_debit  THEN p_pending ELSE 0 END,
    debits_posted   = debits_posted   + CASE WHEN id = p_debit  THEN p_posted  ELSE 0 END,
    credits_pending = credits_pending + CASE WHEN id = p_credit THEN p_pending ELSE 0 END,
    credits_posted  = credits_posted  + CASE WHEN id = p_credit THEN p_posted  ELSE 0 END
  WHERE id IN (p_debit, p_credit)
$$;

-- createTransfer. The caller has validated the input (amount > 0, two different accounts, code).
-- Each statement of a VOLATILE plpgsql function takes a fresh snapshot under READ COMMITTED, so
-- the lookups after the lock see what a concurrent twin committed while this one waited.
CREATE FUNCTION ledger_create_transfer(
  p_id text, p_debit text, p_credit text, p_amount bigint, p_code text, p_pending boolean,
  p_timeout_at timestamptz, p_metadata jsonb
) RETURNS ledger_write_result LANGUAGE plpgsql AS $$
DECLARE
  existing ledger_transfers;
  created ledger_transfers;
  acc ledger_accounts;
  deb ledger_accounts;
  cre ledger_accounts;
  v_held bigint := CASE WHEN p_pending THEN p_amount ELSE 0 END;
  v_available bigint;
BEGIN
  -- A retry is answered without taking any lock.
  SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
  IF FOUND THEN RETURN ledger_outcome('exists', existing); END IF;

  -- Both accounts in one statement, locked in id order: two transfers crossing between the same
  -- accounts queue up instead of deadlocking. FOR NO KEY UPDATE does not block foreign keys.
  FOR acc IN SELECT * FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR NO KEY UPDATE LOOP
    IF acc.id = p_debit THEN deb := acc; ELSE cre := acc; END IF;
  END LOOP;
  IF deb.id IS NULL THEN RETURN ledger_outcome('no_account', account_id => p_debit); END IF;
  IF cre.id IS NULL THEN RETURN ledger_outcome('no_account', account_id => p_credit); END IF;

  -- Looked up again under the locks: a concurrent twin may have committed while we waited, and
  -- its debit must not make this retry look like a lack of funds.
  SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
  IF FOUND THEN RETURN ledger_outcome('exists', existing); END IF;

  IF deb.currency <> cre.currency THEN
    RETURN ledger_outcome('currency_mismatch', debit_currency => deb.currency, credit_currency => cre.currency);
  END IF;
  v_available := deb.credits_posted - deb.debits_posted - deb.debits_pending;
  IF deb.debits_must_not_exceed_credits AND p_amount > v_available THEN
    RETURN ledger_outcome('insufficient_funds', account_id => deb.id, available => v_available);
  END IF;

  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind, state, timeout_at, metadata)
  VALUES (p_id, p_debit, p_credit, p_amount, deb.currency, p_code,
          CASE WHEN p_pending THEN 'pending' ELSE 'single' END, CASE WHEN p_pending THEN 'pending' END,
          p_timeout_at, p_metadata)
  ON CONFLICT (id) DO NOTHING
  RETURNING * INTO created;
  IF NOT FOUND THEN
    -- The id was taken meanwhile by a transfer between other accounts.
    SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
    RETURN ledger_outcome('exists', existing);
  END IF;
  PERFORM ledger_move_totals(p_debit, p_credit, v_held, p_amount - v_held);
  RETURN ledger_outcome('created', created);
END;
$$;

-- postPending and voidPending. p_kind is 'post_pending' or 'void_pending'; p_amount is what to
-- post, NULL for all (ignored for a void). Lock order, everywhere: the pending transfer, then its
-- accounts in id order. A refusal returns the pending transfer, whose fields name the reason.
CREATE FUNCTION ledger_resolve_pending(p_id text, p_pending_id text, p_kind text, p_amount bigint, p_metadata jsonb)
RETURNS ledger_write_result LANGUAGE plpgsql AS $$
DECLARE
  existing ledger_transfers;
  created ledger_transfers;
  held ledger_transfers;
  v_amount bigint;
BEGIN
  SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
  IF FOUND THEN RETURN ledger_outcome('exists', existing); END IF;

  SELECT * INTO held FROM ledger_transfers WHERE id = p_pending_id FOR UPDATE;
  IF NOT FOUND THEN RETURN ledger_outcome('not_found'); END IF;
  -- Looked up again under the lock: a concurrent twin of this very request may have resolved the
  -- transfer while we waited, which is a retry, not a state error.
  SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
  IF FOUND THEN RETURN ledger_outcome('exists', existing); END IF;

  IF held.kind <> 'pending' THEN RETURN ledger_outcome('not_pending', held); END IF;
  IF held.state <> 'pending' THEN RETURN ledger_outcome('resolved', held); END IF;
  IF p_kind = 'post_pending' AND held.timeout_at <= now() THEN RETURN ledger_outcome('expired', held); END IF;
  v_amount := CASE WHEN p_kind = 'void_pending' THEN held.amount ELSE coalesce(p_amount, held.amount) END;
  IF v_amount <= 0 OR v_amount > held.amount THEN RETURN ledger_outcome('bad_amount', held); END IF;

  PERFORM 1 FROM ledger_accounts WHERE id IN (held.debit_account_id, held.credit_account_id) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind, pending_id, metadata)
  VALUES (p_id, held.debit_account_id, held.credit_account_id, v_amount, held.currency, held.code, p_kind, held.id, p_metadata)
  ON CONFLICT (id) DO NOTHING
  RETURNING * INTO created;
  IF NOT FOUND THEN
    -- Only reachable when another transaction took this id for something else meanwhile.
    SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
    RETURN ledger_outcome('exists', existing);
  END IF;
  UPDATE ledger_transfers SET state = CASE WHEN p_kind = 'post_pending' THEN 'posted' ELSE 'voided' END
  WHERE id = held.id AND state = 'pending';
  PERFORM ledger_move_totals(held.debit_account_id, held.credit_account_id, -held.amount,
                             CASE WHEN p_kind = 'post_pending' THEN v_amount ELSE 0 END);
  RETURN ledger_outcome('created', created);
END;
$$;
