/**
 * The ledger's invariants, checked from the rows themselves: what `npm run ledger:check` and the
 * tests run. Each check is one statement, so each sees one consistent snapshot even on a live
 * database; run them all in a REPEATABLE READ transaction (as the CLI does) for one snapshot.
 */
import type { Queryable } from '../db/pool.js';
import { checkPayments } from './check-payments.js';
import { ACCOUNT_TOTAL_LIMIT } from './money.js';

export interface LedgerReport {
  ok: boolean;
  /** One line per broken invariant, naming the account or transfer and the figures. */
  problems: string[];
  accounts: number;
  transfers: number;
}

const TOTALS = ['debits_pending', 'debits_posted', 'credits_pending', 'credits_posted'] as const;

/**
 * Runs every check: debits equal credits per currency; stored totals equal the transfers'; no
 * guarded account overdrawn and no total negative; transfers in their accounts' currency;
 * pending transfers resolved consistently; settled payments credited exactly once.
 */
export async function checkLedger(q: Queryable): Promise<LedgerReport> {
  const problems: string[] = [];
  for (const check of [checkCurrencies, checkAccountTotals, checkAccountLimits, checkHeadroom, checkTransferCurrencies, checkPendingTransfers, checkPayments]) {
    problems.push(...(await check(q)));
  }
  const { rows } = await q.query<{ accounts: number; transfers: number }>(
    'SELECT (SELECT count(*) FROM ledger_accounts)::int AS accounts, (SELECT count(*) FROM ledger_transfers)::int AS transfers',
  );
  return { ok: problems.length === 0, problems, accounts: rows[0].accounts, transfers: rows[0].transfers };
}

/** Every transfer adds the same amount to one debit and one credit total, so sums must match. */
async function checkCurrencies(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string>>(
    `SELECT currency, sum(debits_posted)::text AS dpo, sum(credits_posted)::text AS cpo,
            sum(debits_pending)::text AS dpe, sum(credits_pending)::text AS cpe
     FROM ledger_accounts GROUP BY currency
     HAVING sum(debits_posted) <> sum(credits_posted) OR sum(debits_pending) <> sum(credits_pending)
     ORDER BY currency`,
  );
  return rows.map(
    (r) => `${r.currency}: debits do not equal credits (posted ${r.dpo} vs ${r.cpo}, pending ${r.dpe} vs ${r.cpe})`,
  );
}

/** Recomputes each account's four totals from its transfers and compares. */
async function checkAccountTotals(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string>>(
    `WITH effects (account_id, debits_pending, debits_posted, credits_pending, credits_posted) AS (
       SELECT debit_account_id, 0, amount, 0, 0 FROM ledger_transfers WHERE kind IN ('single', 'post_pending')
       UNION ALL SELECT credit_account_id, 0, 0, 0, amount FROM ledger_transfers WHERE kind IN ('single', 'post_pending')
       UNION ALL SELECT debit_account_id, amount, 0, 0, 0 FROM ledger_transfers WHERE kind = 'pending' AND state = 'pending'
       UNION ALL SELECT credit_account_id, 0, 0, amount, 0 FROM ledger_transfers WHERE kind = 'pending' AND state = 'pending'
     ), expected AS (
       SELECT account_id, sum(debits_pending) AS debits_pending, sum(debits_posted) AS debits_posted,
              sum(credits_pending) AS credits_pending, sum(credits_posted) AS credits_posted
       FROM effects GROUP BY account_id
     )
     SELECT a.id, a.currency,
       a.debits_pending::text AS stored_debits_pending, coalesce(e.debits_pending, 0)::text AS expected_debits_pending,
       a.debits_posted::text AS stored_debits_posted, coalesce(e.debits_posted, 0)::text AS expected_debits_posted,
       a.credits_pending::text AS stored_credits_pending, coalesce(e.credits_pending, 0)::text AS expected_credits_pending,
       a.credits_posted::text AS stored_credits_posted, coalesce(e.credits_posted, 0)::text AS expected_credits_posted
     FROM ledger_accounts a LEFT JOIN expected e ON e.account_id = a.id
     WHERE (a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted) IS DISTINCT FROM
           (coalesce(e.debits_pending, 0), coalesce(e.debits_posted, 0), coalesce(e.credits_pending, 0), coalesce(e.credits_posted, 0))
     ORDER BY a.id`,
  );
  return rows.map((r) => {
    const wrong = TOTALS.filter((t) => r[`stored_${t}`] !== r[`expected_${t}`]).map(
      (t) => `${t} is ${r[`stored_${t}`]} but its transfers add up to ${r[`expected_${t}`]}`,
    );
    return `account ${r.id} (${r.currency}): ${wrong.join(', ')}`;
  });
}

/** No guarded account overdrawn, no negative total, the guard set exactly on non-external accounts. */
async function checkAccountLimits(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string> & { guarded: boolean }>(
    `SELECT id, currency, kind, debits_must_not_exceed_credits AS guarded, debits_pending::text AS debits_pending,
            debits_posted::text AS debits_posted, credits_pending::text AS credits_pending, credits_posted::text AS credits_posted
     FROM ledger_accounts
     WHERE (debits_must_not_exceed_credits AND debits_posted + debits_pending > credits_posted)
        OR least(debits_pending, debits_posted, credits_pending, credits_posted) < 0
        OR debits_must_not_exceed_credits <> (kind <> 'external')
     ORDER BY id`,
  );
  const problems: string[] = [];
  for (const r of rows) {
    const name = `account ${r.id} (${r.kind} ${r.currency})`;
    if (r.guarded && BigInt(r.debits_posted) + BigInt(r.debits_pending) > BigInt(r.credits_posted)) {
      problems.push(`${name} is overdrawn: debits_posted ${r.debits_posted} + debits_pending ${r.debits_pending} > credits_posted ${r.credits_posted}`);
    }
    for (const t of TOTALS) if (BigInt(r[t]) < 0n) problems.push(`${name} has a negative ${t}: ${r[t]}`);
    if (r.guarded !== (r.kind !== 'external')) {
      problems.push(`${name} has debits_must_not_exceed_credits = ${r.guarded}, which a ${r.kind} account must not`);
    }
  }
  return problems;
}

/**
 * Accounts past half of ACCOUNT_TOTAL_LIMIT: not broken yet, but a person must act (roll the
 * account over) long before writes to it start failing.
 */
async function checkHeadroom(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string; total: string }>(
    `SELECT id, greatest(debits_pending, debits_posted, credits_pending, credits_posted)::text AS total
     FROM ledger_accounts WHERE greatest(debits_pending, debits_posted, credits_pending, credits_posted) > $1
     ORDER BY id`,
    [(ACCOUNT_TOTAL_LIMIT / 2n).toString()],
  );
  return rows.map((r) => `account ${r.id} is near its limit: a total of ${r.total} of at most ${ACCOUNT_TOTAL_LIMIT}`);
}

async function checkTransferCurrencies(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string>>(
    `SELECT t.id, t.currency, d.id AS debit, d.currency AS debit_currency, c.id AS credit, c.currency AS credit_currency
     FROM ledger_transfers t
     JOIN ledger_accounts d ON d.id = t.debit_account_id
     JOIN ledger_accounts c ON c.id = t.credit_account_id
     WHERE t.currency <> d.currency OR t.currency <> c.currency
     ORDER BY t.id`,
  );
  return rows.map(
    (r) => `transfer ${r.id} is in ${r.currency} but moves from ${r.debit} (${r.debit_currency}) to ${r.credit} (${r.credit_currency})`,
  );
}

/**
 * A pending transfer still 'pending' has no resolution; 'posted' has exactly one post of at most
 * its amount; 'voided' exactly one void of its whole amount. Resolutions use the pending
 * transfer's accounts and point at a pending transfer.
 */
async function checkPendingTransfers(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<Record<string, string> & { posts: number; voids: number; mismatched: boolean }>(
    `SELECT p.id, p.state, p.amount::text AS amount,
       count(c.id) FILTER (WHERE c.kind = 'post_pending')::int AS posts,
       count(c.id) FILTER (WHERE c.kind = 'void_pending')::int AS voids,
       coalesce(sum(c.amount), 0)::text AS resolved,
       coalesce(bool_or(c.debit_account_id <> p.debit_account_id OR c.credit_account_id <> p.credit_account_id
                        OR c.currency <> p.currency), false) AS mismatched
     FROM ledger_transfers p LEFT JOIN ledger_transfers c ON c.pending_id = p.id
     WHERE p.kind = 'pending'
     GROUP BY p.id
     HAVING coalesce(bool_or(c.debit_account_id <> p.debit_account_id OR c.credit_account_id <> p.credit_account_id
                             OR c.currency <> p.currency), false)
       OR NOT CASE p.state
         WHEN 'pending' THEN count(c.id) = 0
         WHEN 'posted' THEN count(c.id) = 1 AND bool_and(c.kind = 'post_pending') AND sum(c.amount) <= p.amount
         WHEN 'voided' THEN count(c.id) = 1 AND bool_and(c.kind = 'void_pending') AND sum(c.amount) = p.amount
         ELSE false END
     ORDER BY p.id`,
  );
  const problems = rows.map((r) =>
    r.mismatched
      ? `pending transfer ${r.id} has a post or void between other accounts or in another currency`
      : `pending transfer ${r.id} is '${r.state}' for ${r.amount} but has ${r.posts} post(s) and ${r.voids} void(s) totalling ${r.resolved}`,
  );
  const orphans = await q.query<Record<string, string>>(
    `SELECT c.id, c.kind, p.id AS target, p.kind AS target_kind
     FROM ledger_transfers c JOIN ledger_transfers p ON p.id = c.pending_id
     WHERE p.kind <> 'pending' ORDER BY c.id`,
  );
  for (const r of orphans.rows) problems.push(`${r.kind} transfer ${r.id} resolves ${r.target}, a ${r.target_kind} transfer`);
  return problems;
}
