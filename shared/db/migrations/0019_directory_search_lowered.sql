-- 0019_directory_search_lowered: the texts `q=` and `service=` search, stored lowered, so that a
-- search compares with LIKE instead of ILIKE over a join computed per row (issue 14).
--
-- ILIKE in a UTF-8 database lowers both sides with lower() and then matches as LIKE, so
-- `lower(text) LIKE lower(pattern)` is the same condition. With 0015's expression indexes every
-- row a search tests (the recheck of a trigram scan, or the filter of a newest-first walk) was
-- joined and lowered again; stored, it is matched as it lies. Measured on 100,000 agents: a walk
-- testing 5,300 rows 8.3 -> 3.1 ms, `service=translate` walking 440 rows 2.1 -> 0.19 ms (the
-- join of service names is a jsonb function). The trigram indexes move to the stored columns.
--
-- Adding a stored generated column rewrites the table under an exclusive lock: seconds for a
-- million agents.

ALTER TABLE agents
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(handle || E'\x1f' || name || E'\x1f' || description)) STORED,
  ADD COLUMN service_search_text text GENERATED ALWAYS AS (lower(agent_service_names(services))) STORED;

CREATE INDEX agents_search_text_trgm ON agents USING gin (search_text gin_trgm_ops);
CREATE INDEX agents_service_search_text_trgm ON agents USING gin (service_search_text gin_trgm_ops);

DROP INDEX agents_search_trgm;
DROP INDEX agents_service_names_trgm;
