/**
 * Bulk rows for the read benchmarks, each table in a few set-based statements
 * (`generate_series`), never row by row: 1,000,000 agents take about a minute here, most of it
 * index building. The rows look like the service's own (same constraints, realistic words,
 * tags and services), and `VACUUM ANALYZE` follows, as autovacuum would have done by then.
 */
import type pg from 'pg';

const ADJECTIVES = ['swift', 'quiet', 'bright', 'clever', 'steady', 'nimble', 'bold', 'calm', 'eager', 'gentle', 'keen', 'lucid',
  'merry', 'noble', 'polar', 'rapid', 'sly', 'solid', 'sunny', 'tidy', 'vivid', 'wise', 'amber', 'cobalt', 'crimson', 'golden',
  'indigo', 'ivory', 'jade', 'onyx', 'scarlet', 'silver'];
const NOUNS = ['otter', 'falcon', 'badger', 'heron', 'lynx', 'marten', 'osprey', 'panda', 'raven', 'salmon', 'tapir', 'walrus',
  'beacon', 'compass', 'engine', 'forge', 'harbor', 'lantern', 'ledger', 'meadow', 'nebula', 'orbit', 'prism', 'quarry', 'river',
  'summit', 'thicket', 'tundra', 'vertex', 'willow', 'zephyr', 'atlas'];
const ROLES = ['Agent', 'Bot', 'Assistant', 'Labs', 'AI', 'Works', 'Studio'];
export const TAGS = ['translation', 'code-review', 'security', 'research', 'data', 'support', 'audit', 'testing', 'finance',
  'python', 'typescript', 'rust', 'scraping', 'summarization', 'images', 'speech', 'legal', 'medical', 'devops', 'monitoring',
  'writing', 'seo', 'solidity', 'ml'];
export const SERVICES = ['translate', 'code-review', 'summarize', 'scrape', 'audit', 'test-gen', 'transcribe', 'monitor', 'classify', 'chat'];
const DESCRIPTIONS = [
  'Translates documents between English, French and German, with a glossary per customer.',
  'Reviews pull requests for security issues, style and missing tests.',
  'Summarises research papers and extracts their citations as BibTeX.',
  'Runs data pipelines: CSV cleaning, deduplication and enrichment from public registries.',
  'Answers customer support tickets in twelve languages and escalates the hard ones.',
  'Audits Solidity contracts for reentrancy, overflow and access-control bugs.',
  'Generates unit tests for TypeScript and Python codebases from their types.',
  'Watches prices across exchanges and alerts on spreads above a threshold.',
  'Transcribes meetings and podcasts, with speaker labels and timestamps.',
  'Classifies images for e-commerce catalogues: category, colour and material.',
  'Writes and rewrites product copy for search engines.',
  'Monitors uptime and TLS certificates and pages the owner on failure.',
];

/**
 * Runs a bulk insert into `table` with its secondary indexes dropped, then builds them again from
 * their own definitions: one sorted build is much faster than a million index insertions (GIN
 * above all). The primary key and unique indexes stay, so constraints still hold.
 */
export async function withIndexesRebuilt(db: pg.Pool | pg.Client, table: string, fn: () => Promise<void>): Promise<void> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass AND NOT x.indisunique AND NOT x.indisprimary`,
    [table],
  );
  for (const r of rows) await db.query(`DROP INDEX ${r.name}`);
  await fn();
  await db.query("SET maintenance_work_mem = '256MB'");
  for (const r of rows) await db.query(r.def);
  await db.query('RESET maintenance_work_mem');
}

const sqlArray = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]`;

/** A handle that exists in a seeded table of `n` agents (agent number `i`, 1-based). */
export function seededHandle(i: number): string {
  return `${ADJECTIVES[i % ADJECTIVES.length]}-${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]}-${i}`;
}

/**
 * `n` agents, newest last over the past year: 93% active (5% exited, 2% pending their bond),
 * 6% verified, 1% featured, two or three of 24 tags, one or two of 10 services.
 */
export async function seedAgents(db: pg.Pool | pg.Client, n: number): Promise<void> {
  await db.query(
    `INSERT INTO agents (id, handle, name, description, services, contact, stack, tags, verified, featured, status,
       wallet, bond_amount, api_key_hash, signing_salt, created_at, updated_at)
     SELECT lpad(to_hex(i), 24, '0'),
       w.adj || '-' || w.noun || '-' || i,
       initcap(w.adj) || ' ' || initcap(w.noun) || ' ' || (${sqlArray(ROLES)})[1 + i % ${ROLES.length}],
       (${sqlArray(DESCRIPTIONS)})[1 + (i / 7) % ${DESCRIPTIONS.length}],
       CASE WHEN i % 9 = 0 THEN NULL ELSE jsonb_build_array(
         jsonb_build_object('name', (${sqlArray(SERVICES)})[1 + i % ${SERVICES.length}], 'description', 'per request',
           'price', (1 + i % 20)::text || '.00', 'currency', 'USDC'))
         || CASE WHEN i % 3 = 0 THEN jsonb_build_array(jsonb_build_object('name', (${sqlArray(SERVICES)})[1 + (i / 3) % ${SERVICES.length}],
           'description', 'bulk', 'price', 'custom', 'currency', 'USD')) ELSE '[]'::jsonb END END,
       jsonb_build_object('email', 'ops@' || w.adj || w.noun || i || '.example'),
       (ARRAY['node', 'python', 'rust', 'go', ''])[1 + i % 5],
       CASE WHEN i % 11 = 0 THEN NULL ELSE ARRAY[(${sqlArray(TAGS)})[1 + i % ${TAGS.length}], (${sqlArray(TAGS)})[1 + (i / 5) % ${TAGS.length}]]
         || CASE WHEN i % 3 = 0 THEN ARRAY[(${sqlArray(TAGS)})[1 + (i / 13) % ${TAGS.length}]] ELSE '{}'::text[] END END,
       i % 17 = 0, i % 101 = 0,
       CASE WHEN i % 20 = 0 THEN 'exited' WHEN i % 50 = 1 THEN 'pending_bond' ELSE 'active' END,
       '0x' || lpad(to_hex(i), 40, '0'), 5000000, 'bench' || md5(i::text) || i, md5(i::text), t, t
     FROM generate_series(1, $1::int) AS i,
       LATERAL (SELECT (${sqlArray(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] AS adj,
                       (${sqlArray(NOUNS)})[1 + (i / ${ADJECTIVES.length}) % ${NOUNS.length}] AS noun,
                       date_trunc('milliseconds', now() - interval '365 days' + i * (interval '365 days' / $1::int)) AS t) AS w`,
    [n],
  );
  await db.query('VACUUM ANALYZE agents');
}

const JOB_TITLES = ['Translate a product manual', 'Review a pull request', 'Summarise ten papers', 'Clean a CSV of leads',
  'Audit an ERC-20 contract', 'Write unit tests for a parser', 'Transcribe a podcast episode', 'Label 500 product images'];

/**
 * `n` jobs over the past year, posted by 500 wallets: 30% open, 10% assigned, 40% completed,
 * 10% cancelled, 10% expired; one to three of 24 tags.
 */
export async function seedJobs(db: pg.Pool | pg.Client, n: number): Promise<void> {
  await db.query(
    `INSERT INTO jobs (id, title, description, tags, reward_amount, posting_fee, status, poster_wallet, poster_key_hash,
       payment_id, created_at, updated_at)
     SELECT lpad(to_hex(i), 24, '0'), (${sqlArray(JOB_TITLES)})[1 + i % ${JOB_TITLES.length}] || ' #' || i,
       'Details in the attached brief; deliver within the deadline.',
       ARRAY[(${sqlArray(TAGS)})[1 + i % ${TAGS.length}]]
         || CASE WHEN i % 2 = 0 THEN ARRAY[(${sqlArray(TAGS)})[1 + (i / 7) % ${TAGS.length}]] ELSE '{}'::text[] END,
       1000000 * (1 + i % 50), 100000,
       (ARRAY['open', 'open', 'open', 'assigned', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'expired'])[1 + i % 10],
       '0x' || lpad(to_hex(i % 500), 40, '0'), md5(i::text), 'bench-payment-' || i, t, t
     FROM generate_series(1, $1::int) AS i,
       LATERAL (SELECT date_trunc('milliseconds', now() - interval '365 days' + i * (interval '365 days' / $1::int)) AS t) AS w`,
    [n],
  );
  await db.query('VACUUM ANALYZE jobs');
}

/**
 * About `n` ledger transfers shaped like paid jobs, four per job: the x402 payment in (with its
 * settled payment row), the posting fee, the reward held in escrow (pending), and its post (three
 * jobs in four) or void. 1,000 paying agents; one escrow account per job. Account totals are
 * then set from the transfers, so the ledger check finds nothing wrong.
 */
export async function seedLedger(db: pg.Pool | pg.Client, n: number): Promise<void> {
  const jobs = Math.max(1, Math.floor(n / 4));
  await db.query(
    `INSERT INTO ledger_accounts (id, currency, kind, debits_must_not_exceed_credits)
     VALUES ('external:x402:USDC', 'USDC', 'external', false), ('revenue:fees:USDC', 'USDC', 'system', true)
     ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO ledger_accounts (id, currency, kind, debits_must_not_exceed_credits)
     SELECT 'agent:' || lpad(to_hex(a), 24, '0') || ':available', 'USDC', 'user', true FROM generate_series(1, 1000) AS a
     UNION ALL
     SELECT 'escrow:job:' || lpad(to_hex(j), 24, '0'), 'USDC', 'system', true FROM generate_series(1, $1::int) AS j`,
    [jobs],
  );
  await db.query(
    `INSERT INTO payments (id, rail, proof_id, purpose, subject_id, amount, currency, payer, status, payload, requirements, settled_at)
     SELECT 'pay_' || j, 'x402', 'x402:bench:' || j, 'job', lpad(to_hex(j), 24, '0'), 1100000, 'USDC', 'bench', 'settled', '{}', '{}', now()
     FROM generate_series(1, $1::int) AS j`,
    [jobs],
  );
  const agent = `'agent:' || lpad(to_hex(1 + j % 1000), 24, '0') || ':available'`;
  await db.query(
    `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind, state)
     SELECT 'x402:bench:' || j, 'external:x402:USDC', ${agent}, 1100000, 'USDC', 'payment_in', 'single', NULL FROM generate_series(1, $1::int) AS j
     UNION ALL
     SELECT 'fee:' || j, ${agent}, 'revenue:fees:USDC', 100000, 'USDC', 'posting_fee', 'single', NULL FROM generate_series(1, $1::int) AS j
     UNION ALL
     SELECT 'escrow:' || j, ${agent}, 'escrow:job:' || lpad(to_hex(j), 24, '0'), 1000000, 'USDC', 'escrow_hold', 'pending',
       CASE WHEN j % 4 = 0 THEN 'voided' ELSE 'posted' END FROM generate_series(1, $1::int) AS j`,
    [jobs],
  );
  await db.query(
    `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, kind, pending_id)
     SELECT 'resolve:' || j, ${agent}, 'escrow:job:' || lpad(to_hex(j), 24, '0'), 1000000, 'USDC',
       CASE WHEN j % 4 = 0 THEN 'escrow_release' ELSE 'escrow_payout' END,
       CASE WHEN j % 4 = 0 THEN 'void_pending' ELSE 'post_pending' END, 'escrow:' || j
     FROM generate_series(1, $1::int) AS j`,
    [jobs],
  );
  // Totals as the ledger functions would have kept them: posted singles and posts, nothing pending.
  await db.query(
    `WITH moves AS (
       SELECT debit_account_id AS id, amount AS debit, 0::bigint AS credit FROM ledger_transfers WHERE kind IN ('single', 'post_pending')
       UNION ALL SELECT credit_account_id, 0, amount FROM ledger_transfers WHERE kind IN ('single', 'post_pending')
     ), sums AS (SELECT id, sum(debit) AS d, sum(credit) AS c FROM moves GROUP BY id)
     UPDATE ledger_accounts a SET debits_posted = s.d, credits_posted = s.c FROM sums s WHERE s.id = a.id`,
  );
  await db.query('VACUUM ANALYZE ledger_accounts, ledger_transfers, payments');
}
