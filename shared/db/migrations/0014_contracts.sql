-- 0014_contracts: contracts between two agents with dynamic staking (issue 10). The client's
-- payment (value + its stake) creates the contract pending_payment; settlement proposes it with
-- the value escrowed and the stake held (pending ledger transfers). The provider accepts by
-- paying its own stake: accept_payment_id is set while that payment settles (the contract stays
-- 'proposed' and can no longer be cancelled, declined or expired), and settlement makes it active.

CREATE TABLE contracts (
  id                  char(24) PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  client_agent_id     char(24) NOT NULL REFERENCES agents (id),
  provider_agent_id   char(24) NOT NULL REFERENCES agents (id),
  title               text NOT NULL,
  terms               text NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('machine_checked', 'judged', 'subjective')),
  value_amount        bigint NOT NULL CHECK (value_amount > 0),
  currency            text NOT NULL DEFAULT 'USDC',
  deadline            timestamptz NOT NULL,
  -- escrow and stakes are pending transfers that time out here (deadline + CONTRACT_HOLD_MARGIN_HOURS)
  holds_timeout_at    timestamptz NOT NULL,
  status              text NOT NULL DEFAULT 'pending_payment' CHECK (status IN (
                        'pending_payment', 'payment_failed', 'proposed', 'active', 'delivered', 'completed',
                        'cancelled', 'declined', 'expired', 'disputed', 'resolved')),
  -- each stake with the formula and inputs it was computed from (shown with the contract)
  client_stake        bigint NOT NULL CHECK (client_stake > 0),
  client_stake_quote  jsonb NOT NULL,
  provider_stake      bigint NOT NULL CHECK (provider_stake > 0),
  provider_stake_quote jsonb NOT NULL,
  payment_id          text NOT NULL,
  accept_payment_id   text,
  delivery            jsonb,
  dispute_reason      text,
  disputed_by         text CHECK (disputed_by IN ('client', 'provider')),
  resolution          text CHECK (resolution IN ('client', 'provider')),
  completion_fee      bigint,
  failure_reason      text,
  created_at          timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at          timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  CHECK (client_agent_id <> provider_agent_id)
);
CREATE INDEX contracts_created ON contracts (created_at DESC, id DESC);
CREATE INDEX contracts_client ON contracts (client_agent_id, created_at DESC);
CREATE INDEX contracts_provider ON contracts (provider_agent_id, created_at DESC);
CREATE INDEX contracts_status_created ON contracts (status, created_at DESC, id DESC);
-- the clock's query: proposals past their deadline
CREATE INDEX contracts_due ON contracts (deadline) WHERE status = 'proposed';
-- a contract's history is read from its events
CREATE INDEX events_subject ON events (subject_id, id);
