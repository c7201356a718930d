/**
 * The free trial: a few keyless scans per client IP per UTC day, counted in Redis so that every
 * web process shares one count. INCR and EXPIREAT in one MULTI: the counter disappears shortly
 * after the day it counts, and a crash between the two commands cannot leave it without expiry.
 */
import type { Redis } from 'ioredis';
import { sha256Hex } from '../auth/credentials.js';

export interface TrialUse {
  allowed: boolean;
  /** Scans asked for today, this one included (also counts refused asks). */
  used: number;
  limit: number;
  /** The next UTC midnight, when the allowance starts again. */
  resetsAt: Date;
}

/** What is stored and counted for a trial client: a hash of its IP, never the address. */
export function trialClientId(ip: string): string {
  return sha256Hex(`trial:${ip}`).slice(0, 32);
}

function dayOf(now: Date): { day: string; resetsAt: Date } {
  const day = now.toISOString().slice(0, 10);
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { day, resetsAt };
}

function trialKey(prefix: string, client: string, day: string): string {
  return `${prefix}:scan-trial:${day}:${client}`;
}

/** Counts one trial scan for `client`; `allowed` is false once the day's allowance is spent. */
export async function takeTrialScan(redis: Redis, prefix: string, client: string, limit: number, now = new Date()): Promise<TrialUse> {
  const { day, resetsAt } = dayOf(now);
  const key = trialKey(prefix, client, day);
  // A minute past midnight, so a clock slightly behind Redis's cannot see yesterday's count vanish early.
  const results = await redis.multi().incr(key).expireat(key, Math.floor(resetsAt.getTime() / 1000) + 60).exec();
  const [err, used] = results?.[0] ?? [new Error('MULTI was discarded'), 0];
  if (err) throw err;
  return { allowed: Number(used) <= limit, used: Number(used), limit, resetsAt };
}

/** Gives back a counted trial scan that was not recorded after all. */
export async function refundTrialScan(redis: Redis, prefix: string, client: string, now = new Date()): Promise<void> {
  const key = trialKey(prefix, client, dayOf(now).day);
  await redis.decr(key);
}
