import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { answers, freePort, onPath, startEmbeddedPostgres, startPrivateRedis } from '../../shared/local-services.js';

const folders: string[] = [];
afterAll(async () => {
  for (const f of folders) await rm(f, { recursive: true, force: true });
});

async function query(url: string, sql: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0];
  } finally {
    await client.end();
  }
}

describe('local servers for npm start', () => {
  it('tells an open port from a closed one', async () => {
    const port = await freePort();
    expect(await answers('127.0.0.1', port, 500)).toBe(false);
    const redis = await startPrivateRedis({ port });
    try {
      expect(await answers('127.0.0.1', port, 500)).toBe(true);
    } finally {
      await redis.stop();
    }
  });

  it('runs an embedded PostgreSQL in a data folder, answers queries, stops, and starts again on the same data', { timeout: 60_000 }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ac-embedded-pg-'));
    folders.push(folder);
    const port = await freePort();
    const signals = process.listeners('SIGTERM').length;
    const first = await startEmbeddedPostgres({ dir: join(folder, 'postgres'), port, user: 'postgres' });
    try {
      // Its module's own exit hooks are taken off: the service's shutdown stops the server.
      expect(process.listeners('SIGTERM')).toHaveLength(signals);
      expect(first.url).toBe(`postgres://postgres@127.0.0.1:${port}/postgres`);
      await query(first.url, 'CREATE TABLE kept (n int)');
      await query(first.url, 'INSERT INTO kept VALUES (42)');
    } finally {
      await first.stop();
    }
    expect(await answers('127.0.0.1', port, 500)).toBe(false);
    const second = await startEmbeddedPostgres({ dir: join(folder, 'postgres'), port, user: 'postgres' });
    try {
      expect(await query(second.url, 'SELECT n FROM kept')).toEqual({ n: 42 });
    } finally {
      await second.stop();
    }
  });

  it.skipIf(!onPath('redis-server'))('runs a private redis-server on a free port and stops it', async () => {
    const redis = await startPrivateRedis();
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await client.connect();
      expect(await client.ping()).toBe('PONG');
      expect(await client.config('GET', 'save')).toEqual(['save', '']);
    } finally {
      client.disconnect();
      await redis.stop();
    }
    expect(await answers('127.0.0.1', Number(new URL(redis.url).port), 500)).toBe(false);
  });
});
