/**
 * The service's configuration: `process.env` is read here and nowhere else, once, through a zod
 * schema with defaults. Everything else receives a `Config` object.
 */
import { z } from 'zod';
import { parseCdpSecret } from './x402/facilitator-auth.js';
import { knownAsset } from './x402/assets.js';
import { toV1Name } from './x402/networks.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z.string().url();
/** The burn address: a safe default for trying the service, refused in production. */
const DEFAULT_PAY_TO = '0x000000000000000000000000000000000000dEaD';
const cron = z.string().min(9, 'expected a cron expression such as "* * * * *"');

/** US dollars with at most two decimals, such as "12.00". */
const usd = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'expected US dollars such as "12.00"');

/** A decimal amount such as "5.00"; kept as text and converted to minor units by the caller. */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal amount such as "5.00"');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url.default('postgres://postgres@127.0.0.1:5432/agent_commerce'),
  REDIS_URL: url.default('redis://127.0.0.1:6379'),
  /** Prefix of every BullMQ key; wrap it in {braces} for Redis Cluster. */
  QUEUE_PREFIX: z.string().min(1).default('ac'),
  PUBLIC_BASE_URL: url.optional(),
  SCAN_BASE_URL: url.optional(),
  HOSTING_BASE_URL: url.optional(),
  GATEWAY_BASE_URL: url.optional(),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Signing secrets are derived from this; changing it invalidates every agent's secret. */
  SIGNING_MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // x402
  X402_PAY_TO: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')
    .default(DEFAULT_PAY_TO),
  X402_NETWORK: z.string().regex(/^eip155:\d+$/, 'expected a CAIP-2 id such as eip155:84532').default('eip155:84532'),
  /** Default: the USDC of X402_NETWORK (shared/x402/assets.ts). */
  X402_ASSET: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /** EIP-712 domain of the asset; default from the table of known assets (Base: "USD Coin", Base Sepolia: "USDC"). */
  X402_ASSET_NAME: z.string().optional(),
  X402_ASSET_VERSION: z.string().optional(),
  /**
   * More networks to accept, comma separated CAIP-2 ids (e.g. `eip155:8453,eip155:137`): each adds
   * an `accepts` entry with that chain's known USDC and its EIP-712 domain (shared/x402/assets.ts).
   */
  X402_EXTRA_NETWORKS: z.string().optional(),
  X402_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86400).default(300),
  X402_FACILITATOR_URL: url.optional(),
  X402_FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  /** Sent as the `Authorization` header on every facilitator call, as it is (e.g. `Bearer <token>`). */
  X402_FACILITATOR_AUTH: z.string().optional(),
  /**
   * The Coinbase Developer Platform facilitator's API key (its documented variable names): each
   * facilitator call then carries a fresh JWT signed with the secret (PEM EC key or base64 Ed25519).
   */
  CDP_API_KEY_ID: z.string().optional(),
  CDP_API_KEY_SECRET: z.string().optional(),

  // Lightning and L402 (docs/lightning.md)
  /** `embedded` signs real BOLT11 invoices itself and settles nothing on a network; `lnd` uses LND's REST API. */
  LIGHTNING_BACKEND: z.enum(['embedded', 'lnd']).default('embedded'),
  /** The BOLT11 prefix of embedded invoices (lnbcrt, lntb, lnbc); regtest so that no wallet mistakes them for money. */
  LIGHTNING_NETWORK: z.enum(['regtest', 'testnet', 'mainnet']).default('regtest'),
  /** The embedded node's secp256k1 key (64 hex); derived from SIGNING_MASTER_KEY when unset. */
  LIGHTNING_NODE_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex characters').optional(),
  /** The embedded backend pays nobody; running it in production needs this deliberate opt-in. */
  LIGHTNING_EMBEDDED_IN_PRODUCTION: bool.default(false),
  /** How long an invoice can be paid: 10 minutes, long enough for a wallet round trip. */
  LIGHTNING_INVOICE_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86400).default(600),
  LND_REST_URL: url.optional(),
  /** An invoice macaroon, hex; or LND_MACAROON_PATH to the file. */
  LND_MACAROON_HEX: z.string().regex(/^[0-9a-fA-F]+$/, 'expected hex').optional(),
  LND_MACAROON_PATH: z.string().min(1).optional(),
  /** LND's self-signed tls.cert (PEM); the system CAs are used when unset. */
  LND_TLS_CERT_PATH: z.string().min(1).optional(),
  LND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  /** Sats per US dollar for the gateway's Lightning price: 1000 is a dollar at 100,000 USD per BTC. */
  SATS_PER_USD: z.coerce.number().int().min(1).default(1000),
  /** The L402 pay-per-use pack: this many sats buy this many scans. */
  L402_PACK_SATS: z.coerce.number().int().min(1).default(1000),
  L402_PACK_SCANS: z.coerce.number().int().min(1).default(10),
  /** How long an L402 macaroon stays valid after it is minted: 30 days. */
  L402_VALID_SECONDS: z.coerce.number().int().min(60).default(2_592_000),

  // money
  IDENTITY_BOND_USDC: decimal.default('5.00'),
  JOB_POSTING_FEE_USDC: decimal.default('0.10'),
  JOB_COMPLETION_FEE_PCT: z.coerce.number().min(0).max(50).default(2.5),
  /**
   * The largest single payment the service asks for (a job's fee + reward, a bond). A bound per
   * transfer keeps every ledger total far from bigint's limit; larger requests are a 400.
   */
  MAX_PAYMENT_USDC: decimal.default('10000.00'),
  /**
   * How long a worker holds a claimed job before the clock hands it back to the board unless
   * it submits (24 h by default; at most a year). A job's own deadline, when sooner, still wins.
   */
  JOB_CLAIM_TTL_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
  /** Monthly prices of the paid hosting plans, in USD (PRODUCT.md section 9). */
  HOSTING_PRICE_MICRO_USD: usd.default('5.00'),
  HOSTING_PRICE_SMALL_USD: usd.default('12.00'),
  HOSTING_PRICE_MEDIUM_USD: usd.default('24.00'),
  /** The monthly scan plan's price (spec 8: 9 USD a month for 100 scans). */
  SCAN_MONTHLY_USD: usd.default('9.00'),
  /** Days a paid deployment keeps running after its paid time ends, before the clock suspends it. */
  HOSTING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(3),
  /** Jobs one agent may hold assigned at once; a claim beyond it is a 409. */
  MAX_ACTIVE_CLAIMS_PER_AGENT: z.coerce.number().int().min(1).max(1000).default(5),
  /** The service's cut of a completed contract's value, and of a slashed stake. */
  CONTRACT_FEE_PCT: z.coerce.number().min(0).max(50).default(2.5),
  /** S_min: the smallest stake any party puts up, however trusted (docs/trust.md). */
  CONTRACT_STAKE_FLOOR_USDC: decimal.default('0.10'),
  /** An agent's open contract value may reach its identity bond times this (docs/trust.md). */
  CONTRACT_EXPOSURE_MULTIPLE: z.coerce.number().min(1).max(1000).default(20),
  /** Escrow and stakes time out this long after the contract's deadline (30 days by default). */
  CONTRACT_HOLD_MARGIN_HOURS: z.coerce.number().int().min(1).max(87_600).default(720),

  // waits and schedules
  SETTLE_WAIT_MS: z.coerce.number().int().min(0).max(120000).default(10000),
  RECONCILE_CRON: cron.default('*/30 * * * * *'),
  /** A pending row younger than this is left to its queue job; older ones are re-enqueued. */
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(60000),
  FEED_CRON: cron.default('* * * * *'),
  /** How often jobs past their deadline are expired and refunded, and lapsed claims released. */
  EXPIRE_JOBS_CRON: cron.default('*/15 * * * * *'),
  /** How often proposals past their deadline are expired and their holds voided. */
  EXPIRE_CONTRACTS_CRON: cron.default('*/15 * * * * *'),
  /** How long POST /api/scan waits for the worker before answering 202; 0 never waits. */
  SCAN_WAIT_MS: z.coerce.number().int().min(0).max(30000).default(2000),

  // skill scans and the threat feed
  /** Keyless scans per client IP per UTC day; 0 turns the free trial off. */
  TRIAL_SCANS_PER_DAY: z.coerce.number().int().min(0).default(3),
  /** Threat item ids are `<FEED_ID_PREFIX>-threat-<16 hex>`. */
  FEED_ID_PREFIX: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens').max(40).default('agentcommerce'),
  /** Unsafe results in the feed, newest first. */
  FEED_ITEMS_LIMIT: z.coerce.number().int().min(1).max(1000).default(100),
  FEED_TITLE: z.string().min(1).max(200).default('Agent Commerce skill threat feed'),
  FEED_DESCRIPTION: z
    .string()
    .min(1)
    .max(1000)
    .default('Agent skills found malicious by the Agent Commerce skill scanner, newest first.'),
  /** The feed's `website`, `upgrade.pricing` and `upgrade.enterprise`; each defaults to a page of this service. */
  FEED_WEBSITE_URL: url.optional(),
  FEED_PRICING_URL: url.optional(),
  FEED_ENTERPRISE_URL: url.optional(),
  /**
   * The longest a web process serves its copy of the feed without asking Redis whether it is
   * still the stored one. Stores are announced at once over pub/sub; this bounds a lost
   * announcement. 0 asks on every read.
   */
  FEED_REVALIDATE_MS: z.coerce.number().int().min(0).max(60000).default(1000),

  // hosting (docs/hosting.md)
  /** `local` renders the manifests to DEPLOY_DIR and runs nothing; `kubernetes` applies them to a cluster. */
  HOSTING_DRIVER: z.enum(['local', 'kubernetes']).default('local'),
  /** Where deployments go: a Kubernetes namespace name (a DNS label). */
  HOSTING_NAMESPACE: z
    .string()
    .max(63)
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'expected a DNS label: lowercase letters, digits and hyphens')
    .default('agent-hosting'),
  /** One kubeconfig file for the kubernetes driver; in a pod, leave unset to use its service account. */
  KUBECONFIG: z.string().min(1).optional(),
  /** Time-out of each Kubernetes API call; a time-out is retried by the queue. */
  HOSTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  /** Where the local driver writes each deployment's manifests. */
  DEPLOY_DIR: z.string().min(1).default('./data/deployments'),
  /** Set by Kubernetes in every pod; read only to tell whether in-cluster credentials exist. */
  KUBERNETES_SERVICE_HOST: z.string().min(1).optional(),

  /**
   * How long a web process reuses the directory's first page without filters (GET
   * /api/v1/agents with at most `limit`): a new agent or a changed flag shows there this much
   * later at most. Filtered and further pages are always current (kept only under the
   * directory's version, migration 0020). 0 turns the reuse off.
   */
  DIRECTORY_CACHE_MS: z.coerce.number().int().min(0).max(10000).default(1000),

  // limits
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  BODY_LIMIT: z.string().default('64kb'),
  /** POST /api/scan only: a skill's files travel in the body (PRODUCT.md section 10). */
  SCAN_BODY_LIMIT: z.string().default('1mb'),
  /**
   * Which X-Forwarded-For hops to believe: `false` (none, the default), a hop count (`1` behind
   * one load balancer), or a comma-separated list of proxy addresses or CIDR ranges. `true`
   * (every hop) is refused: any client could then choose its own address.
   */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** When set, a worker or clock process serves GET /metrics on this port (a web process serves it on PORT). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The embedded facilitator moves no money. Under NODE_ENV=production it runs only with this
   * explicit opt-in (a staging box that wants real signatures and fake settlement).
   */
  X402_EMBEDDED_IN_PRODUCTION: bool.default(false),
  SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * How long a worker's lock on a job lasts without renewal. A worker that dies mid-job leaves its
   * job to be picked up again once the lock lapses (BullMQ's stalled-job check runs as often).
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),

  // webhooks (docs/webhooks.md)
  /** How often the clock hands new event rows to the webhook queue (the outbox pass). */
  WEBHOOK_DISPATCH_CRON: cron.default('*/5 * * * * *'),
  /** Time-out of one delivery, connection to last byte. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  /**
   * Attempts per delivery. With the default 10 s base the waits double each time, so 13 attempts
   * span about 23 hours: a receiver that is down for a day loses nothing.
   */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(13),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(10000),
});

export type RawConfig = z.infer<typeof schema>;

/** Express's `trust proxy`: no hop, a number of hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const CIDR = /^([0-9.]+|[0-9a-fA-F:]+)(\/\d{1,3})?$/;

/** Parses TRUST_PROXY, or returns what is wrong with it. */
function parseTrustProxy(value: string): TrustProxy | string {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return 'trusting every hop lets any client spoof its address; give a hop count (e.g. 1) or the proxies\' addresses';
  if (/^\d+$/.test(v)) return Number(v) > 10 ? 'at most 10 hops' : Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.find((a) => !CIDR.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
  return bad || !list.length ? `expected false, a hop count, or addresses/CIDR ranges; "${bad ?? value}" is none of these` : list;
}

export interface Config extends Omit<RawConfig, 'SIGNING_MASTER_KEY'> {
  SIGNING_MASTER_KEY: string;
  /** Origins for absolute URLs; each defaults to the server's own origin. */
  publicBaseUrl: string;
  scanBaseUrl: string;
  hostingBaseUrl: string;
  gatewayBaseUrl: string;
  /**
   * DATABASE_URL and REDIS_URL were not given: `npm start` may start local servers for them when
   * nothing answers at the defaults. A configured URL is never replaced.
   */
  defaultUrls: { database: boolean; redis: boolean };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function isLocalUrl(url: string | undefined): boolean {
  if (!url) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' || /^127\./.test(host);
}

/**
 * What a deployment must not run with. Production refuses fake money (the embedded facilitator
 * without its opt-in), payments to the burn address, a localhost base URL in every link it
 * prints, and missing secrets. Outside an explicit development or test mode, the built-in
 * development signing key is refused too: a forgotten NODE_ENV must not fall back to it.
 */
function unsafeProblems(raw: RawConfig, modeGiven: boolean): string[] {
  const problems: string[] = [];
  if (raw.NODE_ENV === 'production') {
    for (const k of ['ADMIN_TOKEN', 'SIGNING_MASTER_KEY'] as const) {
      if (!raw[k]) problems.push(`${k}: required when NODE_ENV=production`);
    }
    if (!raw.X402_FACILITATOR_URL && !raw.X402_EMBEDDED_IN_PRODUCTION) {
      problems.push('X402_FACILITATOR_URL: required when NODE_ENV=production (the embedded facilitator moves no money; X402_EMBEDDED_IN_PRODUCTION=true opts in anyway)');
    }
    if (raw.X402_PAY_TO.toLowerCase() === DEFAULT_PAY_TO.toLowerCase()) {
      problems.push('X402_PAY_TO: still the default burn address; set the address that receives payments');
    }
    if (isLocalUrl(raw.PUBLIC_BASE_URL)) {
      problems.push('PUBLIC_BASE_URL: must be the public origin (not localhost) when NODE_ENV=production; it is in every link the service prints');
    }
  } else if (!modeGiven && !raw.SIGNING_MASTER_KEY) {
    problems.push('SIGNING_MASTER_KEY: required unless NODE_ENV is set to development or test (npm start sets development)');
  }
  return problems;
}

// Values of these variables never appear in an error message.
const SECRET_NAME = /TOKEN|SECRET|KEY|MACAROON|_AUTH$/;

/** The asset and its EIP-712 domain: given, or known for the network (shared/x402/assets.ts). */
function assetProblems(raw: RawConfig): string[] {
  // A chain without a v1 name is refused by x402SettingsFromConfig, with its own message.
  if (!toV1Name(raw.X402_NETWORK)) return [];
  const known = knownAsset(raw.X402_NETWORK, raw.X402_ASSET);
  const extra = (raw.X402_EXTRA_NETWORKS ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const badExtra = extra.filter((n) => !/^eip155:\d+$/.test(n) || !toV1Name(n) || !knownAsset(n));
  if (badExtra.length) {
    return [`X402_EXTRA_NETWORKS=${raw.X402_EXTRA_NETWORKS}: ${badExtra.join(', ')} is not a CAIP-2 network with a known USDC and a v1 name`];
  }
  if (!raw.X402_ASSET && !known) return [`X402_ASSET: required for X402_NETWORK=${raw.X402_NETWORK} (no USDC is known on it)`];
  if (known) return [];
  return (['X402_ASSET_NAME', 'X402_ASSET_VERSION'] as const)
    .filter((k) => !raw[k])
    .map((k) => `${k}: required for X402_ASSET=${raw.X402_ASSET}, which is not the known USDC of ${raw.X402_NETWORK} (it is the token's EIP-712 domain ${k === 'X402_ASSET_NAME' ? 'name' : 'version'})`);
}

/** Facilitator credentials: one kind at most, complete, readable, and only with a facilitator to send them to. */
function facilitatorProblems(raw: RawConfig): string[] {
  const problems: string[] = [];
  const cdp = raw.CDP_API_KEY_ID !== undefined || raw.CDP_API_KEY_SECRET !== undefined;
  if ((raw.X402_FACILITATOR_AUTH !== undefined || cdp) && !raw.X402_FACILITATOR_URL) {
    problems.push(`${raw.X402_FACILITATOR_AUTH !== undefined ? 'X402_FACILITATOR_AUTH' : 'CDP_API_KEY_ID'}: facilitator credentials are set but X402_FACILITATOR_URL is not`);
  }
  if (raw.X402_FACILITATOR_AUTH !== undefined && cdp) {
    problems.push('X402_FACILITATOR_AUTH: set together with CDP_API_KEY_ID/CDP_API_KEY_SECRET; set one kind of facilitator credentials');
  }
  if (cdp && (!raw.CDP_API_KEY_ID || !raw.CDP_API_KEY_SECRET)) {
    problems.push(`${raw.CDP_API_KEY_ID ? 'CDP_API_KEY_SECRET' : 'CDP_API_KEY_ID'}: required when the other is set`);
  }
  if (raw.CDP_API_KEY_SECRET) {
    try {
      parseCdpSecret(raw.CDP_API_KEY_SECRET);
    } catch (err) {
      problems.push(`CDP_API_KEY_SECRET=(hidden): ${(err as Error).message}`);
    }
  }
  return problems;
}

/**
 * The Lightning settings that only make sense together: LND needs a URL and a macaroon, and the
 * embedded backend (which settles nothing on a network) is refused in production unless opted in.
 */
function lightningProblems(raw: RawConfig): string[] {
  const problems: string[] = [];
  if (raw.LIGHTNING_BACKEND === 'lnd') {
    if (!raw.LND_REST_URL) problems.push('LND_REST_URL: required when LIGHTNING_BACKEND=lnd');
    if (!raw.LND_MACAROON_HEX && !raw.LND_MACAROON_PATH) {
      problems.push('LND_MACAROON_HEX or LND_MACAROON_PATH: required when LIGHTNING_BACKEND=lnd');
    }
  } else if (raw.NODE_ENV === 'production' && !raw.LIGHTNING_EMBEDDED_IN_PRODUCTION) {
    problems.push(
      'LIGHTNING_BACKEND=embedded: refused when NODE_ENV=production (its invoices are never paid on a network); ' +
        'set LIGHTNING_BACKEND=lnd, or LIGHTNING_EMBEDDED_IN_PRODUCTION=true to run it anyway',
    );
  }
  return problems;
}

/** The kubernetes driver needs credentials: a kubeconfig file, or a pod's service account. */
function hostingProblems(raw: RawConfig): string[] {
  if (raw.HOSTING_DRIVER === 'kubernetes' && !raw.KUBECONFIG && !raw.KUBERNETES_SERVICE_HOST) {
    return ['KUBECONFIG: required when HOSTING_DRIVER=kubernetes outside a pod (in a pod, its service account is used)'];
  }
  return [];
}

/**
 * Only DATABASE_URL, for tools that need nothing else (`npm run ledger:check`): they must not
 * ask for the web role's secrets.
 */
export function loadDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const parsed = schema.shape.DATABASE_URL.safeParse(env.DATABASE_URL || undefined);
  if (!parsed.success) throw new ConfigError([`DATABASE_URL=${JSON.stringify(env.DATABASE_URL)}: ${parsed.error.issues[0].message}`]);
  return parsed.data;
}

function trimSlash(s: string): string {
  return s.replace(/\/+$/, '');
}

/**
 * Parses configuration from an environment (process.env by default). Empty strings count as
 * unset, so `FOO=` in a .env file falls back to the default rather than failing validation.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') cleaned[key] = v;
  }
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        const shown = SECRET_NAME.test(name) ? '(hidden)' : JSON.stringify(cleaned[name]);
        return `${name}=${shown}: ${i.message}`;
      }),
    );
  }
  const raw = parsed.data;
  const unsafe = [...unsafeProblems(raw, cleaned.NODE_ENV !== undefined), ...lightningProblems(raw), ...hostingProblems(raw), ...facilitatorProblems(raw), ...assetProblems(raw)];
  if (unsafe.length) throw new ConfigError(unsafe);
  const own = trimSlash(raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`);
  return {
    ...raw,
    // A fixed development key keeps secrets stable across restarts on a laptop; production
    // refuses to start without a real one (above).
    SIGNING_MASTER_KEY: raw.SIGNING_MASTER_KEY ?? 'development-only-signing-master-key-0000',
    publicBaseUrl: own,
    scanBaseUrl: trimSlash(raw.SCAN_BASE_URL ?? own),
    hostingBaseUrl: trimSlash(raw.HOSTING_BASE_URL ?? own),
    gatewayBaseUrl: trimSlash(raw.GATEWAY_BASE_URL ?? own),
    defaultUrls: { database: cleaned.DATABASE_URL === undefined, redis: cleaned.REDIS_URL === undefined },
  };
}
