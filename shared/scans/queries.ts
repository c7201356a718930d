/**
 * SQL for the scans table. Every function takes a Queryable so callers compose transactions;
 * every state change is guarded by the states it may leave (queued or running).
 */
import type { Queryable } from '../db/pool.js';
import type { ScanReport, Severity } from '../scanner/types.js';
import type { ScanClientKind, ScanRow, SubmittedSkill } from './types.js';

/** Every column but `files`, which can be a megabyte that no reader of a result needs. */
const RESULT_COLUMNS = `id, skill_name, slug, version, downloads, NULL::jsonb AS files, client_kind, scan_key_id, trial_client,
  status, verdict, highest_severity, category, count_low, count_medium, count_high, count_critical, findings, truncated,
  duration_ms, error, attempts, created_at, started_at, finished_at`;

export interface NewScan {
  id: string;
  skill: SubmittedSkill;
  client: { kind: 'trial'; trialClient: string } | { kind: 'key'; scanKeyId: string };
}

/*
 * The files are kept as one JSON text inside the jsonb column (a jsonb string), not as a jsonb
 * array: jsonb refuses NUL and unpaired surrogates in strings, and a hostile skill may hold
 * both. JSON.stringify writes them as escapes, which then survive as plain characters.
 */
function encodeFiles(files: SubmittedSkill['files']): string {
  return JSON.stringify(JSON.stringify(files));
}

function decodeFiles(stored: unknown): SubmittedSkill['files'] | null {
  if (stored === null || stored === undefined) return null;
  // Rows written as a jsonb array (none are, but be lenient) come back already parsed.
  return typeof stored === 'string' ? JSON.parse(stored) : (stored as SubmittedSkill['files']);
}

export async function insertScan(q: Queryable, s: NewScan): Promise<ScanRow> {
  const kind: ScanClientKind = s.client.kind;
  const { rows } = await q.query<ScanRow>(
    `INSERT INTO scans (id, skill_name, slug, version, downloads, files, client_kind, scan_key_id, trial_client)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${RESULT_COLUMNS}`,
    [s.id, s.skill.name, s.skill.slug ?? null, s.skill.version ?? null, s.skill.downloads ?? 0, encodeFiles(s.skill.files), kind,
      s.client.kind === 'key' ? s.client.scanKeyId : null, s.client.kind === 'trial' ? s.client.trialClient : null],
  );
  return rows[0];
}

/** One scan, without its files. */
export async function getScan(q: Queryable, id: string): Promise<ScanRow | undefined> {
  const { rows } = await q.query<ScanRow>(`SELECT ${RESULT_COLUMNS} FROM scans WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * Marks a scan running and returns it with its files; undefined when it is already finished
 * (a job run twice) or unknown. Running again after a crash is allowed: it counts an attempt.
 */
export async function startScan(q: Queryable, id: string): Promise<ScanRow | undefined> {
  const { rows } = await q.query<ScanRow>(
    `UPDATE scans SET status = 'running', attempts = attempts + 1,
       started_at = coalesce(started_at, date_trunc('milliseconds', now()))
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING *`,
    [id],
  );
  return rows[0] && { ...rows[0], files: decodeFiles(rows[0].files) };
}

const RANK: Record<Severity, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };

/** The category of the first finding of the highest severity: what the feed item shows. */
export function leadingCategory(report: ScanReport): string | null {
  let best: { rank: number; category: string } | undefined;
  for (const f of report.findings) {
    const rank = RANK[f.severity] ?? 0;
    if (!best || rank > best.rank) best = { rank, category: f.category };
  }
  return best?.category ?? null;
}

/*
 * What jsonb refuses in a string: NUL and unpaired surrogates (with the `u` flag the surrogate
 * range matches only unpaired halves). Excerpts quote hostile lines, so both can occur.
 */
const JSONB_UNSAFE = /\u0000|[\uD800-\uDFFF]/gu;

function jsonbSafe(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(JSONB_UNSAFE, '\uFFFD') : v));
}

/**
 * Stores a finished report once. Returns the verdict when this call stored it, undefined when
 * the scan had already finished (so only the first run asks for a feed regeneration).
 */
export async function finishScan(q: Queryable, id: string, report: ScanReport): Promise<'safe' | 'unsafe' | undefined> {
  const { rows } = await q.query<{ verdict: 'safe' | 'unsafe' }>(
    `UPDATE scans SET status = 'done', verdict = $2, highest_severity = $3, category = $4,
       count_low = $5, count_medium = $6, count_high = $7, count_critical = $8,
       findings = $9, truncated = $10, duration_ms = $11, files = NULL, error = NULL,
       finished_at = date_trunc('milliseconds', now())
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING verdict`,
    [id, report.verdict, report.highest_severity, leadingCategory(report), report.counts.LOW, report.counts.MEDIUM,
      report.counts.HIGH, report.counts.CRITICAL, jsonbSafe(report.findings), report.truncated,
      Math.round(report.duration_ms)],
  );
  return rows[0]?.verdict;
}

/**
 * Marks a scan failed with its reason and gives a key's scan back (the failure is ours, not
 * the client's). True when this call failed it.
 */
export async function failScan(q: Queryable, id: string, reason: string): Promise<boolean> {
  const { rows } = await q.query<{ scan_key_id: string | null }>(
    `UPDATE scans SET status = 'failed', error = $2, files = NULL, finished_at = date_trunc('milliseconds', now())
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING scan_key_id`,
    [id, reason.slice(0, 500)],
  );
  if (!rows[0]) return false;
  if (rows[0].scan_key_id) {
    await q.query('UPDATE scan_keys SET scans_used = scans_used - 1 WHERE id = $1 AND scans_used > 0', [rows[0].scan_key_id]);
  }
  return true;
}

/** Ids of scans still queued or running `olderThanMs` after they were submitted. */
export async function unfinishedScans(q: Queryable, olderThanMs: number, limit = 500): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM scans WHERE status IN ('queued', 'running') AND created_at < now() - make_interval(secs => $1 / 1000.0)
     ORDER BY created_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((r) => r.id);
}
