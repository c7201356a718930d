/**
 * The L402 HTTP headers as aperture speaks them. A 402 carries two WWW-Authenticate values, the
 * current `L402 macaroon="<base64>", invoice="<bolt11>"` and the older `LSAT` form; the client
 * answers `Authorization: L402 <base64 macaroon>:<64 hex preimage>` (or `LSAT ...`).
 */
import { L402AuthorizationFormatError } from './l402-errors.js';

export const L402_SCHEMES = ['L402', 'LSAT'] as const;
export type L402Scheme = (typeof L402_SCHEMES)[number];

/** A header value longer than this is refused unread; real ones are a few hundred bytes. */
export const MAX_AUTHORIZATION_LENGTH = 16_384;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PREIMAGE = /^[0-9a-fA-F]{64}$/;
// BOLT11 is bech32: one case, no quotes or commas; checked so that a value can never break the header.
const INVOICE = /^ln[a-z0-9]+$/;

/**
 * The two WWW-Authenticate values for a 402, L402 first: `@getalby/lightning-tools` reads the
 * scheme from the start of the combined header, so leading with L402 makes it answer `L402`.
 * Set them as separate header values (`res.setHeader('WWW-Authenticate', formatChallenge(...))`).
 */
export function formatChallenge({ macaroon, invoice }: { macaroon: string; invoice: string }): [string, string] {
  if (!BASE64.test(macaroon)) throw new TypeError('macaroon must be standard base64');
  if (!INVOICE.test(invoice)) throw new TypeError('invoice must be a lowercase BOLT11 payment request');
  const params = `macaroon="${macaroon}", invoice="${invoice}"`;
  return [`L402 ${params}`, `LSAT ${params}`];
}

export interface L402Authorization {
  scheme: L402Scheme;
  /** Standard base64, as sent. */
  macaroon: string;
  /** 64 lowercase hex. */
  preimage: string;
}

/**
 * Parses `L402 <macaroon>:<preimage>` or `LSAT <macaroon>:<preimage>` (scheme case-insensitive).
 * Anything else, including Bearer or Basic credentials, throws L402AuthorizationFormatError; the
 * macaroon itself is checked later by `verifyL402`.
 */
export function parseL402Authorization(header: string | undefined): L402Authorization {
  if (typeof header !== 'string' || header.length === 0) throw new L402AuthorizationFormatError('missing');
  if (header.length > MAX_AUTHORIZATION_LENGTH) throw new L402AuthorizationFormatError('too long');
  const match = /^\s*([A-Za-z0-9]+)\s+(\S+)\s*$/.exec(header);
  if (!match) throw new L402AuthorizationFormatError('expected "L402 <macaroon>:<preimage>"');
  const scheme = match[1].toUpperCase();
  if (scheme !== 'L402' && scheme !== 'LSAT') throw new L402AuthorizationFormatError(`unsupported scheme ${JSON.stringify(match[1].slice(0, 20))}`);
  const colon = match[2].lastIndexOf(':');
  if (colon < 0) throw new L402AuthorizationFormatError('expected "<macaroon>:<preimage>"');
  const macaroon = match[2].slice(0, colon);
  const preimage = match[2].slice(colon + 1);
  if (!BASE64.test(macaroon)) throw new L402AuthorizationFormatError('macaroon is not standard base64');
  if (!PREIMAGE.test(preimage)) throw new L402AuthorizationFormatError('preimage is not 64 hex characters');
  return { scheme, macaroon, preimage: preimage.toLowerCase() };
}
