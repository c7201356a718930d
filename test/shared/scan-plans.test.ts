import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../helpers/harness.js';
import { grantMonthlyPlan, resetDueQuotas } from '../../shared/scans/plans.js';
import { consumeScan } from '../../shared/scans/keys.js';
import { hashApiKey } from '../../shared/auth/credentials.js';
import { transaction } from '../../shared/db/pool.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** A settled payment row for the grant to point at (the gateway will book real ones). */
async function paymentId(n: number): Promise<string> {
  const id = `pay_${String(n).padStart(24, '0')}`;
  await h.db.pool.query(
    `INSERT INTO payments (id, rail, proof_id, purpose, subject_id, amount, currency, payer, status, payload, requirements)
     VALUES ($1, 'gateway', $1, 'scan_monthly', 'x', 900, 'USD', 'agent', 'settled', '{}', '{}')`, [id]);
  return id;
}

const day = 24 * 3600 * 1000;

describe('the monthly scan plan', () => {
  it('mints a key with 100 scans a month, resets its quota at the renewal date only while paid, and renews', async () => {
    const start = new Date('2030-01-15T00:00:00Z');
    const grant = await transaction(h.db.pool, async (tx) => grantMonthlyPlan(tx, { paymentId: await paymentId(1), scans: 100, now: start }));
    expect(grant.apiKey).toMatch(/^ac_scan_/);
    expect(grant.key).toMatchObject({ plan: 'monthly', scans_total: 100, scans_used: 0 });
    expect(grant.key.period_ends_at?.toISOString()).toBe('2030-02-15T00:00:00.000Z');

    for (let i = 0; i < 3; i++) await consumeScan(h.db.pool, hashApiKey(grant.apiKey!));
    // Before the renewal date nothing is reset.
    expect(await resetDueQuotas(h.db.pool, new Date(start.getTime() + 20 * day))).toBe(0);
    // At the date, a key paid only until then is not reset: its month is over.
    expect(await resetDueQuotas(h.db.pool, new Date('2030-02-16T00:00:00Z'))).toBe(0);

    // A renewal payment extends the paid time by a month; the clock then starts a new period.
    const renewed = await transaction(h.db.pool, async (tx) => grantMonthlyPlan(tx, { keyId: grant.key.id, paymentId: await paymentId(2), scans: 100, now: new Date('2030-02-16T00:00:00Z') }));
    expect(renewed.apiKey).toBeUndefined();
    expect(renewed.key.paid_until?.toISOString()).toBe('2030-03-16T00:00:00.000Z');
    expect(await resetDueQuotas(h.db.pool, new Date('2030-02-16T00:00:01Z'))).toBe(1);

    const me = await request(h.app).get('/api/keys/me').set('Authorization', `Bearer ${grant.apiKey}`);
    expect(me.body.key).toMatchObject({ plan: 'monthly', scans_used: 0, scans_remaining: 100, renews_at: '2030-03-15T00:00:00.000Z', paid_until: '2030-03-16T00:00:00.000Z' });
  });

  it('refuses to renew a key that is not on the monthly plan', async () => {
    await expect(transaction(h.db.pool, async (tx) => grantMonthlyPlan(tx, { keyId: 'f'.repeat(24), paymentId: await paymentId(3), scans: 100 })))
      .rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
