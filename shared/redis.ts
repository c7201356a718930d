/**
 * Redis connections by role (FACTS.md): BullMQ workers and blocking readers need
 * `maxRetriesPerRequest: null`; connections used from HTTP handlers fail fast
 * (`enableOfflineQueue: false`) so that a Redis outage is a quick 503, not a hung request.
 */
import { Redis, type RedisOptions } from 'ioredis';

export type RedisRole = 'producer' | 'worker';

export function createRedis(url: string, role: RedisRole, name?: string): Redis {
  const options: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000, commandTimeout: 5000 };
  return new Redis(url, { ...options, lazyConnect: true, connectionName: name });
}

/** Connects and waits until the connection is ready, or throws naming where it tried. */
export async function connectRedis(redis: Redis, url: string): Promise<void> {
  try {
    await redis.connect();
  } catch (err) {
    const where = new URL(url);
    throw new Error(`cannot reach Redis at ${where.host} (${(err as Error).message})`, { cause: err });
  }
}
