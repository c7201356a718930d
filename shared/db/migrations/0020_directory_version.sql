-- 0020_directory_version: a counter that every change to the agents table moves, so that a web
-- process may keep the pages of the directory it has served and answer a repeated search from
-- memory, yet never serve a page older than the table (issue 14).
--
-- A reader reads the counter first (one row, by primary key), then serves the page it keeps
-- for that counter and query, or reads the page and keeps it under that counter. The counter is
-- moved in the writing transaction, so a reader sees the new value exactly when it could see the
-- change: a page kept under the counter it read holds every change committed by then.
--
-- Statement-level, so a statement that writes many agents moves it once. Concurrent writers of
-- agents wait on this one row until they commit: agents change at registration, bond
-- settlement, an admin's flags and a webhook address, not on the paid path.

CREATE TABLE directory_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO directory_version (id, version) VALUES (true, 0);

CREATE FUNCTION bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE directory_version SET version = version + 1 WHERE id;
  RETURN NULL;
END
$$;

CREATE TRIGGER agents_directory_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
