/**
 * `l402_root_keys` (migration 0008): one random 32-byte root key per L402 macaroon, keyed by the
 * token id in its identifier. Revoking a row kills that one token.
 */
import type { Queryable } from '../db/pool.js';

export interface RootKeyRow {
  token_id: string;
  root_key: Buffer;
  payment_hash: string;
  service: string;
  created_at: Date;
  expires_at: Date;
  revoked: boolean;
  revoked_at: Date | null;
}

export async function insertRootKey(
  db: Queryable,
  row: Pick<RootKeyRow, 'token_id' | 'root_key' | 'payment_hash' | 'service' | 'expires_at'>,
): Promise<void> {
  await db.query(
    'INSERT INTO l402_root_keys (token_id, root_key, payment_hash, service, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [row.token_id, row.root_key, row.payment_hash, row.service, row.expires_at],
  );
}

export async function findRootKey(db: Queryable, tokenId: string): Promise<RootKeyRow | undefined> {
  const { rows } = await db.query<RootKeyRow>('SELECT * FROM l402_root_keys WHERE token_id = $1', [tokenId]);
  return rows[0];
}

/**
 * Revokes one token; true when this call revoked it, false when it was unknown or already
 * revoked (revoking is idempotent).
 */
export async function revokeL402Token(db: Queryable, tokenId: string, now: Date = new Date()): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE l402_root_keys SET revoked = true, revoked_at = $2 WHERE token_id = $1 AND NOT revoked',
    [tokenId, now],
  );
  return rowCount === 1;
}

/** Revokes every token minted for a payment hash (a refunded or disputed payment); returns how many. */
export async function revokeL402TokensForPayment(db: Queryable, paymentHash: string, now: Date = new Date()): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE l402_root_keys SET revoked = true, revoked_at = $2 WHERE payment_hash = $1 AND NOT revoked',
    [paymentHash, now],
  );
  return rowCount ?? 0;
}
