/** Shapes of skill scans (PRODUCT.md section 8) and of the threat feed (spec 2.5). */
import { ARCHIVE_FORMATS, ARCHIVE_LIMITS } from '../../shared/scanner/archive/index.js';
import { IsoTime, z } from './common.js';

const MAX_PATH = 512;

/**
 * A file's path inside the skill: relative, "/" separated, no "." or ".." segment, no empty
 * segment, no control characters. It is shown back in findings, never used on a filesystem.
 */
export const SkillPath = z
  .string()
  .min(1)
  .max(MAX_PATH)
  .refine((p) => !/[\u0000-\u001f\u007f\\]/.test(p), 'must not contain control characters or backslashes')
  .refine((p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p), 'must be relative')
  .refine((p) => p.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..'), 'must not contain empty, "." or ".." segments')
  .openapi({ example: 'scripts/install.sh' });

export const SkillFile = z
  .object({
    path: SkillPath,
    /** UTF-8 text; sizes are checked against SCAN_LIMITS (413 past them). */
    text: z.string(),
  })
  .strict()
  .openapi('SkillFile');

/** Postgres text cannot hold NUL; names are one line of display text anyway. */
const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL characters';

/** A skill archive in a JSON body; multipart uploads are turned into this shape too. */
export const SkillArchive = z
  .object({
    format: z.enum(ARCHIVE_FORMATS).openapi({ description: 'zip or tar.gz; checked against the bytes' }),
    base64: z.string().min(4).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be standard base64').openapi({
      description: `the archive, standard base64; unpacked in memory: at most ${ARCHIVE_LIMITS.maxEntries} entries and ` +
        `${ARCHIVE_LIMITS.maxFiles} text files, ${ARCHIVE_LIMITS.maxTotalBytes} bytes unpacked (${ARCHIVE_LIMITS.maxFileBytes} per file), ` +
        `at most ${ARCHIVE_LIMITS.maxRatio} times its packed size; no "..", absolute paths, backslashes, links or special files; binary files are left out`,
    }),
  })
  .strict()
  .openapi('SkillArchive');

export const ScanRequest = z
  .object({
    name: z.string().trim().min(1).max(200).refine(noNul, NUL_MESSAGE),
    slug: z.string().trim().max(200).refine(noNul, NUL_MESSAGE).nullish(),
    version: z.string().trim().max(64).refine(noNul, NUL_MESSAGE).nullish(),
    downloads: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
    files: z.array(SkillFile).min(1).optional().openapi({ description: 'the skill as files; or send `archive` instead' }),
    archive: SkillArchive.optional(),
  })
  .strict()
  .superRefine((skill, ctx) => {
    if ((skill.files === undefined) === (skill.archive === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['files'], message: 'send either files or archive, not both and not neither' });
    }
    const seen = new Set<string>();
    skill.files?.forEach((f, i) => {
      if (seen.has(f.path)) ctx.addIssue({ code: 'custom', path: ['files', i, 'path'], message: `duplicate path "${f.path}"` });
      seen.add(f.path);
    });
  })
  .openapi('ScanRequest');

export const Severity = z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']).openapi('Severity');
export const ScanStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const ResultId = z
  .string()
  .regex(/^[0-9a-fA-F]{16}$/, 'expected the 16 hexadecimal characters of a result id')
  .transform((s) => s.toLowerCase());

export const Finding = z
  .object({
    rule_id: z.string(),
    category: z.string(),
    severity: Severity,
    file: z.string(),
    line: z.number().int(),
    excerpt: z.string(),
    message: z.string(),
    remediation: z.string().openapi({ description: 'one line: what the skill\'s author should change' }),
  })
  .openapi('Finding');

export const ScanResult = z
  .object({
    id: z.string().regex(/^[0-9a-f]{16}$/),
    url: z.string().openapi({ format: 'uri' }),
    status: ScanStatus,
    name: z.string(),
    slug: z.string().nullable(),
    version: z.string().nullable(),
    verdict: z.enum(['safe', 'unsafe']).nullable().openapi({ description: 'null until status is done' }),
    highest_severity: Severity.nullable().openapi({ description: 'null when nothing was found, or not done yet' }),
    counts: z.object({ LOW: z.number().int(), MEDIUM: z.number().int(), HIGH: z.number().int(), CRITICAL: z.number().int() }).nullable(),
    findings: z.array(Finding).nullable(),
    truncated: z.boolean().nullable().openapi({ description: 'true when a limit (files, bytes, findings, time) cut the scan short' }),
    error: z.string().nullable().openapi({ description: 'why a failed scan failed' }),
    created_at: IsoTime,
    finished_at: IsoTime.nullable(),
  })
  .openapi('ScanResult');

export const ScanAccepted = z
  .object({
    success: z.literal(true),
    result: z.object({ id: z.string(), url: z.string(), status: ScanStatus }),
  })
  .openapi('ScanAccepted');

export const ScanResultResponse = z.object({ success: z.literal(true), result: ScanResult }).openapi('ScanResultResponse');

export const ThreatItem = z
  .object({
    id: z.string().openapi({ example: 'agentcommerce-threat-3f9a0c1d2e4b5a69' }),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    severity: z.string().openapi({ example: 'CRITICAL' }),
    slug: z.string(),
    url: z.string().openapi({ format: 'uri' }),
    downloads: z.number().int(),
    published_at: IsoTime,
  })
  .openapi('ThreatItem');

export const ThreatFeed = z
  .object({
    title: z.string(),
    description: z.string(),
    website: z.string().openapi({ format: 'uri' }),
    rss_url: z.string().openapi({ format: 'uri' }),
    last_updated: IsoTime,
    items: z.array(ThreatItem),
    stats: z.object({
      flagged_pct: z.string().openapi({ example: '12.5%' }),
      last_updated: IsoTime,
      total_scanned: z.number().int(),
      total_unsafe: z.number().int(),
    }),
    upgrade: z.object({
      enterprise: z.string().openapi({ format: 'uri' }),
      pricing: z.string().openapi({ format: 'uri' }),
      message: z.string(),
      l402_flow: z.string(),
    }),
  })
  .openapi('ThreatFeed');
