/**
 * X-Signature (PRODUCT.md section 7): `t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256(signing secret, `<t>.<METHOD>.<path with query>.<raw body>`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ParsedSignature {
  t: number;
  v1: string;
}

/** The exact bytes a signature covers. */
export function signaturePayload(t: number, method: string, pathWithQuery: string, rawBody: Buffer | string): Buffer {
  const head = Buffer.from(`${t}.${method.toUpperCase()}.${pathWithQuery}.`, 'utf8');
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return Buffer.concat([head, body]);
}

export function computeSignature(secret: string, t: number, method: string, pathWithQuery: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(signaturePayload(t, method, pathWithQuery, rawBody)).digest('hex');
}

/** Builds the header value a client sends; used by tests and client examples. */
export function signatureHeader(secret: string, method: string, pathWithQuery: string, rawBody: Buffer | string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${computeSignature(secret, t, method, pathWithQuery, rawBody)}`;
}

/** Parses the header; undefined when it is not of the form `t=<digits>,v1=<64 hex>`. */
export function parseSignatureHeader(value: string): ParsedSignature | undefined {
  if (value.length > 200) return undefined;
  let t: number | undefined;
  let v1: string | undefined;
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    const k = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (k === 't' && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (k === 'v1' && /^[0-9a-f]{64}$/i.test(v)) v1 = v.toLowerCase();
  }
  return t !== undefined && v1 !== undefined ? { t, v1 } : undefined;
}

/** Constant-time check of v1 against the expected HMAC. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
