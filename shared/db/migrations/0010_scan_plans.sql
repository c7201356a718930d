-- 0010_scan_plans: scan keys get a plan. A `pack` (bought by L402: 10 scans) is spent once; a
-- `monthly` key (sold by the gateway: 100 scans a month) has its quota reset by the clock at
-- period_ends_at while it is paid (paid_until). A pack key is minted on the first redeem of its
-- payment, under the payment's subject id, so a second redeem of the same proof finds it.
ALTER TABLE scan_keys
  ADD COLUMN plan text NOT NULL DEFAULT 'pack' CHECK (plan IN ('pack', 'monthly')),
  ADD COLUMN period_ends_at timestamptz,
  ADD COLUMN paid_until timestamptz,
  ADD COLUMN payment_id text REFERENCES payments (id),
  ADD CONSTRAINT scan_keys_monthly_dates CHECK ((plan = 'monthly') = (period_ends_at IS NOT NULL AND paid_until IS NOT NULL));

CREATE INDEX scan_keys_due ON scan_keys (period_ends_at) WHERE plan = 'monthly';
