-- 0018_ledger_create_transfers_set: ledger_create_transfers (0017) as a few set-based statements
-- instead of one ledger_create_transfer per transfer. Same arguments, same answers: the
-- transfers in the order given, each answered as ledger_create_transfer one after the other
-- would answer it, ending at the first refusal with nothing after it written. What changes is
-- the work: every account of the batch is locked once (all of them in id order, up front), the
-- new transfers are one multi-row INSERT, and each account's totals are updated once with the
-- sum of its moves, where the loop locked and updated both accounts of every transfer (a
-- settlement group moves the same external and fee accounts once per payment).
--   - A batch whose every id exists already (a retry) is answered without taking any lock.
--   - The ids are looked up again under the locks: a twin committed while this one waited is
--     answered 'exists' and moves nothing, as in ledger_create_transfer.
--   - The first refusal is found with running sums: a transfer's debit account has its funds
--     as locked plus what the batch's earlier transfers moved in or out of it, which is what
--     that account's row would hold when ledger_create_transfer reached it. Refusals keep
--     ledger_create_transfer's order of checks (no debit account, no credit account, currency,
--     funds) and its figures.
--   - An id taken meanwhile by a transfer between other accounts is skipped by the INSERT and
--     answered 'exists' with that transfer (the caller reports the conflict), as before.
-- A batch that names an id twice is not set-based: it runs through the loop of 0017.

CREATE OR REPLACE FUNCTION ledger_create_transfers(
  p_ids text[], p_debits text[], p_credits text[], p_amounts bigint[], p_codes text[],
  p_pendings boolean[], p_timeouts timestamptz[], p_metadatas jsonb[]
) RETURNS TABLE (ord integer, result ledger_write_result) LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_ids, 1), 0);
  v_existing text[];
  v_created text[];
  v_fail integer;
  v_outcome text;
  v_account text;
  v_available bigint;
  v_debit_currency text;
  v_credit_currency text;
BEGIN
  IF n = 0 THEN RETURN; END IF;

  IF (SELECT count(DISTINCT x) FROM unnest(p_ids) x) <> n THEN
    FOR i IN 1 .. n LOOP
      ord := i;
      result := ledger_create_transfer(p_ids[i], p_debits[i], p_credits[i], p_amounts[i], p_codes[i], p_pendings[i], p_timeouts[i], p_metadatas[i]);
      RETURN NEXT;
      EXIT WHEN (result).outcome NOT IN ('created', 'exists');
    END LOOP;
    RETURN;
  END IF;

  -- A retry is answered without taking any lock.
  SELECT coalesce(array_agg(t.id), '{}') INTO v_existing FROM ledger_transfers t WHERE t.id = ANY(p_ids);
  IF cardinality(v_existing) < n THEN
    -- Every account the new transfers touch, in id order: two batches (or a batch and a single
    -- transfer) crossing the same accounts queue up instead of deadlocking.
    PERFORM 1 FROM ledger_accounts a
    WHERE a.id IN (SELECT unnest(ARRAY[u.debit, u.credit]) FROM unnest(p_ids, p_debits, p_credits) AS u(id, debit, credit)
                   WHERE NOT (u.id = ANY(v_existing)))
    ORDER BY a.id FOR NO KEY UPDATE;
    -- Again under the locks: a twin may have committed while we waited.
    SELECT coalesce(array_agg(t.id), '{}') INTO v_existing FROM ledger_transfers t WHERE t.id = ANY(p_ids);
  END IF;

  -- The first refusal, if any.
  WITH tr AS (
    SELECT u.ord::integer AS ord, u.debit, u.credit, u.amount, u.pending
    FROM unnest(p_ids, p_debits, p_credits, p_amounts, p_pendings) WITH ORDINALITY AS u(id, debit, credit, amount, pending, ord)
    WHERE NOT (u.id = ANY(v_existing))
  ), moves AS (
    -- What each new transfer does to the funds of its accounts: a debit takes the amount (held
    -- or posted), a posted credit adds it, a pending credit adds nothing yet.
    SELECT tr.ord, tr.debit AS account, -tr.amount AS delta, true AS is_debit FROM tr
    UNION ALL
    SELECT tr.ord, tr.credit, CASE WHEN tr.pending THEN 0 ELSE tr.amount END, false FROM tr
  ), before AS (
    SELECT m.ord, coalesce(sum(m.delta) OVER (PARTITION BY m.account ORDER BY m.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS moved, m.is_debit
    FROM moves m
  ), checked AS (
    SELECT tr.ord, tr.debit, tr.credit, tr.amount, d.id AS d_id, c.id AS c_id, d.currency AS d_cur, c.currency AS c_cur,
           d.debits_must_not_exceed_credits AS d_bounded,
           d.credits_posted - d.debits_posted - d.debits_pending + b.moved AS available
    FROM tr
    JOIN before b ON b.ord = tr.ord AND b.is_debit
    LEFT JOIN ledger_accounts d ON d.id = tr.debit
    LEFT JOIN ledger_accounts c ON c.id = tr.credit
  )
  SELECT ck.ord,
         CASE WHEN ck.d_id IS NULL OR ck.c_id IS NULL THEN 'no_account' WHEN ck.d_cur <> ck.c_cur THEN 'currency_mismatch' ELSE 'insufficient_funds' END,
         CASE WHEN ck.d_id IS NULL THEN ck.debit WHEN ck.c_id IS NULL THEN ck.credit WHEN ck.d_cur <> ck.c_cur THEN NULL ELSE ck.d_id END,
         CASE WHEN ck.d_id IS NOT NULL AND ck.c_id IS NOT NULL AND ck.d_cur = ck.c_cur THEN ck.available END,
         CASE WHEN ck.d_id IS NOT NULL AND ck.c_id IS NOT NULL AND ck.d_cur <> ck.c_cur THEN ck.d_cur END,
         CASE WHEN ck.d_id IS NOT NULL AND ck.c_id IS NOT NULL AND ck.d_cur <> ck.c_cur THEN ck.c_cur END
  INTO v_fail, v_outcome, v_account, v_available, v_debit_currency, v_credit_currency
  FROM checked ck
  WHERE ck.d_id IS NULL OR ck.c_id IS NULL OR ck.d_cur <> ck.c_cur OR (ck.d_bounded AND ck.amount > ck.available)
  ORDER BY ck.ord LIMIT 1;
  v_fail := coalesce(v_fail, n + 1);

  -- The new transfers before the refusal, and each account's totals once.
  WITH ins AS (
    INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind, state, timeout_at, metadata)
    SELECT u.id, u.debit, u.credit, u.amount, d.currency, u.code,
           CASE WHEN u.pending THEN 'pending' ELSE 'single' END, CASE WHEN u.pending THEN 'pending' END, u.timeout_at, u.metadata
    FROM unnest(p_ids, p_debits, p_credits, p_amounts, p_codes, p_pendings, p_timeouts, p_metadatas)
           WITH ORDINALITY AS u(id, debit, credit, amount, code, pending, timeout_at, metadata, ord)
    JOIN ledger_accounts d ON d.id = u.debit
    WHERE u.ord < v_fail AND NOT (u.id = ANY(v_existing))
    ORDER BY u.ord
    ON CONFLICT (id) DO NOTHING
    RETURNING id, debit_account_id, credit_account_id, amount, kind
  ), totals AS (
    SELECT m.account, sum(m.dp) AS dp, sum(m.dpo) AS dpo, sum(m.cp) AS cp, sum(m.cpo) AS cpo
    FROM (
      SELECT ins.debit_account_id AS account,
             CASE WHEN ins.kind = 'pending' THEN ins.amount ELSE 0 END AS dp, CASE WHEN ins.kind = 'pending' THEN 0 ELSE ins.amount END AS dpo,
             0::bigint AS cp, 0::bigint AS cpo
      FROM ins
      UNION ALL
      SELECT ins.credit_account_id, 0, 0,
             CASE WHEN ins.kind = 'pending' THEN ins.amount ELSE 0 END, CASE WHEN ins.kind = 'pending' THEN 0 ELSE ins.amount END
      FROM ins
    ) m GROUP BY m.account
  ), moved AS (
    UPDATE ledger_accounts a SET
      debits_pending = a.debits_pending + t.dp, debits_posted = a.debits_posted + t.dpo,
      credits_pending = a.credits_pending + t.cp, credits_posted = a.credits_posted + t.cpo
    FROM totals t WHERE a.id = t.account
    RETURNING 1
  )
  SELECT coalesce(array_agg(ins.id), '{}') INTO v_created FROM ins;

  RETURN QUERY
  SELECT u.ord::integer,
         ROW(CASE WHEN t.id = ANY(v_created) THEN 'created' ELSE 'exists' END, NULL, NULL, NULL, NULL,
             t.id, t.debit_account_id, t.credit_account_id, t.amount, t.currency, t.code, t.kind, t.pending_id, t.state,
             t.timeout_at, t.metadata, t.created_at)::ledger_write_result
  FROM unnest(p_ids) WITH ORDINALITY AS u(id, ord)
  JOIN ledger_transfers t ON t.id = u.id
  WHERE u.ord < v_fail
  ORDER BY u.ord;
  IF v_fail <= n THEN
    ord := v_fail;
    result := ledger_outcome(v_outcome, NULL, v_account, v_available, v_debit_currency, v_credit_currency);
    RETURN NEXT;
  END IF;
END;
$$;
