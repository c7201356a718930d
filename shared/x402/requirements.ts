/**
 * What the server asks to be paid: the 402 answer in both generations, and the server's own
 * requirements that a payment is later verified against. Pure functions.
 */
import { getAddress, type Address } from 'viem';
import type { Config } from '../config.js';
import { encodeBase64Json } from './headers.js';
import { chainIdOf, toCaip2, toV1Name } from './networks.js';
import { knownAsset } from './assets.js';
import type {
  DecodedPayment,
  PaymentRequiredBody,
  PaymentRequiredV2,
  PaymentRequirementsV1,
  PaymentRequirementsV2,
  ServerRequirements,
  X402Settings,
} from './types.js';

type X402Config = Pick<Config, 'X402_PAY_TO' | 'X402_NETWORK' | 'X402_MAX_TIMEOUT_SECONDS'> &
  Partial<Pick<Config, 'X402_ASSET' | 'X402_ASSET_NAME' | 'X402_ASSET_VERSION' | 'X402_EXTRA_NETWORKS'>>;

/** The CAIP-2 networks of X402_EXTRA_NETWORKS (comma separated), in order, without duplicates. */
export function extraNetworksOf(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((n) => n.trim()).filter(Boolean))];
}

/**
 * The x402 settings from the service configuration; addresses come out EIP-55 checksummed.
 *
 * @throws RangeError when the network has no v1 name: v1 clients could not pay there, and the
 * product promises that both generations can (better to fail at start-up than at the first 402)
 */
export function x402SettingsFromConfig(config: X402Config): X402Settings {
  if (!toV1Name(config.X402_NETWORK)) {
    throw new RangeError(`X402_NETWORK=${config.X402_NETWORK}: no v1 network name is known for this chain`);
  }
  // The asset defaults to the network's USDC, and its EIP-712 domain to the known one.
  const known = knownAsset(config.X402_NETWORK, config.X402_ASSET);
  const asset = config.X402_ASSET ?? known?.asset;
  const assetName = config.X402_ASSET_NAME ?? known?.name;
  const assetVersion = config.X402_ASSET_VERSION ?? known?.version;
  if (!asset) throw new RangeError(`X402_ASSET: required for X402_NETWORK=${config.X402_NETWORK} (no USDC is known on it)`);
  if (!assetName || !assetVersion) throw new RangeError(`X402_ASSET_NAME and X402_ASSET_VERSION: required for X402_ASSET=${asset}`);
  const alternatives = extraNetworksOf(config.X402_EXTRA_NETWORKS)
    .filter((n) => chainIdOf(n) !== chainIdOf(config.X402_NETWORK))
    .map((network) => {
      const k = knownAsset(network);
      if (!k || !toV1Name(network)) throw new RangeError(`X402_EXTRA_NETWORKS: ${network} has no known USDC or no v1 name`);
      return { network: toCaip2(network)!, asset: getAddress(k.asset), assetName: k.name, assetVersion: k.version };
    });
  return {
    payTo: getAddress(config.X402_PAY_TO),
    network: config.X402_NETWORK,
    asset: getAddress(asset),
    assetName,
    assetVersion,
    maxTimeoutSeconds: config.X402_MAX_TIMEOUT_SECONDS,
    ...(alternatives.length ? { alternatives } : {}),
  };
}

/** A price for one request. */
export interface PriceRequest {
  /** USDC minor units (6 decimals): 5 USDC is 5_000_000n. */
  amount: bigint;
  /** Absolute URL of the paid resource (x402-fetch refuses a relative one). */
  resourceUrl: string;
  description: string;
  /** Of the paid response; default `application/json`. */
  mimeType?: string;
  /** The `error` shown to the client; default `payment_required`, or an X402Error reason on a refused retry. */
  error?: string;
  /** A short human message put beside `error` in the body. */
  message?: string;
  /** `extensions` of the v2 PaymentRequired (e.g. `{bazaar}`); v1 has none. */
  extensions?: Record<string, unknown>;
}

/** A 402 answer and the requirements behind it. */
export interface PaymentRequiredResponse {
  /** Value of the `PAYMENT-REQUIRED` header: standard base64 of `paymentRequired`. */
  header: string;
  /** JSON body of the 402: the v1 PaymentRequired plus `success: false`. */
  body: PaymentRequiredBody;
  /** The v2 PaymentRequired object inside `header`. */
  paymentRequired: PaymentRequiredV2;
  /** The first entry of `accepts`, in each generation. */
  requirementsV2: PaymentRequirementsV2;
  requirementsV1: PaymentRequirementsV1;
  /** Every entry of `accepts` (the first is `requirementsV2`/`requirementsV1`). */
  acceptsV2: PaymentRequirementsV2[];
  acceptsV1: PaymentRequirementsV1[];
}

/** The v2 requirements for an amount (no resource needed: v2 keeps it outside `accepts`). */
export function requirementsV2For(settings: X402Settings, amount: bigint): PaymentRequirementsV2 {
  if (amount <= 0n) throw new RangeError(`x402 amount must be positive, got ${amount}`);
  const network = toCaip2(settings.network);
  if (!network) throw new RangeError(`not an EVM network: ${settings.network}`);
  return {
    scheme: 'exact',
    network,
    amount: amount.toString(),
    asset: settings.asset,
    payTo: settings.payTo,
    maxTimeoutSeconds: settings.maxTimeoutSeconds,
    extra: { name: settings.assetName, version: settings.assetVersion },
  };
}

/** The v1 form of v2 requirements; v1 carries the resource inside each entry. */
export function toV1Requirements(
  v2: PaymentRequirementsV2,
  resource: { url: string; description: string; mimeType?: string },
): PaymentRequirementsV1 {
  const network = toV1Name(v2.network);
  if (!network) throw new RangeError(`no v1 network name for ${v2.network}`);
  return {
    scheme: v2.scheme,
    network,
    maxAmountRequired: v2.amount,
    resource: resource.url,
    description: resource.description,
    mimeType: resource.mimeType ?? 'application/json',
    payTo: v2.payTo,
    maxTimeoutSeconds: v2.maxTimeoutSeconds,
    asset: v2.asset,
    extra: { ...v2.extra },
  };
}

/**
 * Builds the 402 answer for a price: the v2 PaymentRequired for the `PAYMENT-REQUIRED` header
 * and the v1 form for the body, so that both client generations can pay.
 *
 * @example
 * const p = buildPaymentRequired(settings, { amount: 5_000_000n, resourceUrl, description: 'Identity bond' });
 * res.status(402).set('PAYMENT-REQUIRED', p.header).set('Cache-Control', 'no-store').json(p.body);
 */
export function buildPaymentRequired(settings: X402Settings, price: PriceRequest): PaymentRequiredResponse {
  const url = new URL(price.resourceUrl).toString(); // throws TypeError on a relative URL
  const resource = { url, description: price.description, mimeType: price.mimeType ?? 'application/json' };
  const error = price.error ?? 'payment_required';
  const acceptsV2 = [settings, ...(settings.alternatives ?? []).map((a) => ({ ...settings, ...a }))].map((s) => requirementsV2For(s, price.amount));
  const acceptsV1 = acceptsV2.map((r) => toV1Requirements(r, resource));
  const paymentRequired: PaymentRequiredV2 = {
    x402Version: 2, error, resource, accepts: acceptsV2, ...(price.extensions ? { extensions: price.extensions } : {}),
  };
  let header: string | undefined;
  return {
    // Encoded when first read: a request that carries a payment is verified against the
    // requirements and answered 402 only if it fails, so most never need the header.
    get header() {
      return (header ??= encodeBase64Json(paymentRequired));
    },
    body: { x402Version: 1, error, ...(price.message ? { message: price.message } : {}), accepts: acceptsV1, success: false },
    paymentRequired,
    requirementsV2: acceptsV2[0],
    requirementsV1: acceptsV1[0],
    acceptsV2,
    acceptsV1,
  };
}

/**
 * The requirements of the payment's own generation: what a facilitator expects next to it
 * and what to store with the payment for a later settlement.
 */
export function selectRequirements(
  payment: Pick<DecodedPayment, 'version'> & { network?: string; accepted?: { asset?: string } },
  built: Pick<PaymentRequiredResponse, 'requirementsV1' | 'requirementsV2'> & Partial<Pick<PaymentRequiredResponse, 'acceptsV1' | 'acceptsV2'>>,
): ServerRequirements {
  // The entry of the payment's chain (and, in v2, asset); else the first, so that verification
  // names what differs.
  const chainId = payment.network ? chainIdOf(payment.network) : undefined;
  const sameChain = (r: ServerRequirements) => chainIdOf(r.network) === chainId;
  if (payment.version === 1) return (built.acceptsV1 ?? []).find(sameChain) ?? built.requirementsV1;
  const asset = payment.accepted?.asset?.toLowerCase();
  return (built.acceptsV2 ?? []).find((r) => sameChain(r) && (!asset || r.asset.toLowerCase() === asset)) ?? built.requirementsV2;
}

/** Requirements in one shape whatever their generation; what verification compares against. */
export interface NormalizedRequirements {
  scheme: string;
  /** CAIP-2. */
  network: string;
  chainId: number;
  amount: bigint;
  asset: Address;
  payTo: Address;
  extra: { name: string; version: string };
}

/** Normalises the server's own requirements of either generation. */
export function normalizeRequirements(req: ServerRequirements): NormalizedRequirements {
  const chainId = chainIdOf(req.network);
  if (chainId === undefined) throw new TypeError(`unknown network in server requirements: ${req.network}`);
  const amount = 'amount' in req ? req.amount : req.maxAmountRequired;
  return {
    scheme: req.scheme,
    network: `eip155:${chainId}`,
    chainId,
    amount: BigInt(amount),
    asset: req.asset as Address,
    payTo: req.payTo as Address,
    extra: req.extra,
  };
}
