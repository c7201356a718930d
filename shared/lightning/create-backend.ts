/**
 * Chooses the Lightning backend from configuration. Reads LND's macaroon and certificate files
 * once, here, so that a wrong path stops start-up rather than the first payment.
 */
import { readFileSync } from 'node:fs';
import * as secp256k1 from 'tiny-secp256k1';
import type { Config } from '../config.js';
import type { Queryable } from '../db/pool.js';
import type { LightningBackend } from './backend.js';
import { deriveNodeKey } from './bolt11-invoice.js';
import { EmbeddedLightningBackend } from './embedded-backend.js';
import { LndRestBackend } from './lnd-backend.js';

export type LightningConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'SIGNING_MASTER_KEY'
  | 'LIGHTNING_BACKEND'
  | 'LIGHTNING_NETWORK'
  | 'LIGHTNING_NODE_KEY'
  | 'LIGHTNING_EMBEDDED_IN_PRODUCTION'
  | 'LND_REST_URL'
  | 'LND_MACAROON_HEX'
  | 'LND_MACAROON_PATH'
  | 'LND_TLS_CERT_PATH'
  | 'LND_TIMEOUT_MS'
>;

/**
 * `lnd` when LIGHTNING_BACKEND=lnd, otherwise the embedded backend on `db`. loadConfig already
 * refuses the embedded backend in production without the opt-in; this checks again because a
 * Config can be built by hand.
 */
export function createLightningBackend(config: LightningConfig, db: Queryable): LightningBackend {
  if (config.LIGHTNING_BACKEND === 'lnd') return createLnd(config);
  if (config.NODE_ENV === 'production' && !config.LIGHTNING_EMBEDDED_IN_PRODUCTION) {
    throw new Error('the embedded Lightning backend is refused in production; set LIGHTNING_EMBEDDED_IN_PRODUCTION=true to run it anyway');
  }
  const nodeKey = deriveNodeKey({ nodeKey: config.LIGHTNING_NODE_KEY, masterKey: config.SIGNING_MASTER_KEY });
  // Zero or a value at or above the curve order passes the hex check but cannot sign; say so now.
  if (!secp256k1.isPrivate(Buffer.from(nodeKey, 'hex'))) throw new Error('LIGHTNING_NODE_KEY is not a valid secp256k1 private key');
  return new EmbeddedLightningBackend({ db, network: config.LIGHTNING_NETWORK, nodeKey });
}

function createLnd(config: LightningConfig): LndRestBackend {
  if (!config.LND_REST_URL) throw new Error('LND_REST_URL is required when LIGHTNING_BACKEND=lnd');
  const macaroonHex = config.LND_MACAROON_HEX ?? (config.LND_MACAROON_PATH ? readFileSync(config.LND_MACAROON_PATH).toString('hex') : undefined);
  if (!macaroonHex) throw new Error('LND_MACAROON_HEX or LND_MACAROON_PATH is required when LIGHTNING_BACKEND=lnd');
  return new LndRestBackend({
    baseUrl: config.LND_REST_URL,
    macaroonHex: macaroonHex.toLowerCase(),
    tlsCert: config.LND_TLS_CERT_PATH ? readFileSync(config.LND_TLS_CERT_PATH) : undefined,
    timeoutMs: config.LND_TIMEOUT_MS,
  });
}
