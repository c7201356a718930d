-- 0017_ledger_create_transfers: several transfers in one statement, for a settlement group that
-- books the transfers of many payments at once. Each transfer goes through
-- ledger_create_transfer (0005, 0016) in the order given, with its own locks, checks and
-- outcome, exactly as the same calls one after the other would; the first refusal (no account,
-- currency mismatch, lack of funds) ends the list, so nothing after it is attempted. The answer
-- is one row per transfer attempted, in order, with its position (1-based).
-- The transfers before a refusal stay written in the caller's transaction: a caller that does
-- not want them rolls back (shared/ledger/transfers.ts, createTransfers, says so).

CREATE FUNCTION ledger_create_transfers(
  p_ids text[], p_debits text[], p_credits text[], p_amounts bigint[], p_codes text[],
  p_pendings boolean[], p_timeouts timestamptz[], p_metadatas jsonb[]
) RETURNS TABLE (ord integer, result ledger_write_result) LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    ord := i;
    result := ledger_create_transfer(p_ids[i], p_debits[i], p_credits[i], p_amounts[i], p_codes[i], p_pendings[i], p_timeouts[i], p_metadatas[i]);
    RETURN NEXT;
    EXIT WHEN (result).outcome NOT IN ('created', 'exists');
  END LOOP;
END;
$$;
