/**
 * What the threat feed is built from, read in one consistent snapshot: the newest unsafe
 * results (LIMIT n straight off the scans_feed_items index) and the counts over every finished
 * scan (an index-only scan of scans_done_stats). Both stay fast at 100,000 rows and beyond.
 */
import { transaction, type Db } from '../db/pool.js';
import type { Severity } from '../scanner/types.js';

/** One unsafe result: what feed/'s buildFeed takes as a FeedRow. */
export interface UnsafeScanRow {
  /** 16 lowercase hexadecimal characters. */
  result_id: string;
  /** Attacker-controlled text. */
  skill_name: string;
  /** Attacker-controlled text, or null when the skill gave none. */
  slug: string | null;
  /** Category of the most severe finding, or null. */
  category: string | null;
  /** Highest severity of the result. */
  severity: Severity;
  critical_count: number;
  high_count: number;
  downloads: number;
  /** When the result was published: the time its scan finished. */
  created_at: Date;
}

export interface FeedSnapshot {
  rows: UnsafeScanRow[];
  stats: { total_scanned: number; total_unsafe: number };
  /**
   * When the newest scan finished (or, before any, when the scans table was created): the
   * feed's `last_updated` and Last-Modified, so its bytes change only when a scan does.
   */
  newest: Date;
  /** When the snapshot was read; a publisher never replaces a rendering read later. */
  readAt: Date;
}

export async function feedSnapshot(db: Db, limit: number): Promise<FeedSnapshot> {
  return transaction(db, async (tx) => {
    // Items and counts from the same snapshot, so stats never disagree with the items. No
    // parallel workers: starting them costs more than the count saves at this size, and a
    // background job should not take every core from the requests.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0');
    const { rows: [stats] } = await tx.query<{ total_scanned: number; total_unsafe: number; newest: Date; read_at: Date }>(
      `SELECT count(*)::int AS total_scanned,
              count(*) FILTER (WHERE verdict = 'unsafe')::int AS total_unsafe,
              coalesce(max(finished_at),
                       (SELECT applied_at FROM schema_migrations WHERE name = '0003_scans.sql'),
                       date_trunc('second', now())) AS newest,
              statement_timestamp() AS read_at
       FROM scans WHERE status = 'done'`,
    );
    const { rows } = await tx.query<Omit<UnsafeScanRow, 'downloads'> & { downloads: bigint }>(
      `SELECT id AS result_id, skill_name, slug, category, highest_severity AS severity,
              count_critical AS critical_count, count_high AS high_count, downloads, finished_at AS created_at
       FROM scans WHERE status = 'done' AND verdict = 'unsafe'
       ORDER BY finished_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return {
      rows: rows.map((r) => ({ ...r, downloads: Number(r.downloads) })),
      stats: { total_scanned: stats.total_scanned, total_unsafe: stats.total_unsafe },
      newest: stats.newest,
      readAt: stats.read_at,
    };
  });
}
