/**
 * A web process's subscription to the feed's store announcements (shared/feed-store.ts
 * publishes one in the same script that stores a rendering). One subscriber connection per
 * process, however many feed caches listen to it.
 *
 * Pub/sub delivers at most once, and nothing is delivered while the connection is down. So the
 * subscription says when it is `live` (its SUBSCRIBE confirmed on the current connection), and
 * tells its listeners not only of each store but also of every start or loss of the
 * subscription: a store may have gone unannounced then, and a copy held from before must be
 * checked again. A message lost on a live connection is bounded by the cache's revalidation.
 */
import type { Redis } from 'ioredis';
import { feedChannel } from '../shared/feed-store.js';

export interface FeedUpdates {
  /** True while the subscription is confirmed on the current connection: every store is announced. */
  readonly live: boolean;
  /** Calls `listener` on each announced store and whenever the subscription starts or is lost. */
  onChange(listener: () => void): void;
  /** The subscriber connection, for a health log to watch its errors. */
  readonly connection: Redis;
  close(): Promise<void>;
}

/**
 * Subscribes on a connection of its own, duplicated from `redis` (a subscribed connection can
 * send nothing else). It reconnects forever; on each reconnection it subscribes again itself, and
 * is live only once that is confirmed.
 */
export function subscribeFeedUpdates(redis: Redis, prefix: string): FeedUpdates {
  const channel = feedChannel(prefix);
  const connection = redis.duplicate({
    lazyConnect: true, autoResubscribe: false, maxRetriesPerRequest: null, enableOfflineQueue: true, connectionName: 'ac-feed-updates',
  });
  const listeners: Array<() => void> = [];
  let live = false;
  let closing = false;
  const changed = () => listeners.forEach((listener) => listener());
  const lost = () => {
    live = false;
    changed();
  };
  const subscribe = () => {
    connection.subscribe(channel).then(() => {
      if (closing || connection.status !== 'ready') return;
      live = true;
      changed();
    }, lost);
  };
  connection.on('ready', subscribe);
  connection.on('close', lost);
  connection.on('message', (from: string) => {
    if (from === channel) changed();
  });
  // Errors are reported by the owner's health log (`connection`); reconnection is automatic.
  connection.on('error', () => {});
  connection.connect().catch(() => {});
  return {
    get live() {
      return live;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    connection,
    async close() {
      closing = true;
      live = false;
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
