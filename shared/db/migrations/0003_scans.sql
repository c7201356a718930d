-- 0003_scans: skill scans and the scan keys that pay for them. A scan row is the truth of its
-- queue job (queued -> running -> done | failed); the threat feed is built from the done rows.

-- A prepaid bundle of scans. The key itself is shown once (ac_scan_...); only its sha256 is kept.
CREATE TABLE scan_keys (
  id          char(24) PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  key_hash    text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  scans_total integer NOT NULL CHECK (scans_total >= 0),
  -- the quota check is this constraint's twin in code: UPDATE ... WHERE scans_used < scans_total
  scans_used  integer NOT NULL DEFAULT 0 CHECK (scans_used >= 0 AND scans_used <= scans_total),
  source      text NOT NULL CHECK (source IN ('l402', 'monthly', 'test')),
  created_at  timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);

CREATE TABLE scans (
  id               char(16) PRIMARY KEY CHECK (id ~ '^[0-9a-f]{16}$'),
  -- what the client submitted; attacker-controlled text, cleaned where it is displayed
  skill_name       text NOT NULL,
  slug             text,
  version          text,
  downloads        bigint NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  -- [{path, text}]; cleared when the scan finishes, so a finished scan keeps no skill source
  files            jsonb,
  client_kind      text NOT NULL CHECK (client_kind IN ('trial', 'key')),
  scan_key_id      char(24) REFERENCES scan_keys (id),
  -- sha256 of the trial client's IP (first 32 hex), never the address itself
  trial_client     text,
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  verdict          text CHECK (verdict IN ('safe', 'unsafe')),
  highest_severity text CHECK (highest_severity IN ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL')),
  -- category of the (first) most severe finding: the feed item's category
  category         text,
  count_low        integer CHECK (count_low >= 0),
  count_medium     integer CHECK (count_medium >= 0),
  count_high       integer CHECK (count_high >= 0),
  count_critical   integer CHECK (count_critical >= 0),
  findings         jsonb,
  truncated        boolean,
  duration_ms      integer,
  error            text,
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  started_at       timestamptz,
  finished_at      timestamptz,
  CONSTRAINT scans_client CHECK (
    (client_kind = 'key' AND scan_key_id IS NOT NULL AND trial_client IS NULL) OR
    (client_kind = 'trial' AND scan_key_id IS NULL AND trial_client IS NOT NULL)),
  CONSTRAINT scans_done_has_result CHECK (status <> 'done' OR (
    verdict IS NOT NULL AND findings IS NOT NULL AND truncated IS NOT NULL AND finished_at IS NOT NULL AND
    count_low IS NOT NULL AND count_medium IS NOT NULL AND count_high IS NOT NULL AND count_critical IS NOT NULL)),
  CONSTRAINT scans_failed_has_reason CHECK (status <> 'failed' OR (error IS NOT NULL AND finished_at IS NOT NULL))
);

-- The feed's items: unsafe results newest first, LIMIT n, read straight off this index.
CREATE INDEX scans_feed_items ON scans (finished_at DESC, id DESC) WHERE status = 'done' AND verdict = 'unsafe';
-- The feed's stats (count, count of unsafe, newest finish) as an index-only scan of done rows.
CREATE INDEX scans_done_stats ON scans (finished_at, verdict) WHERE status = 'done';
-- Unfinished scans, oldest first, for the reconciler.
CREATE INDEX scans_unfinished ON scans (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX scans_scan_key ON scans (scan_key_id) WHERE scan_key_id IS NOT NULL;
