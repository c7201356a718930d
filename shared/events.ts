/** The event outbox: rows written in the same transaction as the change they describe. */
import type { Queryable } from './db/pool.js';

export async function recordEvent(q: Queryable, type: string, subjectId: string, agentIds: string[], payload: Record<string, unknown>): Promise<void> {
  await q.query('INSERT INTO events (type, subject_id, agent_ids, payload) VALUES ($1, $2, $3, $4)', [type, subjectId, agentIds, JSON.stringify(payload)]);
}
