-- 0012_webhook_deliveries: signed delivery of event rows to agents' webhook_url.
--
-- The events table (0001) is the outbox. A clock pass fans each new event out into one delivery
-- row per party that has a webhook_url, marks the event dispatched, and enqueues the deliveries.
-- The delivery row is the state the reconciler trusts: losing Redis loses no delivery.

ALTER TABLE events ADD COLUMN dispatched_at timestamptz;
-- Events written before webhooks existed were never promised to anyone: they stay listable by
-- GET .../events, but are not sent now in one burst.
UPDATE events SET dispatched_at = now();
CREATE INDEX events_undispatched ON events (id) WHERE dispatched_at IS NULL;
CREATE INDEX events_agents ON events USING gin (agent_ids);

CREATE TABLE webhook_deliveries (
  event_id     bigint NOT NULL REFERENCES events (id),
  agent_id     char(24) NOT NULL REFERENCES agents (id),
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  -- the receiver's last HTTP status, when it answered at all
  last_status  integer,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  failed_at    timestamptz,
  PRIMARY KEY (event_id, agent_id)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (updated_at) WHERE status = 'pending';
