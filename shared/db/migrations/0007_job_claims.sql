-- 0007_job_claims: a claim on a job lapses. Without it one agent could claim every open job
-- without a deadline and hold the posters' escrow forever (issue 7). claim_expires_at is set by
-- a claim (now + JOB_CLAIM_TTL_MINUTES) and cleared when the job leaves 'assigned'; the clock
-- hands jobs whose claim has lapsed back to 'open'.

ALTER TABLE jobs ADD COLUMN claim_expires_at timestamptz;

-- Claims made before this migration get the default time-out from now rather than none, so
-- that jobs squatted before the fix are released too (millisecond precision, as elsewhere).
UPDATE jobs SET claim_expires_at = date_trunc('milliseconds', now()) + interval '24 hours'
 WHERE status = 'assigned';

-- The clock's query: assigned jobs by lapse time.
CREATE INDEX jobs_claim_lapse ON jobs (claim_expires_at) WHERE status = 'assigned';
-- The per-agent cap: an agent's assigned jobs, counted on every claim.
CREATE INDEX jobs_worker_assigned ON jobs (worker_agent_id) WHERE status = 'assigned';
