-- 0011_hosting: deployments (the 7-day trial and paid plans) and payments through the USD gateway.
-- Every deployment starts as an agent's one trial, so one row per agent. env is encrypted by the
-- service (it may hold the agent's secrets) and never shown back.
CREATE TABLE deployments (
  deploy_id      text PRIMARY KEY CHECK (deploy_id ~ '^DEP-[A-Z0-9]{6}$'),
  owner_agent_id char(24) NOT NULL UNIQUE REFERENCES agents (id),
  name           text NOT NULL,
  image          text NOT NULL,
  port           integer CHECK (port BETWEEN 1 AND 65535),
  env_sealed     text NOT NULL,
  env_keys       text[] NOT NULL DEFAULT '{}',
  command        jsonb,
  plan           text NOT NULL DEFAULT 'trial' CHECK (plan IN ('trial', 'micro', 'small', 'medium')),
  status         text NOT NULL DEFAULT 'provisioning'
                 CHECK (status IN ('provisioning', 'running', 'expired', 'upgrading', 'suspended', 'failed')),
  endpoint       text,
  failure_reason text,
  -- the trial's end; null once a paid plan runs
  expires_at     timestamptz,
  -- the end of the paid time; renewals extend it
  paid_until     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at     timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX deployments_trial_due ON deployments (expires_at) WHERE status IN ('provisioning', 'running') AND expires_at IS NOT NULL;
CREATE INDEX deployments_paid_due ON deployments (paid_until) WHERE status = 'running' AND paid_until IS NOT NULL;
CREATE INDEX deployments_pending_work ON deployments (updated_at) WHERE status IN ('provisioning', 'upgrading');

-- A payment asked for through the gateway (spec 4.4): what it buys, what it costs, and the two
-- ways to pay it. payment_id is the rail's payment row once a proof was given (verify).
CREATE TABLE gateway_payments (
  id              text PRIMARY KEY CHECK (id ~ '^gwp_[0-9a-f]{24}$'),
  service         text NOT NULL CHECK (service IN ('hosting', 'scan')),
  plan            text NOT NULL,
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  payer_agent     char(24) NOT NULL REFERENCES agents (id),
  deploy_id       text REFERENCES deployments (deploy_id),
  scan_key_id     char(24),
  status          text NOT NULL DEFAULT 'requires_payment'
                  CHECK (status IN ('requires_payment', 'processing', 'succeeded', 'failed')),
  failure_reason  text,
  invoice         text NOT NULL,
  payment_hash    text NOT NULL UNIQUE CHECK (payment_hash ~ '^[0-9a-f]{64}$'),
  amount_sats     bigint NOT NULL CHECK (amount_sats > 0),
  payment_id      text UNIQUE REFERENCES payments (id),
  -- for a new monthly scan key: the hash of the key the verifier was shown; the key itself is never stored
  new_key_hash    text,
  created_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
