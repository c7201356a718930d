/**
 * Ledger accounts: natural ids, one currency each, running totals of pending and posted debits
 * and credits. Accounts are created on first use with `ensureAccount`.
 */
import { afterCommit, preparedQuery, type Queryable } from '../db/pool.js';
import { AccountConflictError, AccountNotFoundError } from './errors.js';
import { isCurrency, type Currency } from './money.js';

/** user: an agent's money; system: the service's own (escrow, bonds, fees); external: a rail. */
export type AccountKind = 'user' | 'system' | 'external';

/** One row of `ledger_accounts`. Totals are minor units of `currency`. */
export interface Account {
  id: string;
  currency: Currency;
  kind: AccountKind;
  /** True for user and system accounts: debitsPosted + debitsPending may not exceed creditsPosted. */
  debitsMustNotExceedCredits: boolean;
  debitsPending: bigint;
  debitsPosted: bigint;
  creditsPending: bigint;
  creditsPosted: bigint;
  createdAt: Date;
}

export interface NewAccount {
  id: string;
  currency: Currency;
  kind: AccountKind;
}

/**
 * What an account holds, in minor units, seen from the account's owner (credits are money in).
 * For an external account `posted` and `available` go negative: money that left the rail.
 */
export interface Balance {
  accountId: string;
  currency: Currency;
  /** creditsPosted - debitsPosted: what the account holds for good. */
  posted: bigint;
  /** Held out of this account by open pending transfers (escrow, stakes): debitsPending. */
  pendingOut: bigint;
  /** Promised to this account by open pending transfers: creditsPending. */
  pendingIn: bigint;
  /** posted - pendingOut: what a new transfer may still take out of it. */
  available: bigint;
}

/** Builders for the natural account ids, so every caller spells them the same way. */
export const AccountIds = {
  /** An agent's spendable money: `agent:<24hex>:available`. */
  agentAvailable: (agentId: string) => `agent:${agentId}:available`,
  /** An agent's identity bond: `bond:<24hex>`. */
  bond: (agentId: string) => `bond:${agentId}`,
  /** Money held for a subject: `escrow:job:<id>`, `escrow:contract:<id>`. */
  escrow: (subject: string, id: string) => `escrow:${subject}:${id}`,
  /** A party's stake on a subject: `stake:contract:<id>:client`. */
  stake: (subject: string, id: string, party: string) => `stake:${subject}:${id}:${party}`,
  /** Where a rail's money comes from: `external:x402:USDC`, `external:lightning:SAT`. */
  external: (rail: string, currency: Currency) => `external:${rail}:${currency}`,
  /** A scan key's buyer, where its pack's payment lands before the sale: `scan_key:<24hex>`. */
  scanKey: (keyId: string) => `scan_key:${keyId}`,
  /** A gateway payment's payer, where its money lands before the sale: `gateway:gwp_<24hex>`. */
  gatewayPayment: (paymentId: string) => `gateway:${paymentId}`,
  /** The service's fee income: `revenue:fees:USDC`. */
  fees: (currency: Currency) => `revenue:fees:${currency}`,
} as const;

/** Column list that maps snake_case rows onto `Account`. */
export const ACCOUNT_COLUMNS = `id, currency, kind,
  debits_must_not_exceed_credits AS "debitsMustNotExceedCredits",
  debits_pending AS "debitsPending", debits_posted AS "debitsPosted",
  credits_pending AS "creditsPending", credits_posted AS "creditsPosted",
  created_at AS "createdAt"`;

const KINDS: readonly AccountKind[] = ['user', 'system', 'external'];

/**
 * One round trip whether the account exists (the common case: it is read, nothing is written or
 * locked) or not (it is inserted). A concurrent creator that commits between the two parts makes
 * the INSERT do nothing and the statement return no row.
 */
const ENSURE_ACCOUNT = `WITH existing AS (
    SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id = $1
  ), inserted AS (
    INSERT INTO ledger_accounts (id, currency, kind, debits_must_not_exceed_credits)
    SELECT $1::text, $2::text, $3::text, $4::boolean WHERE NOT EXISTS (SELECT 1 FROM existing)
    ON CONFLICT (id) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}
  )
  SELECT * FROM existing UNION ALL SELECT * FROM inserted`;

/**
 * Creates the account, or returns it when it exists with the same currency and kind. Safe to
 * call on every use and from concurrent transactions. Throws `AccountConflictError` when the id
 * belongs to an account of another currency or kind.
 */
export async function ensureAccount(q: Queryable, account: NewAccount): Promise<Account> {
  checkNewAccount(account);
  const { rows } = await preparedQuery<Account>(q, ENSURE_ACCOUNT, [account.id, account.currency, account.kind, account.kind !== 'external']);
  return sameAccount(account, rows[0] ?? (await getAccount(q, account.id)));
}

/** A known currency and kind, or a TypeError. */
function checkNewAccount(account: NewAccount): void {
  if (!isCurrency(account.currency)) throw new TypeError(`unknown currency ${String(account.currency)}`);
  if (!KINDS.includes(account.kind)) throw new TypeError(`unknown account kind ${String(account.kind)}`);
}

/**
 * The account found for `wanted`, which must have its currency and kind. The statement finds no
 * row only when a concurrent transaction created the account after its snapshot was taken: the
 * caller then reads it again, and a row still missing (accounts are never deleted) must not read
 * as success.
 */
function sameAccount<A extends { currency: string; kind: string }>(wanted: NewAccount, existing: A | null | undefined): A {
  if (!existing) throw new AccountNotFoundError(wanted.id);
  if (existing.currency !== wanted.currency || existing.kind !== wanted.kind) {
    throw new AccountConflictError(wanted.id, `${existing.kind} ${existing.currency}`, `${wanted.kind} ${wanted.currency}`);
  }
  return existing;
}

/**
 * Accounts this process has seen committed, per database: `<database>\u0000<id>` -> `<kind> <currency>`.
 * Accounts are never deleted, so once seen an account needs no round trip to be "ensured".
 * Bounded: cleared when full, which costs a round trip per account until it is seen again.
 */
const committedAccounts = new Map<string, string>();
const COMMITTED_ACCOUNTS_MAX = 50_000;

/**
 * Which database a transaction's client talks to, or undefined for anything else (the pool, a
 * wrapper): then nothing is remembered. A process may hold pools to several databases.
 */
function databaseOf(q: Queryable): string | undefined {
  const params = (q as { connectionParameters?: { host?: string; port?: number; database?: string } }).connectionParameters;
  return params?.database ? `${params.host}:${params.port}/${params.database}` : undefined;
}

/**
 * `ensureAccount` for the hot path, where the account itself is not needed: no round trip at
 * all for an account this process has already seen committed in the same database (the
 * ledger's shared accounts, a returning payer). A kind or currency other than the remembered
 * one is an `AccountConflictError`, as `ensureAccount` would say.
 */
export async function openAccount(q: Queryable, account: NewAccount): Promise<void> {
  await openAccounts(q, [account]);
}

/**
 * `ensureAccount` for many accounts in one statement, when the accounts themselves are not
 * needed: each is created unless it exists with the same currency and kind. Ids may repeat (with
 * the same currency and kind). Throws `AccountConflictError` as `ensureAccount` does.
 */
export async function ensureAccounts(q: Queryable, accounts: NewAccount[]): Promise<void> {
  const wanted = new Map<string, NewAccount>();
  for (const a of accounts) {
    checkNewAccount(a);
    const seen = wanted.get(a.id);
    if (seen && (seen.currency !== a.currency || seen.kind !== a.kind)) throw new AccountConflictError(a.id, `${seen.kind} ${seen.currency}`, `${a.kind} ${a.currency}`);
    wanted.set(a.id, a);
  }
  if (wanted.size === 0) return;
  if (wanted.size === 1) {
    await ensureAccount(q, [...wanted.values()][0]);
    return;
  }
  const list = [...wanted.values()];
  const { rows } = await preparedQuery<{ id: string; currency: string; kind: string }>(q, ENSURE_ACCOUNTS, [
    list.map((a) => a.id), list.map((a) => a.currency), list.map((a) => a.kind), list.map((a) => a.kind !== 'external'),
  ]);
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const a of list) sameAccount(a, found.get(a.id) ?? (await getAccount(q, a.id)));
}

/** ENSURE_ACCOUNT over arrays of distinct ids: the existing rows, then the ones it inserted. */
const ENSURE_ACCOUNTS = `WITH wanted AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[]) AS w(id, currency, kind, flag)
  ), existing AS (
    SELECT a.id, a.currency, a.kind FROM ledger_accounts a WHERE a.id = ANY($1::text[])
  ), inserted AS (
    INSERT INTO ledger_accounts (id, currency, kind, debits_must_not_exceed_credits)
    SELECT w.id, w.currency, w.kind, w.flag FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM existing e WHERE e.id = w.id)
    ON CONFLICT (id) DO NOTHING RETURNING id, currency, kind
  )
  SELECT * FROM existing UNION ALL SELECT * FROM inserted`;

/**
 * `openAccount` for many accounts: the ones this process has not seen committed are ensured
 * together in one statement (none at all when every one is known), and remembered once the
 * transaction that may have created them has committed.
 */
export async function openAccounts(q: Queryable, accounts: NewAccount[]): Promise<void> {
  const database = databaseOf(q);
  const unknown: NewAccount[] = [];
  for (const account of accounts) {
    const wanted = `${account.kind} ${account.currency}`;
    const known = database === undefined ? undefined : committedAccounts.get(`${database}\u0000${account.id}`);
    if (known === undefined) unknown.push(account);
    else if (known !== wanted) throw new AccountConflictError(account.id, known, wanted);
  }
  if (unknown.length === 0) return;
  await ensureAccounts(q, unknown);
  if (database === undefined) return;
  afterCommit(q, () => {
    if (committedAccounts.size + unknown.length > COMMITTED_ACCOUNTS_MAX) committedAccounts.clear();
    for (const a of unknown) committedAccounts.set(`${database}\u0000${a.id}`, `${a.kind} ${a.currency}`);
  });
}

/** The account, or null when no account has this id. */
export async function getAccount(q: Queryable, id: string): Promise<Account | null> {
  const { rows } = await q.query<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The balance of an account as its owner sees it. Throws `AccountNotFoundError`. */
export async function balanceOf(q: Queryable, id: string): Promise<Balance> {
  const account = await getAccount(q, id);
  if (!account) throw new AccountNotFoundError(id);
  return balanceFromAccount(account);
}

/** Derives a `Balance` from an account row (no query). */
export function balanceFromAccount(a: Account): Balance {
  const posted = a.creditsPosted - a.debitsPosted;
  return {
    accountId: a.id,
    currency: a.currency,
    posted,
    pendingOut: a.debitsPending,
    pendingIn: a.creditsPending,
    available: posted - a.debitsPending,
  };
}
