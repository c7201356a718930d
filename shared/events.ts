/** The event outbox: rows written in the same transaction as the change they describe. */
import { afterCommit, preparedQuery, type Queryable } from './db/pool.js';
import type { Logger } from './logger.js';

let eventLog: Logger | undefined;

/**
 * Where each business event is logged once its transaction commits: one info line whose message
 * is the event type (`agent.activated`, `job.claimed`, `contract.accepted`, `deployment.suspended`,
 * `payment.succeeded` ...). main.ts sets it for the process; unset, events are not logged.
 */
export function logEventsTo(log: Logger | undefined): void {
  eventLog = log;
}

export async function recordEvent(q: Queryable, type: string, subjectId: string, agentIds: string[], payload: Record<string, unknown>): Promise<void> {
  await preparedQuery(q, 'INSERT INTO events (type, subject_id, agent_ids, payload) VALUES ($1, $2, $3, $4)', [type, subjectId, agentIds, JSON.stringify(payload)]);
  logOnCommit(q, { type, subjectId, agentIds, payload });
}

/** The event's log line, written once the transaction that recorded it commits (when events are logged). */
function logOnCommit(q: Queryable, e: NewEvent): void {
  const log = eventLog;
  if (log) afterCommit(q, () => log.info({ event: e.type, subject_id: e.subjectId, agents: e.agentIds, ...e.payload }, e.type));
}

/** One event for `recordEvents`: the arguments of `recordEvent`. */
export interface NewEvent {
  type: string;
  subjectId: string;
  agentIds: string[];
  payload: Record<string, unknown>;
}

/** `recordEvent` for each of `events`, in order, with one statement. */
export async function recordEvents(q: Queryable, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await preparedQuery(
    q,
    `INSERT INTO events (type, subject_id, agent_ids, payload)
     SELECT e.type, e.subject_id, ARRAY(SELECT jsonb_array_elements_text(e.agents)), e.payload
     FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[]) WITH ORDINALITY AS e(type, subject_id, agents, payload, ord)
     ORDER BY e.ord`,
    [events.map((e) => e.type), events.map((e) => e.subjectId), events.map((e) => JSON.stringify(e.agentIds)), events.map((e) => JSON.stringify(e.payload))],
  );
  for (const e of events) logOnCommit(q, e);
}
