/**
 * Processor of the skill scan queue: load the submitted skill, run the scanner, store the
 * report once, and ask for a feed regeneration when the skill is unsafe. Running a job twice
 * changes nothing the second time: a finished row is never touched again.
 */
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { transaction, type Db } from '../shared/db/pool.js';
import type { Logger } from '../shared/logger.js';
import { scanSkill, SkillTooLargeError, validateSkillSize, type ScanReport, type Skill } from '../shared/scanner/index.js';
import { failScan, finishScan, getScan, startScan } from '../shared/scans/queries.js';
import type { ScanRow } from '../shared/scans/types.js';
import { scanPayload } from '../queues/scans.js';
import { requestFeedRegeneration, type FeedPayload } from '../queues/feed.js';

export interface ScanWorkerDeps {
  db: Db;
  log: Logger;
  feedQueue: Queue<FeedPayload>;
  /** The scanner; tests may substitute one that fails. */
  scan?: (skill: Skill) => ScanReport;
}

export interface ScanOutcome {
  scanId: string;
  status: 'done' | 'failed' | 'queued' | 'running';
  verdict?: 'safe' | 'unsafe';
  /** True when an earlier run had already finished this scan. */
  already?: boolean;
}

function skillOf(row: ScanRow): Skill {
  if (!row.files) throw new UnrecoverableError(`scan ${row.id} has no files to scan`);
  return { name: row.skill_name, slug: row.slug ?? undefined, version: row.version ?? undefined, files: row.files };
}

/** BullMQ counts attempts made before this one; this run is the last when none remain after it. */
function isLastAttempt(job: Job): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

async function markFailed(deps: ScanWorkerDeps, scanId: string, reason: string): Promise<void> {
  await transaction(deps.db, (tx) => failScan(tx, scanId, reason));
  deps.log.warn({ scanId, reason }, 'scan failed permanently');
}

export function scanProcessor(deps: ScanWorkerDeps) {
  const scan = deps.scan ?? ((skill: Skill) => scanSkill(skill));
  return async (job: Job): Promise<ScanOutcome> => {
    const parsed = scanPayload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`bad scan payload: ${parsed.error.message}`);
    const { scanId } = parsed.data;
    const row = await startScan(deps.db, scanId);
    if (!row) {
      const existing = await getScan(deps.db, scanId);
      if (!existing) throw new UnrecoverableError(`scan ${scanId} not found`);
      return { scanId, status: existing.status, already: true };
    }
    let report: ScanReport;
    try {
      const skill = skillOf(row);
      // Checked at the route already; checked again for rows written by older code.
      validateSkillSize(skill);
      report = scan(skill);
    } catch (err) {
      const reason = err instanceof SkillTooLargeError ? err.message : `scanner error: ${(err as Error).message}`;
      if (err instanceof SkillTooLargeError || err instanceof UnrecoverableError || isLastAttempt(job)) {
        await markFailed(deps, scanId, reason);
        throw new UnrecoverableError(reason);
      }
      throw err;
    }
    const verdict = await finishScan(deps.db, scanId, report);
    if (!verdict) return { scanId, status: 'done', already: true };
    if (verdict === 'unsafe') {
      // The clock regenerates on its next tick anyway; a failed request is not worth a retry.
      await requestFeedRegeneration(deps.feedQueue, 'scan', scanId).catch((err) =>
        deps.log.warn({ err, scanId }, 'could not ask for a feed regeneration; the clock will'));
    }
    return { scanId, status: 'done', verdict };
  };
}
