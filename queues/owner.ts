/**
 * One deployment per queue prefix. Two deployments sharing a Redis under the same QUEUE_PREFIX
 * take each other's jobs and fail them ("payment not found"): the first process to start records
 * its database's identity under the prefix, and a process of another database refuses to start.
 */
import type { Redis } from 'ioredis';
import type { Queryable } from '../shared/db/pool.js';

export class PrefixTakenError extends Error {
  constructor(readonly prefix: string, readonly owner: string, readonly ours: string) {
    super(
      `QUEUE_PREFIX "${prefix}" on this Redis belongs to another deployment (database ${owner}; this one is ${ours}). ` +
        `Give this deployment its own QUEUE_PREFIX, or, if that deployment is gone for good, run: redis-cli DEL ${ownerKey(prefix)}`,
    );
    this.name = 'PrefixTakenError';
  }
}

export function ownerKey(prefix: string): string {
  return `${prefix}:owner`;
}

/** The database's name and its installation id (migration 0009): unique per deployment. */
export async function databaseIdentity(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ identity: string }>(`SELECT current_database() || '/' || id AS identity FROM installation`);
  return rows[0].identity;
}

/** Records `identity` as the prefix's owner unless another owns it; throws PrefixTakenError then. */
export async function claimQueuePrefix(redis: Redis, prefix: string, identity: string): Promise<void> {
  const key = ownerKey(prefix);
  if ((await redis.set(key, identity, 'NX')) === 'OK') return;
  const owner = await redis.get(key);
  if (owner !== null && owner !== identity) throw new PrefixTakenError(prefix, owner, identity);
}
