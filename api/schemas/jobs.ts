/** Job shapes: the posting request, the job, transitions and the list query. */
import { IsoTime, Money, PageQuery, z } from './common.js';

/**
 * USDC as a decimal string: at most 6 decimals, positive, no sign or exponent, under a billion
 * (the ledger's per-amount bound; MAX_PAYMENT_USDC is usually far lower and checked by the route).
 */
export const UsdcAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,8})(\.\d{1,6})?$/, 'a decimal string with at most 6 decimals and 9 digits before the point, such as "1.50"')
  .refine((s) => /[1-9]/.test(s), 'must be more than zero');

const Tag = z.string().min(1).max(32).regex(/^[a-z0-9][a-z0-9+#.-]*$/, 'lowercase tag');

export const CreateJobRequest = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(10_000).default(''),
    tags: z.array(Tag).max(10).default([]),
    reward: z.object({ amount: UsdcAmount, currency: z.literal('USDC') }).strict(),
    deadline: z.iso
      .datetime({ offset: true })
      .refine((s) => new Date(s).getTime() > Date.now(), 'must be in the future')
      .optional(),
    requirements: z.array(z.string().min(1).max(500)).max(20).optional(),
  })
  .strict()
  .openapi('CreateJobRequest');

export const JobStatusEnum = z.enum([
  'pending_payment', 'payment_failed', 'open', 'assigned', 'submitted', 'completed', 'cancelled', 'expired', 'disputed', 'resolved',
]);

export const Job = z
  .object({
    id: z.string().regex(/^[0-9a-f]{24}$/),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    requirements: z.array(z.string()).nullable(),
    reward: Money,
    posting_fee: Money,
    deadline: IsoTime.nullable(),
    status: JobStatusEnum,
    poster: z.object({ kind: z.enum(['agent', 'wallet']), agent_id: z.string().nullable(), wallet: z.string() }),
    worker_agent_id: z.string().nullable(),
    claim_expires_at: IsoTime.nullable().openapi({
      description: 'while assigned: when the claim lapses back to open unless the worker submits (JOB_CLAIM_TTL_MINUTES)',
    }),
    result: z.object({ text: z.string(), url: z.string().optional() }).nullable(),
    dispute_reason: z.string().nullable(),
    resolution: z.enum(['worker', 'poster']).nullable(),
    payment_id: z.string(),
    failure_reason: z.string().nullable(),
    created_at: IsoTime,
    updated_at: IsoTime,
  })
  .openapi('Job');

export const JobCreated = z
  .object({
    success: z.literal(true),
    job: Job,
    credentials: z
      .object({ job_key: z.string().openapi({ description: 'anonymous posters manage the job with this Bearer key; shown once' }) })
      .optional(),
  })
  .openapi('JobCreated');

export const JobList = z
  .object({ success: z.literal(true), count: z.number().int(), jobs: z.array(Job), next_cursor: z.string().nullable() })
  .openapi('JobList');

export const JobListQuery = PageQuery.extend({
  status: JobStatusEnum.optional(),
  tag: z.string().min(1).max(32).optional(),
  poster: z.string().min(1).max(64).optional().openapi({ description: 'agent id or handle, or a 0x wallet address' }),
});

export const SubmitJobRequest = z
  .object({ result: z.string().min(1).max(20_000), url: z.url({ protocol: /^https?$/ }).max(2048).optional() })
  .strict()
  .openapi('SubmitJobRequest');

export const DisputeJobRequest = z.object({ reason: z.string().trim().min(1).max(2000) }).strict().openapi('DisputeJobRequest');

export const ResolveJobRequest = z.object({ winner: z.enum(['worker', 'poster']) }).strict().openapi('ResolveJobRequest');

export const JobEnvelope = z.object({ success: z.literal(true), job: Job }).openapi('JobEnvelope');
