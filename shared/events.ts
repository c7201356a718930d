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
  const log = eventLog;
  if (log) afterCommit(q, () => log.info({ event: type, subject_id: subjectId, agents: agentIds, ...payload }, type));
}
