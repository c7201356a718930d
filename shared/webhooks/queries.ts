/** The event outbox and webhook deliveries (migration 0012): every query of both tables. */
import type { Queryable } from '../db/pool.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface EventRow {
  id: bigint;
  type: string;
  subject_id: string;
  agent_ids: string[];
  payload: Record<string, unknown>;
  created_at: Date;
}

export interface DeliveryRow {
  event_id: bigint;
  agent_id: string;
  status: DeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
  failed_at: Date | null;
}

/** A delivery with what sending it needs: the event and the agent's current URL and salt. */
export interface DeliveryWork extends DeliveryRow {
  event: EventRow;
  webhook_url: string | null;
  signing_salt: string;
}

export interface DeliveryKey {
  eventId: string;
  agentId: string;
}

/**
 * The outbox pass: fans out up to `limit` undispatched events into one delivery per party with
 * a webhook_url, and marks them dispatched, in one statement. SKIP LOCKED lets two clocks (or
 * a slow pass) share the work without sending an event twice.
 */
export async function dispatchEvents(q: Queryable, limit: number): Promise<DeliveryKey[]> {
  const { rows } = await q.query<{ event_id: string; agent_id: string }>(
    `WITH batch AS (
       SELECT id, agent_ids FROM events WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     ), marked AS (
       UPDATE events e SET dispatched_at = now() FROM batch b WHERE e.id = b.id
     )
     INSERT INTO webhook_deliveries (event_id, agent_id)
     SELECT DISTINCT b.id, a.id FROM batch b JOIN agents a ON a.id = ANY (b.agent_ids) WHERE a.webhook_url IS NOT NULL
     ON CONFLICT DO NOTHING
     RETURNING event_id::text, agent_id`,
    [limit],
  );
  return rows.map((r) => ({ eventId: r.event_id, agentId: r.agent_id }));
}

export async function loadDelivery(q: Queryable, key: DeliveryKey): Promise<DeliveryWork | undefined> {
  const { rows } = await q.query<DeliveryRow & { webhook_url: string | null; signing_salt: string; e_type: string; e_subject: string; e_agents: string[]; e_payload: Record<string, unknown>; e_created: Date }>(
    `SELECT d.*, a.webhook_url, a.signing_salt, e.type AS e_type, e.subject_id AS e_subject, e.agent_ids AS e_agents,
            e.payload AS e_payload, e.created_at AS e_created
       FROM webhook_deliveries d JOIN events e ON e.id = d.event_id JOIN agents a ON a.id = d.agent_id
      WHERE d.event_id = $1 AND d.agent_id = $2`,
    [key.eventId, key.agentId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    ...r,
    event: { id: r.event_id, type: r.e_type, subject_id: r.e_subject, agent_ids: r.e_agents, payload: r.e_payload, created_at: r.e_created },
  };
}

/** Records one attempt's outcome on a pending delivery; `final` ends it as failed. */
export async function recordAttempt(
  q: Queryable, key: DeliveryKey, outcome: { ok: boolean; status?: number; error?: string; final?: boolean },
): Promise<DeliveryRow | undefined> {
  const status: DeliveryStatus = outcome.ok ? 'delivered' : outcome.final ? 'failed' : 'pending';
  const { rows } = await q.query<DeliveryRow>(
    `UPDATE webhook_deliveries
        SET attempts = attempts + 1, status = $3, last_status = $4, last_error = $5, updated_at = now(),
            delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
            failed_at = CASE WHEN $3 = 'failed' THEN now() END
      WHERE event_id = $1 AND agent_id = $2 AND status = 'pending'
      RETURNING *`,
    [key.eventId, key.agentId, status, outcome.status ?? null, outcome.ok ? null : (outcome.error ?? 'failed').slice(0, 500)],
  );
  return rows[0];
}

/** Ends a pending delivery as failed without an attempt (nowhere to send it). */
export async function failDelivery(q: Queryable, key: DeliveryKey, reason: string): Promise<void> {
  await q.query(
    `UPDATE webhook_deliveries SET status = 'failed', last_error = $3, failed_at = now(), updated_at = now()
      WHERE event_id = $1 AND agent_id = $2 AND status = 'pending'`,
    [key.eventId, key.agentId, reason.slice(0, 500)],
  );
}

/** Deliveries still pending after `olderThanMs` without news: the reconciler's list. */
export async function stalePendingDeliveries(q: Queryable, olderThanMs: number, limit = 500): Promise<DeliveryKey[]> {
  const { rows } = await q.query<{ event_id: string; agent_id: string }>(
    `SELECT event_id::text, agent_id FROM webhook_deliveries
      WHERE status = 'pending' AND updated_at < now() - make_interval(secs => $1 / 1000.0)
      ORDER BY updated_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((r) => ({ eventId: r.event_id, agentId: r.agent_id }));
}

/**
 * Puts a delivery of an event the agent is a party to back to pending (a redelivery), creating
 * it when the event was never sent to this agent. Undefined when the agent is not a party.
 */
export async function resetDelivery(q: Queryable, key: DeliveryKey): Promise<DeliveryRow | undefined> {
  const { rows } = await q.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries (event_id, agent_id)
     SELECT e.id, $2::text FROM events e WHERE e.id = $1 AND $2::text = ANY (e.agent_ids)
     ON CONFLICT (event_id, agent_id) DO UPDATE
        SET status = 'pending', attempts = 0, last_status = NULL, last_error = NULL,
            delivered_at = NULL, failed_at = NULL, updated_at = now()
     RETURNING *`,
    [key.eventId, key.agentId],
  );
  return rows[0];
}

export interface AgentEvent extends EventRow {
  delivery: DeliveryRow | null;
}

/** An agent's events, newest first, after the event id `beforeId` when given. */
export async function listAgentEvents(q: Queryable, agentId: string, opts: { limit: number; beforeId?: string; type?: string }): Promise<AgentEvent[]> {
  const { rows } = await q.query<EventRow & { delivery: DeliveryRow | null }>(
    `SELECT e.id, e.type, e.subject_id, e.agent_ids, e.payload, e.created_at,
            CASE WHEN d.event_id IS NULL THEN NULL ELSE to_jsonb(d) END AS delivery
       FROM events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id AND d.agent_id = $1
      WHERE e.agent_ids @> ARRAY[$1]::text[]
        AND ($2::bigint IS NULL OR e.id < $2::bigint)
        AND ($3::text IS NULL OR e.type = $3 OR e.type LIKE $3 || '.%')
      ORDER BY e.id DESC LIMIT $4`,
    [agentId, opts.beforeId ?? null, opts.type ?? null, opts.limit],
  );
  return rows;
}

export async function findAgentEvent(q: Queryable, eventId: string, agentId: string): Promise<EventRow | undefined> {
  const { rows } = await q.query<EventRow>('SELECT * FROM events WHERE id = $1 AND $2::text = ANY (agent_ids)', [eventId, agentId]);
  return rows[0];
}
