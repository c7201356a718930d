/**
 * Scan keys: prepaid bundles of scans, sold by L402 (10 scans) or the monthly tier (100).
 * The plaintext key (`ac_scan_...`) is returned once by {@link mintScanKey}; only its sha256
 * is stored. Spending one scan is a single guarded UPDATE, so concurrent requests can never
 * use more scans than the key holds.
 */
import type { Queryable } from '../db/pool.js';
import { hashApiKey, newApiKey } from '../auth/credentials.js';
import { QuotaExhaustedError, UnauthenticatedError } from '../errors.js';
import { newId } from '../ids.js';

export const SCAN_KEY_PREFIX = 'ac_scan_';

export type ScanKeySource = 'l402' | 'monthly' | 'test';
export type ScanPlan = 'pack' | 'monthly';

export interface ScanKeyRow {
  id: string;
  key_hash: string;
  scans_total: number;
  scans_used: number;
  source: ScanKeySource;
  plan: ScanPlan;
  /** Monthly keys: when the quota is next reset (the renewal date). */
  period_ends_at: Date | null;
  /** Monthly keys: the end of the paid time; no reset after it. */
  paid_until: Date | null;
  payment_id: string | null;
  created_at: Date;
}

/** What GET /api/keys/me shows of a key. */
export function toKeyJson(row: ScanKeyRow) {
  return {
    plan: row.plan,
    scans_total: row.scans_total,
    scans_used: row.scans_used,
    scans_remaining: row.scans_total - row.scans_used,
    renews_at: row.plan === 'monthly' && row.paid_until && row.period_ends_at && row.period_ends_at < row.paid_until ? row.period_ends_at.toISOString() : null,
    paid_until: row.paid_until?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export interface MintedScanKey {
  id: string;
  /** The Bearer key; shown once, never stored. */
  key: string;
  scans_total: number;
  source: ScanKeySource;
}

/**
 * Creates a key worth `scans` scans and returns its plaintext once.
 *
 * @example
 * const { key } = await mintScanKey(db, { scans: 10, source: 'l402' });
 * // Authorization: Bearer ac_scan_...
 */
export async function mintScanKey(q: Queryable, opts: { scans: number; source: ScanKeySource }): Promise<MintedScanKey> {
  if (!Number.isInteger(opts.scans) || opts.scans < 0) throw new RangeError('scans must be a non-negative integer');
  const key = newApiKey(SCAN_KEY_PREFIX);
  const id = newId();
  await q.query('INSERT INTO scan_keys (id, key_hash, scans_total, source) VALUES ($1, $2, $3, $4)', [id, hashApiKey(key), opts.scans, opts.source]);
  return { id, key, scans_total: opts.scans, source: opts.source };
}

export async function findScanKey(q: Queryable, keyHash: string): Promise<ScanKeyRow | undefined> {
  const { rows } = await q.query<ScanKeyRow>('SELECT * FROM scan_keys WHERE key_hash = $1', [keyHash]);
  return rows[0];
}

export class UnknownScanKeyError extends UnauthenticatedError {
  constructor() {
    super('unknown scan key');
  }
}

export class ScanQuotaExhaustedError extends QuotaExhaustedError {
  constructor(readonly scansTotal: number) {
    super(`this scan key has used all ${scansTotal} of its scans; buy another pack: ` +
      'pay the invoice of the L402 challenge, or POST /api/l402/quickkey, pay, then POST /api/l402/redeem',
    { scans_total: scansTotal, scans_left: 0 });
  }
}

/**
 * Spends one scan of the key whose hash is given. Throws UnknownScanKeyError (401) or
 * ScanQuotaExhaustedError (402). Run it in the transaction that records the scan, so a scan
 * that is not recorded spends nothing.
 */
export async function consumeScan(q: Queryable, keyHash: string): Promise<ScanKeyRow> {
  const { rows } = await q.query<ScanKeyRow>(
    `UPDATE scan_keys SET scans_used = scans_used + 1
     WHERE key_hash = $1 AND scans_used < scans_total RETURNING *`,
    [keyHash],
  );
  if (rows[0]) return rows[0];
  const key = await findScanKey(q, keyHash);
  if (!key) throw new UnknownScanKeyError();
  throw new ScanQuotaExhaustedError(key.scans_total);
}
