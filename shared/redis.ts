/**
 * Redis connections by role (FACTS.md): BullMQ workers and blocking readers need
 * `maxRetriesPerRequest: null`; connections used from HTTP handlers fail fast
 * (`enableOfflineQueue: false`) so that a Redis outage is a quick 503, not a hung request.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.js';

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

/** Anything that reports Redis trouble: a connection, a queue, a worker, queue events. */
export interface ErrorSource {
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/**
 * Redis health as one log line per change of state: "unavailable" (warn, with the first error's
 * message) when the first error arrives, "available again" (info) on the next ready connection.
 * Every connection, queue and worker of a process reports here, so an outage is two lines, not
 * a stack trace per retry per connection (unhandled BullMQ errors go to stderr otherwise).
 */
export class RedisHealthLog {
  private down = false;
  private muted = false;

  constructor(private readonly log: Logger) {}

  /** At shutdown: connections closing one by one are not an outage. */
  mute(): void {
    this.muted = true;
  }

  /** Routes `source`'s errors here; a connection's `ready` also marks Redis as back. */
  watch(source: ErrorSource, name: string): void {
    source.on('error', (err) => this.failed(name, err));
    if (source instanceof Redis) source.on('ready', () => this.recovered(name));
  }

  failed(source: string, err: Error): void {
    if (this.down || this.muted) return;
    this.down = true;
    this.log.warn({ source, err: err.message }, 'redis unavailable; retrying in the background');
  }

  recovered(source: string): void {
    if (!this.down) return;
    this.down = false;
    this.log.info({ source }, 'redis available again');
  }

  get isDown(): boolean {
    return this.down;
  }
}
