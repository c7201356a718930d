/** X-Signature as the service checks it: HMAC-SHA256(secret, "<t>.<METHOD>.<path with query>.<raw body>"). */
import { createHmac } from 'node:crypto';

export function sign(secret: string, method: string, pathWithQuery: string, rawBody: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${method.toUpperCase()}.${pathWithQuery}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * Checks a webhook delivery: the signature over the raw body and the receiver's own path, and a
 * timestamp within `toleranceSeconds` of now.
 */
export function verifyWebhook(secret: string, header: string, pathWithQuery: string, rawBody: string, toleranceSeconds = 300): boolean {
  const t = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  const v1 = /(?:^|,)\s*v1=([0-9a-f]{64})/i.exec(header)?.[1];
  if (!t || !v1 || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = sign(secret, 'POST', pathWithQuery, rawBody, t).split('v1=')[1];
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(v1, 'hex');
  return a.length === b.length && a.equals(b);
}
