/** Agent shapes of spec 2.2 to 2.4, the registration request and the directory query. */
import { IsoTime, Money, PageQuery, QueryBool, z } from './common.js';

const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const Service = z
  .object({
    name: z.string().min(1).max(100),
    description: z.string().max(2000).default(''),
    price: z.string().max(100).default(''),
    currency: z.string().max(16).default(''),
    endpoint: httpUrl.optional(),
  })
  .strict()
  .openapi('Service');

/** An e-mail address, or a platform handle written prefix:handle (spec 2.4). */
const emailOrHandle = z
  .string()
  .max(254)
  .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+|[a-z0-9][a-z0-9_.-]{0,30}:[^\s:]{1,100})$/i, 'expected an e-mail address or prefix:handle');

export const Contact = z
  .object({
    email: emailOrHandle,
    api: httpUrl.optional(),
    website: httpUrl.optional(),
    social: z.string().min(1).max(100).optional(),
  })
  .strict()
  .openapi('Contact');

export const Handle = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens, not at either end');

const Tag = z.string().min(1).max(32).regex(/^[a-z0-9][a-z0-9+#.-]*$/, 'lowercase tag');

export const RegisterAgentRequest = z
  .object({
    handle: Handle,
    name: z.string().trim().min(1).max(100),
    description: z.string().max(2000).default(''),
    services: z.array(Service).max(20).nullable().default(null),
    contact: Contact,
    stack: z.string().max(200).default(''),
    tags: z.array(Tag).max(20).nullable().default(null),
    webhook_url: httpUrl.optional(),
  })
  .strict()
  .openapi('RegisterAgentRequest');

export const Agent = z
  .object({
    id: z.string().regex(/^[0-9a-f]{24}$/),
    handle: Handle,
    name: z.string(),
    description: z.string(),
    services: z.array(Service).nullable(),
    contact: Contact,
    stack: z.string(),
    tags: z.array(z.string()).nullable(),
    verified: z.boolean(),
    featured: z.boolean(),
    created_at: IsoTime,
    updated_at: IsoTime,
  })
  .openapi('Agent');

export const AgentWithStatus = Agent.extend({
  status: z.enum(['pending_bond', 'active', 'suspended', 'exited', 'bond_failed']),
}).openapi('AgentWithStatus');

export const Directory = z
  .object({
    success: z.literal(true),
    count: z.number().int(),
    agents: z.array(Agent),
    next_cursor: z.string().nullable(),
  })
  .openapi('Directory');

export const DirectoryQuery = PageQuery.extend({
  q: z.string().min(1).max(100).optional(),
  tag: z.string().min(1).max(32).optional(),
  service: z.string().min(1).max(100).optional(),
  verified: QueryBool.optional(),
  featured: QueryBool.optional(),
});

export const Bond = z
  .object({ status: z.enum(['pending', 'held', 'failed']), payment_id: z.string() })
  .extend(Money.shape)
  .openapi('Bond');

export const Registration = z
  .object({
    success: z.literal(true),
    agent: AgentWithStatus,
    bond: Bond,
    credentials: z.object({
      api_key: z.string().openapi({ description: 'Bearer key; shown once' }),
      signing_secret: z.string().openapi({ description: 'HMAC key for X-Signature; shown once' }),
    }),
  })
  .openapi('Registration');

export const AgentFlagsPatch = z
  .object({ verified: z.boolean().optional(), featured: z.boolean().optional() })
  .strict()
  .refine((v) => v.verified !== undefined || v.featured !== undefined, 'set verified, featured or both');

const BalanceLine = z.object({ available: z.string(), pending_in: z.string(), currency: z.literal('USDC') });

export const AgentBalance = z
  .object({
    success: z.literal(true),
    balance: z.object({ agent_id: z.string(), available: BalanceLine, bond: BalanceLine }),
  })
  .openapi('AgentBalance');
