/**
 * Lists filtered by a tag and ordered newest first have two plans: walk the newest-first index
 * and skip rows without the tag (fast for a common tag), or read the tag's rows through its GIN
 * index and sort them (fast for a rare one). The planner's estimate for a tag it has no
 * statistics on (a rare or unknown tag) is hundreds of rows, so it walks, and a tag nobody
 * carries then reads the whole index: 0.45 s at 100,000 agents. One probe through the GIN index
 * tells the two cases apart for the price of a round trip.
 */
import type { Queryable } from './pool.js';

/**
 * Below this many rows with the tag, reading and sorting them all costs about a millisecond; at
 * or above it the walk meets a tagged row at least once in (table rows / 500). The probe itself
 * reads at most this many rows: about 1 ms for a common tag.
 */
export const RARE_TAG_ROWS = 500;

/** True when fewer than RARE_TAG_ROWS rows of `table` carry `tag` in their `tags` (a text[] with a GIN index). */
export async function isRareTag(q: Queryable, table: 'agents' | 'jobs', tag: string): Promise<boolean> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE tags @> ARRAY[$1]::text[] LIMIT $2) AS with_tag`,
    [tag, RARE_TAG_ROWS],
  );
  return rows[0].n < RARE_TAG_ROWS;
}

/**
 * `select` (a complete SELECT without ORDER BY or LIMIT) ordered newest first, limited; for a
 * rare tag the rows are fetched first (MATERIALIZED keeps the planner from walking the
 * newest-first index instead) and sorted after.
 */
export function newestFirst(select: string, limitParam: string, rare: boolean): string {
  const order = `ORDER BY created_at DESC, id DESC LIMIT ${limitParam}`;
  return rare ? `WITH matching AS MATERIALIZED (${select}) SELECT * FROM matching ${order}` : `${select} ${order}`;
}
