import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Job } from 'bullmq';
import { pino } from 'pino';
import { createHarness, type Harness } from '../helpers/harness.js';
import { signedPaymentFor } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { logEventsTo, recordEvent } from '../../shared/events.js';
import { transaction } from '../../shared/db/pool.js';
import { paymentRails } from '../../shared/payments/rails/index.js';
import { purposeHandlers } from '../../shared/purposes.js';
import { settlementProcessor } from '../../workers/settlement.js';

let h: Harness;
const lines: Array<Record<string, unknown>> = [];
const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s)) });

beforeAll(async () => {
  // No worker runs here: the paid request answers 202 without waiting long for one.
  h = await createHarness({ SETTLE_WAIT_MS: '300' });
  logEventsTo(log);
});
afterAll(async () => {
  logEventsTo(undefined);
  await h?.close();
});
beforeEach(() => {
  lines.length = 0;
});

describe('business event logs', () => {
  it('logs an event as one info line once its transaction commits, and not before', async () => {
    await transaction(h.db.pool, async (tx) => {
      await recordEvent(tx, 'test.happened', 'subject-1', ['agt_one'], { reason: 'because' });
      expect(lines).toEqual([]);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'test.happened', event: 'test.happened', subject_id: 'subject-1', agents: ['agt_one'], reason: 'because' });
  });

  it('logs nothing for a transaction that rolls back', async () => {
    await expect(transaction(h.db.pool, async (tx) => {
      await recordEvent(tx, 'test.undone', 'subject-2', [], {});
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(lines).toEqual([]);
  });

  it('logs the payment settled and the agent activated when a paid registration settles', async () => {
    const body = agentBody('logged-agent');
    const header = await signedPaymentFor(`${h.baseUrl}/api/v1/agents/register`, body);
    const res = await request(h.app).post('/api/v1/agents/register').send(body).set('PAYMENT-SIGNATURE', header);
    expect(res.status).toBe(202);
    const paymentId = res.body.bond.payment_id as string;
    const settle = settlementProcessor({ db: h.db.pool, rails: paymentRails({ facilitator: h.deps.facilitator }), purposes: purposeHandlers() }, log);
    expect(await settle({ data: { paymentId }, attemptsMade: 0 } as Job)).toBe('settled');
    expect(lines.map((l) => l.msg)).toEqual(['agent.activated', 'payment settled']);
    expect(lines[0]).toMatchObject({ event: 'agent.activated', subject_id: res.body.agent.id, payment_id: paymentId });
    expect(lines[1]).toMatchObject({ level: 30, paymentId });
  });
});
