/**
 * Skill scans: POST /api/scan records a scan (a free trial scan without a key, one scan of a
 * key's quota with `Authorization: Bearer ac_scan_...`), enqueues it, and waits up to
 * SCAN_WAIT_MS for the worker; GET /api/scan/:resultId shows a result.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type Response } from 'express';
import type { Job } from 'bullmq';
import { hashApiKey } from '../../shared/auth/credentials.js';
import { NotFoundError } from '../../shared/errors.js';
import { HttpError } from '../http-error.js';
import { ArchiveError, unpackSkillArchive, type ArchiveRefusal } from '../../shared/scanner/archive/index.js';
import { SkillTooLargeError, validateSkillSize } from '../../shared/scanner/limits.js';
import { SCAN_KEY_PREFIX, ScanQuotaExhaustedError } from '../../shared/scans/keys.js';
import { keyHashFromL402, sendL402Challenge } from '../l402.js';
import { getScan } from '../../shared/scans/queries.js';
import { recordScan, type ScanPayer } from '../../shared/scans/submit.js';
import { refundTrialScan, takeTrialScan, trialClientId } from '../../shared/scans/trial.js';
import { resultUrl, toResultJson, type ScanRow, type SubmittedSkill } from '../../shared/scans/types.js';
import { enqueueScan, type ScanPayload } from '../../queues/scans.js';
import type { AppDeps } from '../context.js';
import { idempotency } from '../middleware/idempotency.js';
import { parse, parseBody } from '../middleware/validate.js';
import { ResultId, ScanAccepted, ScanRequest, ScanResultResponse } from '../schemas/scans.js';
import { errorResponse, jsonResponse, z } from '../schemas/common.js';

const ResultParams = z.object({ resultId: ResultId });

export function describeScanRoutes(r: OpenAPIRegistry): void {
  r.registerPath({
    method: 'post', path: '/api/scan', tags: ['scan'],
    summary: 'Submit a skill for scanning: a free trial scan without a key, or one scan of a scan key',
    description: 'Without Authorization: a trial scan (TRIAL_SCANS_PER_DAY per client IP per UTC day). ' +
      'With `Authorization: Bearer ac_scan_...`: one scan of the key\'s quota. With `Authorization: L402 <macaroon>:<preimage>` ' +
      '(or LSAT): one scan of the pack that token paid for. Once the trial or the quota is used up the answer is 402 with ' +
      '`WWW-Authenticate: L402 macaroon="...", invoice="..."` and the LSAT form, and the same offer in `error.details.l402`. Body up to 1 MiB. ' +
      'The skill comes as `files`, or as a zip or tar.gz archive: `archive: {format, base64}` in JSON, or a ' +
      'multipart/form-data upload with the archive in a file field named `archive` and name, slug, version, downloads as fields. ' +
      'Archives are unpacked in memory; each refusal is a 400 (paths, links, corrupt), 413 (sizes, ratio, entries) or 415 (format), ' +
      'with `error.details.reason`.',
    security: [{}, { BearerAuth: [] }],
    request: {
      body: {
        content: {
          'application/json': { schema: ScanRequest },
          'multipart/form-data': { schema: MultipartScanRequest },
        },
      },
    },
    responses: {
      201: jsonResponse(ScanResultResponse, 'scanned within SCAN_WAIT_MS: the finished result'),
      202: jsonResponse(ScanAccepted, 'queued; poll the Location (the result url)'),
      400: errorResponse('invalid body, or an archive refused: path traversal, absolute path, backslash, link, special file, encrypted entry, corrupt'),
      401: errorResponse('unknown scan key, or an invalid L402 token'),
      402: errorResponse('trial allowance or key quota used up: an L402 challenge offering a pack (WWW-Authenticate and error.details.l402)'),
      413: errorResponse('body, skill or archive over its size limits (entries, unpacked bytes, ratio)'),
      415: errorResponse('not application/json or multipart/form-data, or an archive that is not zip or tar.gz'),
    },
  });
  r.registerPath({
    method: 'get', path: '/api/scan/{resultId}', tags: ['scan'], summary: 'A scan result (the url of a ThreatItem)',
    request: { params: z.object({ resultId: z.string().regex(/^[0-9a-f]{16}$/) }) },
    responses: {
      200: jsonResponse(ScanResultResponse, 'the result; verdict, counts and findings are null until status is done'),
      400: errorResponse('not 16 hexadecimal characters'),
      404: errorResponse('no such result'),
    },
  });
}

const MultipartScanRequest = z.object({
  name: z.string(),
  slug: z.string().optional(),
  version: z.string().optional(),
  downloads: z.string().optional(),
  format: z.enum(['zip', 'tar.gz']).optional().openapi({ description: 'default: from the file name, else from the bytes' }),
  archive: z.string().openapi({ format: 'binary' }),
}).openapi('MultipartScanRequest');

/** Size refusals are 413, format refusals 415, the rest 400. */
const ARCHIVE_STATUS: Partial<Record<ArchiveRefusal, 'payload_too_large' | 'unsupported_media_type'>> = {
  too_large: 'payload_too_large', ratio: 'payload_too_large', too_many_entries: 'payload_too_large', too_many_files: 'payload_too_large',
  unsupported: 'unsupported_media_type', format_mismatch: 'unsupported_media_type',
};

/** The body of either form: JSON, or multipart already turned into the JSON shape (middleware/multipart.ts). */
/**
 * File texts are scanned, not stored: their NULs and lone surrogates are evidence. The schema
 * itself refuses them in the fields that are stored (name, slug).
 */
function scanBody(req: Request): z.output<typeof ScanRequest> {
  const anyText = { anyText: true };
  return req.is('multipart/form-data') ? parse(ScanRequest, req.body, 'body', anyText) : parseBody(ScanRequest, req, anyText);
}

function filesOf(body: z.output<typeof ScanRequest>): SubmittedSkill['files'] {
  if (body.files) return body.files;
  try {
    return unpackSkillArchive(body.archive!.format, Buffer.from(body.archive!.base64, 'base64')).files;
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    throw new HttpError(ARCHIVE_STATUS[err.reason] ?? 'invalid_request', `archive refused: ${err.message}`, { reason: err.reason, entry: err.entry });
  }
}

function toSkill(body: z.output<typeof ScanRequest>): SubmittedSkill {
  return { name: body.name, slug: body.slug ?? undefined, version: body.version ?? undefined, downloads: body.downloads ?? undefined, files: filesOf(body) };
}

/**
 * The hash of the scan key that pays: `Authorization: Bearer ac_scan_...`, or an L402 token
 * (`L402 <macaroon>:<preimage>`, or LSAT) whose pack is redeemed on the spot. Undefined for a
 * trial scan.
 */
async function payingKeyHash(deps: AppDeps, req: Request): Promise<string | undefined> {
  const header = req.get('authorization');
  if (header === undefined) return undefined;
  if (/^\s*(L402|LSAT)\s/i.test(header)) return keyHashFromL402(deps, header);
  const m = /^Bearer\s+(\S{1,512})$/i.exec(header.trim());
  const headers = { 'WWW-Authenticate': 'Bearer realm="agent-commerce"' };
  if (!m) throw new HttpError('unauthorized', 'Authorization must be "Bearer <scan key>"', undefined, { headers });
  if (!m[1].startsWith(SCAN_KEY_PREFIX)) throw new HttpError('unauthorized', `not a scan key; scan keys start with ${SCAN_KEY_PREFIX}`, undefined, { headers });
  return hashApiKey(m[1]);
}

/** Takes one of the client's trial scans, or answers the L402 challenge itself and returns false. */
async function takeTrial(deps: AppDeps, res: Response, client: string): Promise<boolean> {
  const limit = deps.config.TRIAL_SCANS_PER_DAY;
  const use = await takeTrialScan(deps.redis, deps.config.QUEUE_PREFIX, client, limit).catch((err) => {
    throw new HttpError('upstream_unavailable', 'cannot count trial scans right now; try again', undefined, { cause: err, headers: { 'Retry-After': '5' } });
  });
  if (use.allowed) return true;
  await sendL402Challenge(deps, res,
    `the free trial allows ${limit} scans per client per day and they are used up until ${use.resetsAt.toISOString()}; ` +
    'pay the invoice offered here and repeat the request with Authorization: L402 <macaroon>:<preimage>, ' +
    'or buy a scan key: POST /api/l402/quickkey, pay the invoice, POST /api/l402/redeem',
    { trial_scans_per_day: limit, resets_at: use.resetsAt.toISOString() });
  return false;
}

/** Waits until the scan leaves queued/running or SCAN_WAIT_MS is up; the row is the truth. */
async function waitForScan(deps: AppDeps, job: Job<ScanPayload> | undefined, row: ScanRow): Promise<ScanRow> {
  if (!job || deps.config.SCAN_WAIT_MS === 0) return row;
  await job.waitUntilFinished(deps.queues.scanEvents, deps.config.SCAN_WAIT_MS).catch(() => {});
  return (await getScan(deps.db, row.id)) ?? row;
}

async function submit(deps: AppDeps, req: Request, res: Response): Promise<void> {
  const skill = toSkill(scanBody(req));
  try {
    validateSkillSize(skill);
  } catch (err) {
    if (!(err instanceof SkillTooLargeError)) throw err;
    throw new HttpError('payload_too_large', err.message, { limit: err.limit, max: err.max, actual: err.actual, path: err.path });
  }
  const keyHash = await payingKeyHash(deps, req);
  const trialClient = keyHash ? undefined : trialClientId(req.ip ?? 'unknown');
  if (trialClient && !(await takeTrial(deps, res, trialClient))) return;
  const payer: ScanPayer = keyHash ? { kind: 'key', keyHash } : { kind: 'trial', trialClient: trialClient! };
  let row: ScanRow;
  try {
    row = await recordScan(deps.db, skill, payer);
  } catch (err) {
    if (trialClient) await refundTrialScan(deps.redis, deps.config.QUEUE_PREFIX, trialClient).catch(() => {});
    // A key with nothing left is offered another pack, with the same challenges as the trial's end.
    if (err instanceof ScanQuotaExhaustedError) return sendL402Challenge(deps, res, err.message, err.details as Record<string, unknown>);
    throw err;
  }
  let job: Job<ScanPayload> | undefined;
  try {
    job = await enqueueScan(deps.queues.scans, row.id);
  } catch (err) {
    // The row is queued in Postgres; the reconciler enqueues it.
    deps.log.warn({ err, scanId: row.id }, 'could not enqueue a scan; leaving it to the reconciler');
  }
  const current = await waitForScan(deps, job, row);
  const url = resultUrl(deps.config.scanBaseUrl, row.id);
  res.setHeader('Location', url);
  if (current.status === 'done' || current.status === 'failed') {
    res.status(201).json({ success: true, result: toResultJson(current, deps.config.scanBaseUrl) });
    return;
  }
  res.status(202).json({ success: true, result: { id: row.id, url, status: current.status } });
}

export function scanRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post('/', idempotency(deps), (req, res) => submit(deps, req, res));

  router.get('/:resultId', async (req, res) => {
    const { resultId } = parse(ResultParams, req.params, 'path');
    const row = await getScan(deps.db, resultId);
    if (!row) throw new NotFoundError('scan result');
    const finished = row.status === 'done' || row.status === 'failed';
    // A finished result never changes; an unfinished one is polled.
    res.setHeader('Cache-Control', finished ? 'public, max-age=300' : 'no-store');
    res.json({ success: true, result: toResultJson(row, deps.config.scanBaseUrl) });
  });

  return router;
}
