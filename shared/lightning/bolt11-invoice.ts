/**
 * Real, signed BOLT11 invoices made with the `bolt11` package: any wallet's decoder reads them
 * and their signature recovers to the embedded node's id. Nothing here touches a network.
 */
import { createHmac, randomBytes } from 'node:crypto';
import bolt11 from 'bolt11';
import { InvalidInvoiceRequestError } from './errors.js';

/** BOLT11 prefixes and the address versions `bolt11` wants alongside them. */
export const LIGHTNING_NETWORKS = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, validWitnessVersions: [0, 1] },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
} as const;

export type LightningNetwork = keyof typeof LIGHTNING_NETWORKS;

/** BOLT11's tagged fields hold at most 1023 five-bit words: 639 bytes of description. */
export const MAX_MEMO_BYTES = 639;
/** Far above any pack price; keeps `satoshis` an exact JS number for `bolt11`. */
export const MAX_INVOICE_SATS = 100_000_000n; // 1 BTC

/**
 * The embedded node's private key (64 hex). A configured key wins; otherwise it is derived from
 * the signing master key, so that every process (web, worker) signs as the same node without a
 * key file to share. The label versions the derivation.
 */
export function deriveNodeKey(options: { nodeKey?: string; masterKey: string }): string {
  if (options.nodeKey) return options.nodeKey.toLowerCase();
  return createHmac('sha256', options.masterKey).update('agent-commerce/lightning-node-key/v1').digest('hex');
}

export interface InvoiceToSign {
  network: LightningNetwork;
  nodeKey: string;
  paymentHash: string;
  amountSats: bigint;
  memo: string;
  expirySeconds: number;
  now: Date;
}

export function checkInvoiceRequest(amountSats: bigint, memo: string, expirySeconds: number): void {
  if (typeof amountSats !== 'bigint' || amountSats <= 0n) throw new InvalidInvoiceRequestError('amountSats must be a positive bigint');
  if (amountSats > MAX_INVOICE_SATS) throw new InvalidInvoiceRequestError(`amountSats above ${MAX_INVOICE_SATS}`);
  if (Buffer.byteLength(memo, 'utf8') > MAX_MEMO_BYTES) throw new InvalidInvoiceRequestError(`memo longer than ${MAX_MEMO_BYTES} bytes`);
  if (!Number.isInteger(expirySeconds) || expirySeconds < 1 || expirySeconds > 31_536_000) {
    throw new InvalidInvoiceRequestError('expirySeconds must be an integer from 1 to one year');
  }
}

/**
 * Encodes and signs an invoice. A fresh payment secret goes in (wallets refuse invoices without
 * one since 2021); `bolt11` adds the matching feature bits and the default final CLTV delta.
 */
export function signInvoice(req: InvoiceToSign): { invoice: string; nodeId: string; expiresAt: Date } {
  checkInvoiceRequest(req.amountSats, req.memo, req.expirySeconds);
  const timestamp = Math.floor(req.now.getTime() / 1000);
  const unsigned = bolt11.encode({
    network: { ...LIGHTNING_NETWORKS[req.network], validWitnessVersions: [0, 1] },
    satoshis: Number(req.amountSats),
    timestamp,
    tags: [
      { tagName: 'payment_hash', data: req.paymentHash },
      { tagName: 'description', data: req.memo },
      { tagName: 'expire_time', data: req.expirySeconds },
      { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
    ],
  });
  const signed = bolt11.sign(unsigned, req.nodeKey);
  if (!signed.paymentRequest || !signed.payeeNodeKey) throw new Error('bolt11 returned an unsigned invoice');
  // The expiry a wallet computes: the invoice's own timestamp (whole seconds) plus expire_time.
  return { invoice: signed.paymentRequest, nodeId: signed.payeeNodeKey, expiresAt: new Date((timestamp + req.expirySeconds) * 1000) };
}

/**
 * The payment hash of a BOLT11 invoice (64 hex), read without checking its signature; undefined
 * when it does not decode or carries none.
 */
export function paymentHashOfInvoice(invoice: string): string | undefined {
  try {
    const tag = bolt11.decode(invoice).tags.find((t) => t.tagName === 'payment_hash');
    return typeof tag?.data === 'string' ? tag.data.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
