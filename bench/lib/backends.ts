/**
 * CPU of the PostgreSQL backends serving one database. The `postgres` figure of measureCpu sums
 * every postgres process of the machine, so on a machine shared with other suites it carries
 * their load too; this one counts only the sessions connected to the benchmark's own scratch
 * database (not the checkpointer, WAL writer and other background processes).
 */
import pg from 'pg';
import { cpuSeconds } from './cpu.js';

/** Pids of the sessions connected to the database of `url`, other than the asking one. */
async function backendPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/**
 * Starts counting: resolves to a function that answers the CPU seconds the database's backends
 * used since. A session opened meanwhile counts whole; one closed meanwhile is lost (the pools
 * keep theirs open for 30 s of idleness, longer than a run).
 */
export async function databaseBackendsCpu(url: string): Promise<() => Promise<number>> {
  const before = new Map((await backendPids(url)).map((pid) => [pid, cpuSeconds(pid) ?? 0]));
  return async () => {
    let seconds = 0;
    for (const pid of await backendPids(url)) seconds += (cpuSeconds(pid) ?? 0) - (before.get(pid) ?? 0);
    return seconds;
  };
}
