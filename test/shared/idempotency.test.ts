import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { claimKey, completeKey, purgeKeys, releaseKey } from '../../shared/idempotency.js';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.drop());

describe('Idempotency-Key records', () => {
  it('claims a new key, reports it in progress, then replays the stored answer', async () => {
    expect(await claimKey(db.pool, 's', 'k1', 'h1')).toEqual({ kind: 'claimed' });
    expect(await claimKey(db.pool, 's', 'k1', 'h1')).toEqual({ kind: 'in_progress' });
    await completeKey(db.pool, 's', 'k1', { status: 201, body: { ok: 1 }, headers: { location: '/x' } });
    expect(await claimKey(db.pool, 's', 'k1', 'h1')).toEqual({ kind: 'replay', response: { status: 201, body: { ok: 1 }, headers: { location: '/x' } } });
    expect(await claimKey(db.pool, 's', 'k1', 'other')).toEqual({ kind: 'mismatch' });
  });

  it('frees a released key for the next attempt', async () => {
    await claimKey(db.pool, 's', 'k2', 'h');
    await releaseKey(db.pool, 's', 'k2');
    expect(await claimKey(db.pool, 's', 'k2', 'h')).toEqual({ kind: 'claimed' });
  });

  it('lets a request take over a claim abandoned by a process that died', async () => {
    await claimKey(db.pool, 's', 'k3', 'h');
    await db.pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes' WHERE key = 'k3'`);
    expect(await claimKey(db.pool, 's', 'k3', 'h')).toEqual({ kind: 'claimed' });
    expect(await claimKey(db.pool, 's', 'k3', 'h')).toEqual({ kind: 'in_progress' });
  });

  it('keeps keys for at least 24 hours', async () => {
    await claimKey(db.pool, 's', 'old', 'h');
    await claimKey(db.pool, 's', 'young', 'h');
    await completeKey(db.pool, 's', 'young', { status: 200, body: {}, headers: {} });
    await db.pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old'`);
    await db.pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '23 hours' WHERE key = 'young'`);
    expect(await purgeKeys(db.pool, 1)).toBe(1);
    expect((await claimKey(db.pool, 's', 'young', 'h')).kind).toBe('replay');
  });
});
