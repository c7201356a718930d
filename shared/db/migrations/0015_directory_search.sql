-- 0015_directory_search: indexes for the directory's filters (issue 14). Before this, `q=` and
-- `service=` read every active agent (a sequential scan, 170 ms at 100,000 agents) and
-- `verified=true` / `featured=true` walked the newest-first index past every agent without the
-- flag. The queries keep their exact conditions (shared/agents/queries.ts) and add one of the
-- indexed expressions below as a prefilter that the exact condition implies.
--
-- pg_trgm is a trusted extension (PostgreSQL 13 and later): the database owner may create it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- `q=` matches handle, name or description. Joined by U+001F (the unit separator), a search
-- text without that character matches the join exactly when it matches one of the three, so
-- one condition says it all and the planner's estimate of it comes from this index's own
-- statistics (two conditions, the exact one plus an indexed one, multiply into an estimate far
-- too low, and a common word then reads thousands of rows instead of walking the newest-first
-- index). Trigram GIN serves ILIKE '%...%' for patterns of three characters or more.
CREATE INDEX agents_search_trgm ON agents
  USING gin ((handle || E'\x1f' || name || E'\x1f' || description) gin_trgm_ops);

-- `service=` matches the name of any of an agent's services: the same join over the names.
CREATE FUNCTION agent_service_names(services jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN jsonb_typeof(services) = 'array'
      THEN coalesce((SELECT string_agg(s ->> 'name', E'\x1f') FROM jsonb_array_elements(services) AS s), '')
      ELSE '' END
  $$;

CREATE INDEX agents_service_names_trgm ON agents
  USING gin (agent_service_names(services) gin_trgm_ops);

-- Few agents are verified or featured: newest first among them alone, instead of walking past
-- every other agent.
CREATE INDEX agents_active_verified_created ON agents (created_at DESC, id DESC) WHERE status = 'active' AND verified;
CREATE INDEX agents_active_featured_created ON agents (created_at DESC, id DESC) WHERE status = 'active' AND featured;
