/**
 * Idempotency-Key records (PRODUCT.md section 3): the first successful response to a key is kept
 * and replayed for the same request; the same key with another body is a conflict.
 */
import type { Queryable } from './db/pool.js';
import { PgCode, pgCode } from './db/pool.js';

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/**
 * A claim still in progress after this long belongs to a process that died mid-request; the
 * next request with the key may take it over. Far above the longest request (SETTLE_WAIT_MS).
 */
const ABANDONED_AFTER_SECONDS = 300;

async function takeOver(q: Queryable, scope: string, key: string, requestHash: string): Promise<Claim> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET created_at = now() WHERE scope = $1 AND key = $2 AND status_code IS NULL
       AND request_hash = $3 AND created_at < now() - make_interval(secs => $4)`,
    [scope, key, requestHash, ABANDONED_AFTER_SECONDS],
  );
  return rowCount ? { kind: 'claimed' } : { kind: 'in_progress' };
}

/** Claims a key for a request, or says what an earlier request with the same key left. */
export async function claimKey(q: Queryable, scope: string, key: string, requestHash: string): Promise<Claim> {
  try {
    await q.query('INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)', [scope, key, requestHash]);
    return { kind: 'claimed' };
  } catch (err) {
    if (pgCode(err) !== PgCode.uniqueViolation) throw err;
  }
  const { rows } = await q.query<{ request_hash: string; status_code: number | null; response_body: unknown; response_headers: Record<string, string> | null; stale: boolean }>(
    `SELECT request_hash, status_code, response_body, response_headers,
            created_at < now() - make_interval(secs => $3) AS stale
     FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    [scope, key, ABANDONED_AFTER_SECONDS],
  );
  const row = rows[0];
  if (!row) return claimKey(q, scope, key, requestHash); // released between our insert and select
  if (row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.status_code === null) return row.stale ? takeOver(q, scope, key, requestHash) : { kind: 'in_progress' };
  return { kind: 'replay', response: { status: row.status_code, body: row.response_body, headers: row.response_headers ?? {} } };
}

export async function completeKey(q: Queryable, scope: string, key: string, response: StoredResponse): Promise<void> {
  await q.query(
    'UPDATE idempotency_keys SET status_code = $3, response_body = $4, response_headers = $5 WHERE scope = $1 AND key = $2',
    [scope, key, response.status, JSON.stringify(response.body), JSON.stringify(response.headers)],
  );
}

/** Frees a key whose request did not succeed, so the client can try again with it. */
export async function releaseKey(q: Queryable, scope: string, key: string): Promise<void> {
  await q.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status_code IS NULL', [scope, key]);
}

/** Forgets keys older than `maxAgeHours` (at least 24 by contract). */
export async function purgeKeys(q: Queryable, maxAgeHours: number): Promise<number> {
  const { rowCount } = await q.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [Math.max(24, maxAgeHours)]);
  return rowCount ?? 0;
}
