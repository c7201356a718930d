-- 0004_jobs: the job board. A job is created pending its x402 payment (posting fee + reward);
-- settlement opens it with the reward held in escrow (a pending ledger transfer), and each
-- later transition is one guarded UPDATE plus its ledger movement and event.

CREATE TABLE jobs (
  id               char(24) PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  title            text NOT NULL,
  description      text NOT NULL DEFAULT '',
  tags             text[] NOT NULL DEFAULT '{}',
  requirements     text[],
  reward_amount    bigint NOT NULL CHECK (reward_amount > 0),
  posting_fee      bigint NOT NULL CHECK (posting_fee >= 0),
  currency         text NOT NULL DEFAULT 'USDC',
  deadline         timestamptz,
  status           text NOT NULL DEFAULT 'pending_payment' CHECK (status IN (
                     'pending_payment', 'payment_failed', 'open', 'assigned', 'submitted', 'completed',
                     'cancelled', 'expired', 'disputed', 'resolved')),
  -- who posted: an agent (Bearer + X-Signature) or, anonymously, the paying wallet
  poster_agent_id  char(24) REFERENCES agents (id),
  poster_wallet    text NOT NULL,
  -- an anonymous poster manages the job with this key (sha256; the key is shown once)
  poster_key_hash  text,
  worker_agent_id  char(24) REFERENCES agents (id),
  result           jsonb,
  dispute_reason   text,
  resolution       text CHECK (resolution IN ('worker', 'poster')),
  payment_id       text NOT NULL,
  failure_reason   text,
  completion_fee   bigint,
  created_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  CHECK (poster_agent_id IS NOT NULL OR poster_key_hash IS NOT NULL)
);
CREATE INDEX jobs_created ON jobs (created_at DESC, id DESC);
CREATE INDEX jobs_status_created ON jobs (status, created_at DESC, id DESC);
CREATE INDEX jobs_tags ON jobs USING gin (tags);
CREATE INDEX jobs_poster_agent ON jobs (poster_agent_id, created_at DESC) WHERE poster_agent_id IS NOT NULL;
CREATE INDEX jobs_poster_wallet ON jobs (poster_wallet, created_at DESC);
CREATE INDEX jobs_due ON jobs (deadline) WHERE status IN ('open', 'assigned') AND deadline IS NOT NULL;
