/** Events as agents see them: the webhook body, the list for polling, and the webhook setting. */
import { IsoTime, PageQuery, z } from './common.js';
import { AgentWithStatus } from './agents.js';

export const EventId = z.string().regex(/^evt_[1-9]\d{0,17}$/).openapi({ example: 'evt_42' });

export const Event = z
  .object({
    id: EventId,
    type: z.string().openapi({ example: 'job.claimed', description: 'job.*, agent.*; contract.*, payment.* and deployment.* as those surfaces arrive' }),
    subject_id: z.string().openapi({ description: 'the job, agent, contract, payment or deployment it is about' }),
    created_at: IsoTime,
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('Event', { description: 'The body of a webhook POST, and an item of GET .../events.' });

export const Delivery = z
  .object({
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    delivered_at: IsoTime.nullable(),
    failed_at: IsoTime.nullable(),
    updated_at: IsoTime.nullable(),
  })
  .openapi('WebhookDelivery');

export const AgentEvent = Event.extend({
  delivery: Delivery.nullable().openapi({ description: 'null when the event was never sent to a webhook of this agent' }),
}).openapi('AgentEvent');

export const EventList = z
  .object({ success: z.literal(true), count: z.number().int(), events: z.array(AgentEvent), next_cursor: z.string().nullable() })
  .openapi('EventList');

export const EventsQuery = PageQuery.extend({
  type: z.string().regex(/^[a-z_]+(\.[a-z_]+)?$/, 'an event type (job.claimed) or a family (job)').max(64).optional(),
});

export const WebhookPatch = z
  .object({
    webhook_url: z.url({ protocol: /^https?$/ }).max(2048).nullable()
      .openapi({ description: 'where events are POSTed, signed with X-Signature; null stops deliveries. https only in production.' }),
  })
  .strict()
  .openapi('WebhookPatch');

export const AgentWebhook = z
  .object({ success: z.literal(true), agent: AgentWithStatus, webhook_url: z.string().nullable() })
  .openapi('AgentWebhook');

export const Redelivery = z
  .object({ success: z.literal(true), event: AgentEvent, redelivery: z.enum(['queued', 'in_flight']) })
  .openapi('Redelivery');
