/**
 * Size and time limits of a scan, and the check the HTTP route runs before enqueueing one.
 */
import type { Skill } from './types.js';

/**
 * The ceilings of one scan.
 * - `maxFiles` 200: a skill is a handful of files; hundreds means a vendored tree we should not scan.
 * - `maxFileBytes` 256 KiB: larger than any hand-written script, small enough to scan quickly.
 * - `maxTotalBytes` 1 MiB: the HTTP body limit of POST /api/scan, so a valid request always fits.
 * - `timeBudgetMs` 2000: a worker slot is never held for long; past it the report says `truncated`.
 */
export const SCAN_LIMITS = Object.freeze({
  maxFiles: 200,
  maxFileBytes: 256 * 1024,
  maxTotalBytes: 1024 * 1024,
  timeBudgetMs: 2000,
});

/** Which limit a skill broke. */
export type SizeLimit = 'maxFiles' | 'maxFileBytes' | 'maxTotalBytes';

/** A skill over one of the size limits; the route answers 413 with the message. */
export class SkillTooLargeError extends Error {
  override readonly name = 'SkillTooLargeError';
  constructor(
    readonly limit: SizeLimit,
    readonly max: number,
    readonly actual: number,
    readonly path?: string,
  ) {
    const what = path ? `${limit} (${path})` : limit;
    super(`skill exceeds ${what}: ${actual} > ${max}`);
  }
}

/**
 * Throws a {@link SkillTooLargeError} naming the first limit the skill breaks. Sizes are UTF-8
 * bytes, as they arrived over HTTP.
 *
 * @example
 * try { validateSkillSize(skill) } catch (e) { if (e instanceof SkillTooLargeError) answer413(e.message) }
 */
export function validateSkillSize(skill: Skill, limits = SCAN_LIMITS): void {
  if (skill.files.length > limits.maxFiles) {
    throw new SkillTooLargeError('maxFiles', limits.maxFiles, skill.files.length);
  }
  let total = 0;
  for (const f of skill.files) {
    const bytes = Buffer.byteLength(f.text, 'utf8');
    if (bytes > limits.maxFileBytes) {
      throw new SkillTooLargeError('maxFileBytes', limits.maxFileBytes, bytes, f.path);
    }
    total += bytes;
  }
  if (total > limits.maxTotalBytes) {
    throw new SkillTooLargeError('maxTotalBytes', limits.maxTotalBytes, total);
  }
}
