-- 0001_core: agents, their keys, payments received on any rail, idempotency records and the
-- event outbox. Money itself lives in the ledger (0002); payments here are the proofs.

CREATE TABLE agents (
  id            char(24) PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  handle        text NOT NULL CHECK (handle ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(handle) BETWEEN 3 AND 32),
  name          text NOT NULL,
  description   text NOT NULL DEFAULT '',
  services      jsonb,
  contact       jsonb NOT NULL,
  stack         text NOT NULL DEFAULT '',
  tags          text[],
  webhook_url   text,
  verified      boolean NOT NULL DEFAULT false,
  featured      boolean NOT NULL DEFAULT false,
  status        text NOT NULL DEFAULT 'pending_bond'
                CHECK (status IN ('pending_bond', 'active', 'suspended', 'exited', 'bond_failed')),
  wallet        text,
  bond_amount   bigint NOT NULL CHECK (bond_amount >= 0),
  bond_currency text NOT NULL DEFAULT 'USDC',
  -- sha256 of the Bearer key; the key itself is shown once and never stored.
  api_key_hash  text NOT NULL UNIQUE,
  -- the signing secret is derived from SIGNING_MASTER_KEY and this salt, never stored.
  signing_salt  text NOT NULL,
  -- millisecond precision: what JSON timestamps and cursors carry, so nothing is lost in a round trip
  created_at    timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at    timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
-- A handle is taken while its agent is anything but a failed registration.
CREATE UNIQUE INDEX agents_handle_unique ON agents (handle) WHERE status <> 'bond_failed';
CREATE INDEX agents_active_created ON agents (created_at DESC, id DESC) WHERE status = 'active';
CREATE INDEX agents_tags ON agents USING gin (tags);

-- One row per payment proof. proof_id is the rail's own id (x402: chain, payer and EIP-3009
-- nonce; Lightning: payment hash; gateway: payment id): its uniqueness is the atomic claim that
-- makes a replayed proof impossible to credit twice.
CREATE TABLE payments (
  id             text PRIMARY KEY,
  rail           text NOT NULL CHECK (rail IN ('x402', 'lightning', 'gateway')),
  proof_id       text NOT NULL UNIQUE,
  purpose        text NOT NULL,
  subject_id     text NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  currency       text NOT NULL,
  payer          text NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'failed')),
  -- what settlement needs to run again with the same payload after a crash
  payload        jsonb NOT NULL,
  requirements   jsonb NOT NULL,
  settlement     jsonb,
  failure_reason text,
  attempts       integer NOT NULL DEFAULT 0,
  -- set when settlement needs a person (e.g. a facilitator refused a retry of a settle that may
  -- already have gone through); the reconciler leaves such rows alone and ledger:check lists them
  review_reason  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  settled_at     timestamptz
);
CREATE INDEX payments_pending ON payments (updated_at) WHERE status = 'pending';
CREATE INDEX payments_subject ON payments (purpose, subject_id);

CREATE TABLE idempotency_keys (
  scope         text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer,
  response_body jsonb,
  response_headers jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Webhook-ready events, written in the same transaction as the change they describe.
CREATE TABLE events (
  id           bigserial PRIMARY KEY,
  type         text NOT NULL,
  subject_id   text NOT NULL,
  agent_ids    text[] NOT NULL DEFAULT '{}',
  payload      jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX events_undelivered ON events (id) WHERE delivered_at IS NULL;
