/**
 * Fixed-window rate limits counted in Redis, so every web process shares one budget per client.
 * When Redis is unreachable the request passes: a limiter outage must not become a service
 * outage, and the routes that need Redis answer 503 themselves.
 */
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { HttpError } from '../http-error.js';

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  /** Requests per window; 0 turns limiting off. */
  limit: number;
  windowSeconds?: number;
  /** What the budget is counted against (the client's IP by default); undefined skips the count. */
  keyOf?: (req: Parameters<RequestHandler>[0]) => string | undefined;
}

export function rateLimit(opts: RateLimitOptions): RequestHandler {
  const window = opts.windowSeconds ?? 60;
  const keyOf = opts.keyOf ?? ((req) => req.ip ?? 'unknown');
  return async (req, res, next) => {
    const who = opts.limit > 0 ? keyOf(req) : undefined;
    if (who === undefined) return next();
    const slot = Math.floor(Date.now() / 1000 / window);
    const key = `${opts.prefix}:rl:${who}:${slot}`;
    let count: number;
    try {
      const [[, incr]] = (await opts.redis.multi().incr(key).expire(key, window + 1).exec()) as [[Error | null, number]];
      count = incr;
    } catch {
      return next();
    }
    const remaining = Math.max(0, opts.limit - count);
    res.setHeader('RateLimit-Limit', String(opts.limit));
    res.setHeader('RateLimit-Remaining', String(remaining));
    if (count > opts.limit) {
      const retryAfter = String(window - (Math.floor(Date.now() / 1000) % window));
      throw new HttpError('rate_limited', `too many requests; retry in ${retryAfter} s`, undefined, { headers: { 'Retry-After': retryAfter } });
    }
    next();
  };
}
