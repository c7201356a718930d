/**
 * Credentials of agents and keys. Bearer keys are random and stored only as their SHA-256 (they
 * carry 256 bits of entropy, so a fast hash is enough). Signing secrets are derived, not stored:
 * HMAC(SIGNING_MASTER_KEY, agent id and a per-agent salt), so a database leak reveals none.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** A new Bearer key with a recognisable prefix ("ac_agent_", "ac_scan_"). */
export function newApiKey(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Constant-time string comparison that does not leak the length of either side. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export function deriveSigningSecret(masterKey: string, agentId: string, salt: string): string {
  return `ss_${createHmac('sha256', masterKey).update(`signing:${agentId}:${salt}`).digest('hex')}`;
}
