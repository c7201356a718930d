-- 0009_installation: a random id made once per database. With the database's name it tells one
-- deployment from another, so that two deployments sharing one Redis under the same queue
-- prefix (and taking each other's jobs) are refused at start-up. A database cloned from a
-- template keeps the id but not the name.
CREATE TABLE installation (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  id uuid NOT NULL DEFAULT gen_random_uuid()
);
INSERT INTO installation DEFAULT VALUES;
