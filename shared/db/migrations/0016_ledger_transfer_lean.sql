-- 0016_ledger_transfer_lean: ledger_create_transfer (0005) with less work on its common path,
-- a transfer that is created. Same outcomes, same lock order, same checks:
--   - the lookup of the id after the locks is gone from that path: the INSERT ... ON CONFLICT
--     that follows already tells a twin committed meanwhile, and a refusal (no account, other
--     currency, lack of funds) looks the id up first, so a retry whose twin took the funds is
--     still answered 'exists';
--   - the totals are updated in the function itself instead of through ledger_move_totals, a
--     SQL function that PostgreSQL plans again on every call;
--   - the answer is built in place instead of through ledger_outcome, another SQL function.
-- The lookup before the locks stays: a retry is still answered without waiting for a
-- transaction that holds the accounts. ledger_move_totals and ledger_outcome stay for
-- ledger_resolve_pending and the refusals.
-- Measured with a loop of job settlements' three transfers per job, eight jobs per
-- transaction, on one connection: 1.30 -> 1.10 ms of backend CPU per job (medians of three).

CREATE OR REPLACE FUNCTION ledger_create_transfer(
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
  answer ledger_write_result;
BEGIN
  -- A retry is answered without taking any lock.
  SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
  IF FOUND THEN RETURN ledger_outcome('exists', existing); END IF;

  -- Both accounts in one statement, locked in id order: two transfers crossing between the same
  -- accounts queue up instead of deadlocking. FOR NO KEY UPDATE does not block foreign keys.
  FOR acc IN SELECT * FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR NO KEY UPDATE LOOP
    IF acc.id = p_debit THEN deb := acc; ELSE cre := acc; END IF;
  END LOOP;
  v_available := deb.credits_posted - deb.debits_posted - deb.debits_pending;

  IF deb.id IS NULL OR cre.id IS NULL OR deb.currency <> cre.currency
     OR (deb.debits_must_not_exceed_credits AND p_amount > v_available) THEN
    -- Looked up again under the locks before refusing: a concurrent twin may have committed
    -- while we waited, and its debit must not make this retry look like a lack of funds.
    SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
    IF FOUND THEN RETURN ledger_outcome('exists', existing); END IF;
    IF deb.id IS NULL THEN RETURN ledger_outcome('no_account', account_id => p_debit); END IF;
    IF cre.id IS NULL THEN RETURN ledger_outcome('no_account', account_id => p_credit); END IF;
    IF deb.currency <> cre.currency THEN
      RETURN ledger_outcome('currency_mismatch', debit_currency => deb.currency, credit_currency => cre.currency);
    END IF;
    RETURN ledger_outcome('insufficient_funds', account_id => deb.id, available => v_available);
  END IF;

  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind, state, timeout_at, metadata)
  VALUES (p_id, p_debit, p_credit, p_amount, deb.currency, p_code,
          CASE WHEN p_pending THEN 'pending' ELSE 'single' END, CASE WHEN p_pending THEN 'pending' END,
          p_timeout_at, p_metadata)
  ON CONFLICT (id) DO NOTHING
  RETURNING * INTO created;
  IF NOT FOUND THEN
    -- The id was taken meanwhile: a twin that committed while we waited for the locks, or a
    -- transfer between other accounts (which the caller reports as a conflict).
    SELECT * INTO existing FROM ledger_transfers WHERE id = p_id;
    RETURN ledger_outcome('exists', existing);
  END IF;

  UPDATE ledger_accounts SET
    debits_pending  = debits_pending  + CASE WHEN id = p_debit  THEN v_held ELSE 0 END,
    debits_posted   = debits_posted   + CASE WHEN id = p_debit  THEN p_amount - v_held ELSE 0 END,
    credits_pending = credits_pending + CASE WHEN id = p_credit THEN v_held ELSE 0 END,
    credits_posted  = credits_posted  + CASE WHEN id = p_credit THEN p_amount - v_held ELSE 0 END
  WHERE id IN (p_debit, p_credit);

  answer.outcome := 'created';
  answer.id := created.id;
  answer.debit_account_id := created.debit_account_id;
  answer.credit_account_id := created.credit_account_id;
  answer.amount := created.amount;
  answer.currency := created.currency;
  answer.code := created.code;
  answer.kind := created.kind;
  answer.pending_id := created.pending_id;
  answer.state := created.state;
  answer.timeout_at := created.timeout_at;
  answer.metadata := created.metadata;
  answer.created_at := created.created_at;
  RETURN answer;
END;
$$;
