/** The public shape of an event: what a webhook body carries and what GET .../events lists. */
import type { AgentEvent, DeliveryRow, EventRow } from './queries.js';

/** Event ids leave the service as `evt_<number>`. */
export const EVENT_ID = /^evt_([1-9]\d{0,17})$/;

export const eventIdOf = (id: bigint | string): string => `evt_${id}`;

/** The numeric id inside `evt_<n>`, or undefined. */
export function parseEventId(value: string): string | undefined {
  return EVENT_ID.exec(value)?.[1];
}

export interface EventJson {
  id: string;
  type: string;
  subject_id: string;
  created_at: string;
  data: Record<string, unknown>;
}

export function toEventJson(e: EventRow): EventJson {
  return { id: eventIdOf(e.id), type: e.type, subject_id: e.subject_id, created_at: new Date(e.created_at).toISOString(), data: e.payload };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toDeliveryJson(d: DeliveryRow | null) {
  if (!d) return null;
  return {
    status: d.status, attempts: d.attempts, last_status: d.last_status, last_error: d.last_error,
    delivered_at: iso(d.delivered_at), failed_at: iso(d.failed_at), updated_at: iso(d.updated_at),
  };
}

export function toAgentEventJson(e: AgentEvent) {
  return { ...toEventJson(e), delivery: toDeliveryJson(e.delivery) };
}
