/** Shapes of hosting (plans, the trial, deployments) and of the USD payment gateway (spec 4.4). */
import { IsoTime, z } from './common.js';

export const DeployId = z.string().regex(/^DEP-[A-Z0-9]{6}$/, 'DEP- and 6 uppercase letters or digits');
const AgentId = z.string().regex(/^[0-9a-f]{24}$/, 'a 24-character hex agent id');

const Resources = z.object({ memory_mb: z.number().int(), cpu: z.number() }).openapi('Resources');

export const Plans = z
  .object({
    success: z.literal(true),
    count: z.number().int(),
    plans: z.array(z.object({
      name: z.enum(['trial', 'micro', 'small', 'medium']), resources: Resources,
      price: z.string().openapi({ example: '5.00' }), currency: z.literal('USD'), period: z.enum(['7d', 'month']),
    })),
    driver: z.enum(['local', 'kubernetes']).openapi({ description: 'local: manifests are written to DEPLOY_DIR and nothing runs' }),
  })
  .openapi('Plans');

/** An OCI image reference: [registry/]path[:tag][@digest], no spaces or shell characters. */
const Image = z.string().min(1).max(512).regex(/^[a-z0-9]+([._\-/:][a-z0-9]+)*(:[\w][\w.-]{0,127})?(@sha256:[0-9a-f]{64})?$/i, 'an OCI image reference such as ghcr.io/owner/app:1.2');
const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name');

export const TrialRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    image: Image,
    port: z.number().int().min(1).max(65535).optional(),
    env: z.record(EnvName, z.string().max(4096)).refine((e) => Object.keys(e).length <= 50, 'at most 50 variables').optional(),
    command: z.array(z.string().min(1).max(1024)).min(1).max(50).optional(),
  })
  .strict()
  .openapi('TrialRequest');

export const Deployment = z
  .object({
    deploy_id: DeployId, name: z.string(), status: z.enum(['provisioning', 'running', 'expired', 'upgrading', 'suspended', 'failed']),
    plan: z.enum(['trial', 'micro', 'small', 'medium']), resources: Resources, image: z.string(), port: z.number().int().nullable(),
    env_keys: z.array(z.string()).openapi({ description: 'the names of the variables; values are never shown' }),
    command: z.array(z.string()).nullable(), endpoint: z.string().nullable(), expires_at: IsoTime.nullable(), paid_until: IsoTime.nullable(),
    failure_reason: z.string().nullable(), created_at: IsoTime, updated_at: IsoTime,
  })
  .openapi('Deployment');

export const DeploymentEnvelope = z.object({ success: z.literal(true), deployment: Deployment }).openapi('DeploymentEnvelope');
export const DeploymentList = z.object({ success: z.literal(true), count: z.number().int(), deployments: z.array(Deployment) }).openapi('DeploymentList');

/** A JSON number with at most two decimals, as the spec shows; read through its decimal text. */
const AmountUsd = z.number().positive().max(1_000_000).refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), 'at most two decimals');

export const CreatePaymentRequest = z
  .object({
    service: z.enum(['hosting', 'scan']),
    plan: z.string().min(1).max(32),
    amount_usd: AmountUsd,
    payer_agent: AgentId,
    deploy_id: DeployId.optional(),
    scan_key_id: AgentId.optional().openapi({ description: 'service scan: the monthly key to renew; a new key is made without it' }),
  })
  .strict()
  .openapi('CreatePaymentRequest');

export const VerifyPaymentRequest = z
  .object({
    payment_id: z.string().regex(/^gwp_[0-9a-f]{24}$/),
    proof: z.union([
      z.object({ x402: z.string().min(1).max(16_384).openapi({ description: 'the base64 PAYMENT-SIGNATURE value' }) }).strict(),
      z.object({ preimage: z.string().regex(/^[0-9a-fA-F]{64}$/).transform((s) => s.toLowerCase()) }).strict(),
    ]),
  })
  .strict()
  .openapi('VerifyPaymentRequest');

export const GatewayPayment = z
  .object({
    id: z.string(), status: z.enum(['requires_payment', 'processing', 'succeeded', 'failed']),
    service: z.enum(['hosting', 'scan']), plan: z.string(), amount_usd: z.string(), currency: z.literal('USD'),
    payer_agent: z.string(), deploy_id: z.string().nullable(), failure_reason: z.string().nullable(),
    methods: z.object({
      x402: z.record(z.string(), z.unknown()).openapi({ description: 'a v2 PaymentRequired object (1 USDC per USD)' }),
      lightning: z.object({ invoice: z.string(), payment_hash: z.string(), amount_sats: z.number().int() }),
    }).optional(),
    created_at: IsoTime, updated_at: IsoTime,
  })
  .openapi('GatewayPayment');

export const GatewayPaymentEnvelope = z
  .object({
    success: z.literal(true), payment: GatewayPayment,
    credentials: z.object({ api_key: z.string() }).optional().openapi({ description: 'a new monthly scan key, shown once, to the verify call that recorded the proof' }),
  })
  .openapi('GatewayPaymentEnvelope');
