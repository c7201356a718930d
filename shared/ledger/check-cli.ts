/**
 * `npm run ledger:check`: runs every ledger invariant against DATABASE_URL (from shared/config.ts)
 * and prints "ledger ok: N accounts, M transfers" or each problem. Exits 0 when the ledger is
 * known good, 1 otherwise (problems found, or the check could not run).
 */
import { loadDatabaseUrl } from '../config.js';
import { createPool } from '../db/pool.js';
import { checkLedger, type LedgerReport } from './check.js';

async function run(databaseUrl: string): Promise<LedgerReport> {
  const pool = createPool(databaseUrl, 1);
  const client = await pool.connect().catch(async (err) => {
    await pool.end();
    throw err;
  });
  try {
    // One snapshot for every check, so a payment settled mid-run cannot look half-credited.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The pool's 15 s statement timeout guards requests; a full scan of a big ledger may need more.
    await client.query('SET LOCAL statement_timeout = 0');
    const report = await checkLedger(client);
    await client.query('COMMIT');
    return report;
  } finally {
    client.release();
    await pool.end();
  }
}

async function main(): Promise<number> {
  const report = await run(loadDatabaseUrl());
  if (report.ok) {
    process.stdout.write(`ledger ok: ${report.accounts} accounts, ${report.transfers} transfers\n`);
    return 0;
  }
  process.stdout.write(`ledger has ${report.problems.length} problem(s) in ${report.accounts} accounts, ${report.transfers} transfers:\n`);
  for (const problem of report.problems) process.stdout.write(`  - ${problem}\n`);
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`ledger check failed to run: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
