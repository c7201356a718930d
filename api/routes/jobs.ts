/**
 * The job board: posting paid by x402 (posting fee + reward), the list, one job, and the
 * transitions. Agents act with Bearer + X-Signature; an anonymous poster acts on its job with
 * the job key it received; the admin resolves disputes.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type RequestHandler } from 'express';
import { findAgent } from '../../shared/agents/queries.js';
import { hashApiKey } from '../../shared/auth/credentials.js';
import { decodeCursor, pageOf } from '../../shared/cursor.js';
import { NotFoundError } from '../../shared/errors.js';
import { HttpError } from '../http-error.js';
import { formatAmount, parseAmount } from '../../shared/ledger/index.js';
import { postJob } from '../../shared/jobs/create.js';
import {
  acceptJob, cancelJob, claimJob, disputeJob, resolveJob, submitJob, unassignJob, type JobActor,
} from '../../shared/jobs/lifecycle.js';
import { getJob, getJobs, listJobs } from '../../shared/jobs/queries.js';
import { batched } from '../../shared/db/batched.js';
import { toJobJson } from '../../shared/jobs/types.js';
import type { AppDeps } from '../context.js';
import { bearer, requireAdmin, signature } from '../middleware/auth.js';
import { idempotency } from '../middleware/idempotency.js';
import { parse, parseBody, parseQuery } from '../middleware/validate.js';
import { paidRoute } from '../paid.js';
import {
  CreateJobRequest, DisputeJobRequest, JobCreated, JobEnvelope, JobList, JobListQuery, ResolveJobRequest, SubmitJobRequest,
} from '../schemas/jobs.js';
import { describeTransitions, errorResponse, jsonResponse, paymentRequiredResponse, z, type TransitionDoc } from '../schemas/common.js';

const JobId = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'a 24-character hex job id') });
const POSTER_KEY = /^Bearer\s+(ac_job_\S{1,200})$/i;

export function describeJobRoutes(r: OpenAPIRegistry): void {
  const agentAuth = [{ BearerAuth: [], HMACSignature: [] }];
  r.registerPath({
    method: 'post', path: '/api/jobs', tags: ['jobs'], summary: 'Post a job, paid by x402 (posting fee + reward)',
    description: 'Anonymous, or as an agent with Bearer + X-Signature. Anonymous posters receive a job key to manage the job.',
    security: [{}, ...agentAuth],
    request: { body: { content: { 'application/json': { schema: CreateJobRequest } } } },
    responses: {
      201: jsonResponse(JobCreated, 'paid and open'), 202: jsonResponse(JobCreated, 'paid; settlement pending (poll Location)'),
      400: errorResponse('invalid body'), 401: errorResponse('bad key or signature'), 402: paymentRequiredResponse,
    },
  });
  r.registerPath({
    method: 'get', path: '/api/jobs', tags: ['jobs'], summary: 'List jobs, newest first', request: { query: JobListQuery },
    responses: { 200: jsonResponse(JobList, 'a page of jobs'), 400: errorResponse('bad filter or cursor') },
  });
  r.registerPath({
    method: 'get', path: '/api/jobs/{id}', tags: ['jobs'], summary: 'One job', request: { params: JobId },
    responses: { 200: jsonResponse(JobEnvelope, 'the job'), 404: errorResponse('no such job') },
  });
  const transitions: TransitionDoc[] = [
    ['claim', 'Claim an open job (agent); the claim lapses after JOB_CLAIM_TTL_MINUTES unless the worker submits, and an agent holds at most MAX_ACTIVE_CLAIMS_PER_AGENT claims (409 with details.limit and details.active_claims)', undefined],
    ['submit', 'Submit the result of an assigned job (its worker)', SubmitJobRequest],
    ['accept', 'Accept a submitted result: escrow paid to the worker, minus the completion fee (poster)', undefined],
    ['dispute', 'Dispute a submitted result (poster)', DisputeJobRequest],
    ['unassign', 'Take an assigned job back from its worker: open again (poster)', undefined],
    ['cancel', 'Cancel an open job: escrow refunded (poster)', undefined],
    ['resolve', 'Resolve a dispute (admin)', ResolveJobRequest],
  ];
  describeTransitions(r, { base: '/api/jobs', tag: 'jobs', resource: 'job', params: JobId, envelope: JobEnvelope, transitions });
}

/** Runs middleware in order, as Express would, and resolves when the last calls next(). */
async function runChain(chain: RequestHandler[], req: Request, res: Parameters<RequestHandler>[1]): Promise<void> {
  for (const mw of chain) {
    await new Promise<void>((resolve, reject) => {
      const out = mw(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
      if (out instanceof Promise) out.catch(reject);
    });
  }
}

export function jobRoutes(deps: AppDeps): Router {
  const router = Router();
  const fee = parseAmount(deps.config.JOB_POSTING_FEE_USDC, 'USDC');
  const maxPayment = parseAmount(deps.config.MAX_PAYMENT_USDC, 'USDC');
  const feePct = deps.config.JOB_COMPLETION_FEE_PCT;
  const claimRules = { ttlMinutes: deps.config.JOB_CLAIM_TTL_MINUTES, maxActive: deps.config.MAX_ACTIVE_CLAIMS_PER_AGENT };
  const agentChain = [bearer(deps), signature(deps)];
  const actorOf = new WeakMap<Request, JobActor>();

  /** An anonymous poster's job key, or an agent with Bearer + X-Signature. */
  const actor: RequestHandler = async (req, res, next) => {
    const posterKey = POSTER_KEY.exec(req.get('authorization') ?? '');
    if (posterKey) {
      actorOf.set(req, { kind: 'poster_key', keyHash: hashApiKey(posterKey[1]) });
      return next();
    }
    await runChain(agentChain, req, res);
    const p = req.principal!;
    actorOf.set(req, p.kind === 'agent' ? { kind: 'agent', agentId: p.agent.id } : { kind: 'admin' });
    next();
  };
  const jobId = (req: Request) => parse(JobId, req.params, 'path').id;
  const answer = (res: Parameters<RequestHandler>[1], job: Parameters<typeof toJobJson>[0]) => res.json({ success: true, job: toJobJson(job) });

  // The paid answer's read of its job after waiting: settlements finish in groups, so the jobs
  // whose requests were waiting on them are read together, with one statement.
  const readJob = batched((ids: string[]) => getJobs(deps.db, ids));
  router.post('/', bearer(deps, { optional: true }), signature(deps, { optional: true, deferSpend: true }), idempotency(deps), async (req, res) => {
    const body = parseBody(CreateJobRequest, req);
    const reward = parseAmount(body.reward.amount, 'USDC');
    if (fee + reward > maxPayment) {
      const most = formatAmount(maxPayment - fee, 'USDC');
      throw new HttpError('invalid_request', `reward is over the largest this service takes (${most} USDC)`, [{ path: 'reward.amount', message: `at most ${most}` }]);
    }
    const poster = req.principal?.kind === 'agent' ? req.principal.agent : null;
    const price = { amount: fee + reward, description: `Job "${body.title}": posting fee and reward held in escrow` };
    const input = { title: body.title, description: body.description, tags: body.tags, requirements: body.requirements ?? null, reward, deadline: body.deadline ? new Date(body.deadline) : null };
    await paidRoute(deps, req, res, {
      price,
      record: (paid) => postJob(deps.db, input, fee, paid, poster?.id ?? null),
      location: (posted) => `/api/jobs/${posted.job.id}`,
      body: async (posted) => ({
        job: toJobJson((await readJob(posted.job.id)) ?? posted.job),
        ...(posted.posterKey ? { credentials: { job_key: posted.posterKey } } : {}),
      }),
    });
  });

  router.get('/', async (req, res) => {
    const query = parseQuery(JobListQuery, req);
    let poster = query.poster;
    if (poster && !/^0x[0-9a-fA-F]{40}$/.test(poster) && !/^[0-9a-f]{24}$/.test(poster)) {
      poster = (await findAgent(deps.db, poster))?.id ?? '000000000000000000000000';
    }
    const rows = await listJobs(deps.db, {
      status: query.status, tag: query.tag, poster, limit: query.limit,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const page = pageOf(rows, query.limit);
    res.json({ success: true, count: page.items.length, jobs: page.items.map(toJobJson), next_cursor: page.next_cursor });
  });

  router.get('/:id', async (req, res) => {
    const job = await getJob(deps.db, jobId(req));
    if (!job) throw new NotFoundError('job');
    answer(res, job);
  });

  router.post('/:id/claim', actor, async (req, res) => answer(res, await claimJob(deps.db, jobId(req), actorOf.get(req)!, claimRules)));
  router.post('/:id/submit', actor, async (req, res) => {
    const body = parseBody(SubmitJobRequest, req);
    answer(res, await submitJob(deps.db, jobId(req), actorOf.get(req)!, { text: body.result, ...(body.url ? { url: body.url } : {}) }));
  });
  router.post('/:id/accept', actor, async (req, res) => answer(res, await acceptJob(deps.db, jobId(req), actorOf.get(req)!, feePct)));
  router.post('/:id/dispute', actor, async (req, res) => {
    const body = parseBody(DisputeJobRequest, req);
    answer(res, await disputeJob(deps.db, jobId(req), actorOf.get(req)!, body.reason));
  });
  router.post('/:id/unassign', actor, async (req, res) => answer(res, await unassignJob(deps.db, jobId(req), actorOf.get(req)!)));
  router.post('/:id/cancel', actor, async (req, res) => answer(res, await cancelJob(deps.db, jobId(req), actorOf.get(req)!)));
  router.post('/:id/resolve', requireAdmin(deps), async (req, res) => {
    const body = parseBody(ResolveJobRequest, req);
    answer(res, await resolveJob(deps.db, jobId(req), { kind: 'admin' }, body.winner, feePct));
  });

  return router;
}
