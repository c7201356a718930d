/**
 * A deployment's environment may hold its owner's secrets: it is kept sealed (AES-256-GCM, a key
 * derived from SIGNING_MASTER_KEY) and opened only to hand it to the driver.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

function keyOf(masterKey: string): Buffer {
  return createHmac('sha256', masterKey).update('agent-commerce/deployment-env/v1').digest();
}

export function seal(masterKey: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(masterKey), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal<T>(masterKey: string, sealed: string): T {
  const [iv, tag, body] = sealed.split('.').map((s) => Buffer.from(s, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(masterKey), iv);
  decipher.setAuthTag(tag);
  return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as T;
}
