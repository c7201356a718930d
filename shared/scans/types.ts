/**
 * Scan rows as Postgres returns them, and the public shape of a result (GET /api/scan/:id).
 */
import { remediationFor } from '../scanner/remediation.js';
import type { Finding, Severity } from '../scanner/types.js';

export type ScanStatus = 'queued' | 'running' | 'done' | 'failed';
export type ScanClientKind = 'trial' | 'key';

/** One file as submitted: a relative path and its text. */
export interface SubmittedFile {
  path: string;
  text: string;
}

/** A skill as POST /api/scan takes it, already validated. */
export interface SubmittedSkill {
  name: string;
  slug?: string;
  version?: string;
  downloads?: number;
  files: SubmittedFile[];
}

export interface ScanRow {
  id: string;
  skill_name: string;
  slug: string | null;
  version: string | null;
  downloads: bigint;
  files: SubmittedFile[] | null;
  client_kind: ScanClientKind;
  scan_key_id: string | null;
  trial_client: string | null;
  status: ScanStatus;
  verdict: 'safe' | 'unsafe' | null;
  highest_severity: Severity | null;
  category: string | null;
  count_low: number | null;
  count_medium: number | null;
  count_high: number | null;
  count_critical: number | null;
  findings: Finding[] | null;
  truncated: boolean | null;
  duration_ms: number | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A scan result as the API shows it. Result fields are null until the scan is done. */
export interface ScanResultJson {
  id: string;
  url: string;
  status: ScanStatus;
  name: string;
  slug: string | null;
  version: string | null;
  verdict: 'safe' | 'unsafe' | null;
  highest_severity: Severity | null;
  counts: Record<Severity, number> | null;
  findings: Finding[] | null;
  truncated: boolean | null;
  /** Why a failed scan failed; null otherwise. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The address of a result: `${scanBaseUrl}/api/scan/<16 hex>`, the url a ThreatItem carries. */
export function resultUrl(scanBaseUrl: string, id: string): string {
  return `${scanBaseUrl}/api/scan/${id}`;
}

function pickFinding(f: Finding): Finding {
  // Rows scanned before findings carried a remediation get it from the rule table.
  const remediation = f.remediation ?? remediationFor(f.rule_id, f.category);
  return { rule_id: f.rule_id, category: f.category, severity: f.severity, file: f.file, line: f.line, excerpt: f.excerpt, message: f.message, remediation };
}

export function toResultJson(row: ScanRow, scanBaseUrl: string): ScanResultJson {
  const done = row.status === 'done';
  return {
    id: row.id,
    url: resultUrl(scanBaseUrl, row.id),
    status: row.status,
    name: row.skill_name,
    slug: row.slug,
    version: row.version,
    verdict: done ? row.verdict : null,
    highest_severity: done ? row.highest_severity : null,
    counts: done
      ? { LOW: row.count_low ?? 0, MEDIUM: row.count_medium ?? 0, HIGH: row.count_high ?? 0, CRITICAL: row.count_critical ?? 0 }
      : null,
    findings: done ? (row.findings ?? []).map(pickFinding) : null,
    truncated: done ? row.truncated : null,
    error: row.status === 'failed' ? row.error : null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  };
}
