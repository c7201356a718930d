-- 0020_directory_version: a counter that every change to the agents table moves, so that a web
-- process may keep the pages of the directory it has served and answer a repeated search from
-- memory, yet never serve a page older than the table (issue 14).
--
-- A reader reads the counter first (one row, by primary key), then serves the page it keeps for
-- that counter and query, or reads the page and keeps it under that counter. The counter is
-- moved in the writing transaction, so a reader sees the new value exactly when it could see the
-- change: a page kept under the counter it read holds every change committed by then.
--
-- The counter's row is the last lock a writing transaction takes: a deferred constraint trigger
-- moves it at COMMIT, once per transaction (a transaction-local setting marks it done). Moved
-- earlier, in the statement, concurrent registrations deadlocked: one held the counter while it
-- waited for another's payment row, which waited for the counter. At commit nothing is waited for
-- after it, so a writer waits on the counter only for another writer that is committing.
-- Agents change at registration, bond settlement, an admin's flags and a webhook address, not on
-- the paid path.

CREATE TABLE directory_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO directory_version (id, version) VALUES (true, 0);

CREATE FUNCTION bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ac.directory_bumped', true) IS DISTINCT FROM 'yes' THEN
    UPDATE directory_version SET version = version + 1 WHERE id;
    PERFORM set_config('ac.directory_bumped', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER agents_directory_version
  AFTER INSERT OR UPDATE OR DELETE ON agents
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_directory_version();

-- TRUNCATE takes the whole table at once; its trigger runs at once.
CREATE TRIGGER agents_directory_version_truncate
  AFTER TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
