/**
 * Fixed-window rate limits counted in Redis, so every web process shares one budget per client.
 * When Redis is unreachable the request passes: a limiter outage must not become a service
 * outage, and the routes that need Redis answer 503 themselves.
 *
 * The count is one function (`countRequest`) used by the middleware and by the feed's answer
 * before Express (feed-front.ts), so both count the same key in the same way.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { HttpError } from '../http-error.js';

export interface RateCountOptions {
  redis: Redis;
  prefix: string;
  /** Requests per window; 0 turns limiting off. */
  limit: number;
  /** Default 60. */
  windowSeconds?: number;
}

export interface RateLimitOptions extends RateCountOptions {
  /** What the budget is counted against (the client's IP by default); undefined skips the count. */
  keyOf?: (req: Parameters<RequestHandler>[0]) => string | undefined;
}

/** What one count found: the budget, what is left of it, and when a refused caller may retry. */
export interface Tally {
  limit: number;
  remaining: number;
  /** Seconds to the next window, set only when this request is over the limit. */
  retryAfter?: string;
}

/** The key the address limiter counts under, from Express's `req.ip` or the same computation. */
export const addressKey = (ip: string | undefined): string => `ip:${ip ?? 'unknown'}`;

/**
 * Counts one request against `who` in the current window (`INCR` + `EXPIRE` in one `MULTI`).
 * Undefined when Redis did not answer: the request then passes uncounted.
 */
export async function countRequest(opts: RateCountOptions, who: string): Promise<Tally | undefined> {
  const window = opts.windowSeconds ?? 60;
  const slot = Math.floor(Date.now() / 1000 / window);
  const key = `${opts.prefix}:rl:${who}:${slot}`;
  let count: number;
  try {
    const [[, incr]] = (await opts.redis.multi().incr(key).expire(key, window + 1).exec()) as [[Error | null, number]];
    count = incr;
  } catch {
    return undefined;
  }
  const tally: Tally = { limit: opts.limit, remaining: Math.max(0, opts.limit - count) };
  if (count > opts.limit) tally.retryAfter = String(window - (Math.floor(Date.now() / 1000) % window));
  return tally;
}

/** The headers every counted answer carries, in the order they are set. */
export function rateLimitHeaders(tally: Tally): [string, string][] {
  return [['RateLimit-Limit', String(tally.limit)], ['RateLimit-Remaining', String(tally.remaining)]];
}

/** The error a request over its budget is answered with (429, Retry-After). */
export function rateLimited(retryAfter: string): HttpError {
  return new HttpError('rate_limited', `too many requests; retry in ${retryAfter} s`, undefined, { headers: { 'Retry-After': retryAfter } });
}

/** Counts made before Express saw the request (feed-front.ts), by request. */
const countedBefore = new WeakMap<IncomingMessage, { who: string; tally: Tally | undefined }>();

/**
 * Records that `req` was already counted against `who` (with what came of it), before it is
 * handed to Express: the limiter for `who` then uses that count instead of counting it twice.
 */
export function markCounted(req: IncomingMessage, who: string, tally: Tally | undefined): void {
  countedBefore.set(req, { who, tally });
}

function takeCounted(req: IncomingMessage, who: string): { tally: Tally | undefined } | undefined {
  const counted = countedBefore.get(req);
  if (counted?.who !== who) return undefined;
  countedBefore.delete(req);
  return counted;
}

export function rateLimit(opts: RateLimitOptions): RequestHandler {
  const keyOf = opts.keyOf ?? ((req) => req.ip ?? 'unknown');
  return async (req, res, next) => {
    const who = opts.limit > 0 ? keyOf(req) : undefined;
    if (who === undefined) return next();
    const tally = (takeCounted(req, who) ?? { tally: await countRequest(opts, who) }).tally;
    if (!tally) return next();
    for (const [name, value] of rateLimitHeaders(tally)) res.setHeader(name, value);
    if (tally.retryAfter !== undefined) throw rateLimited(tally.retryAfter);
    next();
  };
}
