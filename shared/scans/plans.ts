/**
 * The monthly scan plan (spec 8: 9 USD a month for 100 scans). The payment gateway sells it and
 * calls `grantMonthlyPlan` in the transaction that settles the payment: a new key, or a renewal
 * of the payer's key that extends its paid time by a month. The clock resets each paid key's
 * quota at its renewal date (`resetDueQuotas`); a key whose paid time has passed is not reset.
 */
import type { Queryable } from '../db/pool.js';
import { hashApiKey, newApiKey } from '../auth/credentials.js';
import { NotFoundError } from '../errors.js';
import { newId } from '../ids.js';
import { SCAN_KEY_PREFIX, type ScanKeyRow } from './keys.js';

/** Spec 8: the paid feed tier is 100 scans a month. */
export const MONTHLY_SCANS = 100;

export interface MonthlyGrant {
  key: ScanKeyRow;
  /** Only for a new key: its Bearer key, shown once. */
  apiKey?: string;
}

/** One calendar month on, in UTC (Jan 31 + 1 month = Feb 28/29, as PostgreSQL's interval does). */
const MONTH = `interval '1 month'`;

/**
 * Grants a month of the plan: renews `keyId` when given (from the later of now and its paid
 * time), or mints a new monthly key of `scans` scans a month. Idempotent per payment only through
 * its caller (the gateway books each payment once).
 */
export async function grantMonthlyPlan(tx: Queryable, opts: { keyId?: string; keyHash?: string; paymentId: string; scans: number; now?: Date }): Promise<MonthlyGrant> {
  const now = opts.now ?? new Date();
  if (opts.keyId) {
    const { rows } = await tx.query<ScanKeyRow>(
      `UPDATE scan_keys SET paid_until = greatest(paid_until, $2) + ${MONTH}, payment_id = $3
       WHERE id = $1 AND plan = 'monthly' RETURNING *`,
      [opts.keyId, now, opts.paymentId],
    );
    if (!rows[0]) throw new NotFoundError('monthly scan key');
    return { key: rows[0] };
  }
  // A caller that has shown the key already (the gateway's verify) passes only its hash.
  const apiKey = opts.keyHash ? undefined : newApiKey(SCAN_KEY_PREFIX);
  const { rows } = await tx.query<ScanKeyRow>(
    `INSERT INTO scan_keys (id, key_hash, scans_total, source, plan, period_ends_at, paid_until, payment_id)
     VALUES ($1, $2, $3, 'monthly', 'monthly', $4::timestamptz + ${MONTH}, $4::timestamptz + ${MONTH}, $5) RETURNING *`,
    [newId(), opts.keyHash ?? hashApiKey(apiKey!), opts.scans, now, opts.paymentId],
  );
  return { key: rows[0], ...(apiKey ? { apiKey } : {}) };
}

/**
 * The clock's quota reset: every monthly key whose renewal date has come and which is paid past
 * it starts a new period with its scans unused. Returns how many were reset.
 */
export async function resetDueQuotas(q: Queryable, now = new Date()): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE scan_keys SET scans_used = 0, period_ends_at = period_ends_at + ${MONTH}
     WHERE plan = 'monthly' AND period_ends_at <= $1 AND paid_until > period_ends_at`,
    [now],
  );
  return rowCount ?? 0;
}
