-- 0008_lightning: the embedded Lightning backend's invoices and the root keys of L402 macaroons.
-- Hashes, preimages and token ids are lowercase hex text, the form every API answer uses.

-- Invoices issued by the embedded backend (LIGHTNING_BACKEND=embedded). Every process signs with
-- the same node key and reads this table, so an invoice made by the web role can be settled by
-- another. 'expired' is not stored: an open row past expires_at is expired when read.
CREATE TABLE lightning_invoices (
  payment_hash text PRIMARY KEY CHECK (payment_hash ~ '^[0-9a-f]{64}$'),
  -- sha256(preimage) = payment_hash; kept because the embedded backend is the payee's node
  preimage     text NOT NULL CHECK (preimage ~ '^[0-9a-f]{64}$'),
  invoice      text NOT NULL,
  amount_sats  bigint NOT NULL CHECK (amount_sats > 0),
  memo         text NOT NULL DEFAULT '',
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'canceled')),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL CHECK (expires_at > created_at),
  settled_at   timestamptz,
  CHECK ((status = 'settled') = (settled_at IS NOT NULL))
);

-- Open invoices by age, for a worker that polls for settlement or sweeps expired rows.
CREATE INDEX lightning_invoices_open_idx ON lightning_invoices (expires_at) WHERE status = 'open';

-- One random root key per L402 macaroon, keyed by the token id of its identifier. Deleting or
-- revoking the row makes the macaroon worthless without touching any other token.
CREATE TABLE l402_root_keys (
  token_id     text PRIMARY KEY CHECK (token_id ~ '^[0-9a-f]{64}$'),
  root_key     bytea NOT NULL CHECK (octet_length(root_key) = 32),
  payment_hash text NOT NULL CHECK (payment_hash ~ '^[0-9a-f]{64}$'),
  service      text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked      boolean NOT NULL DEFAULT false,
  revoked_at   timestamptz,
  CHECK (revoked = (revoked_at IS NOT NULL))
);

CREATE INDEX l402_root_keys_payment_hash_idx ON l402_root_keys (payment_hash);
