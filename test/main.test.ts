import { afterAll, describe, expect, inject, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { adminUrl, redisUrl, serverUrl } from './helpers/urls.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tsx main.ts <role>` with an environment; resolves when it exits or after `killAfterMs`. */
function run(role: string, env: Record<string, string>, opts: { onStdout?: (s: string, kill: () => void) => void; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main.ts', role], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      opts.onStdout?.(stdout, () => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const created: string[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  const redis = new Redis(redisUrl());
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

describe('starting the service', () => {
  it('names the variable when configuration is wrong, and exits non-zero', async () => {
    const r = await run('web', { PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PORT="eighty"/);
  });

  it('refuses to start in production with the embedded facilitator, naming the variable', async () => {
    const r = await run('web', {
      NODE_ENV: 'production', ADMIN_TOKEN: 'a-real-admin-token-0123456789', SIGNING_MASTER_KEY: 'k'.repeat(40),
      X402_PAY_TO: '0x5f1e3ac1b2d2a3e4f5a6b7c8d9e0f1a2b3c4d5e6', PUBLIC_BASE_URL: 'https://commerce.example.org',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/X402_FACILITATOR_URL: required when NODE_ENV=production/);
  });

  it('says where it tried and how to start Redis when Redis cannot be reached', async () => {
    const r = await run('web', { REDIS_URL: 'redis://127.0.0.1:1', DATABASE_URL: `${serverUrl()}/postgres` });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Redis at 127\.0\.0\.1:1/);
    expect(r.stderr).toMatch(/redis-server --daemonize yes/);
  });

  it('says where it tried and how to start PostgreSQL when Postgres cannot be reached', async () => {
    const r = await run('migrate', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PostgreSQL at 127\.0\.0\.1:1/);
    expect(r.stderr).toMatch(/pg_ctlcluster/);
  });

  it('refuses to start on a queue prefix that another deployment owns on the same Redis', async () => {
    const name = `ac_test_${inject('runId')}_owner${randomBytes(4).toString('hex')}`;
    created.push(name);
    const prefix = `owned${randomBytes(3).toString('hex')}`;
    prefixes.push(prefix);
    const redis = new Redis(redisUrl());
    await redis.set(`${prefix}:owner`, 'another_database/0b1f4c0e-8f0e-4c5e-9d7a-2f6f3f1e2a10');
    await redis.quit();
    const r = await run('all', { DATABASE_URL: `${serverUrl()}/${name}`, REDIS_URL: redisUrl(), PORT: '0', HOST: '127.0.0.1', QUEUE_PREFIX: prefix });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`QUEUE_PREFIX "${prefix}" on this Redis belongs to another deployment \\(database another_database/`));
  });

  it('creates a missing database, migrates, serves, and shuts down cleanly on SIGTERM', async () => {
    const name = `ac_test_${inject('runId')}_boot${randomBytes(4).toString('hex')}`;
    created.push(name);
    const prefix = `boot${randomBytes(3).toString('hex')}`;
    prefixes.push(prefix);
    let port = 0;
    let health: number | undefined;
    const r = await run('all', {
      DATABASE_URL: `${serverUrl()}/${name}`, REDIS_URL: redisUrl(), PORT: '0', HOST: '127.0.0.1',
      QUEUE_PREFIX: prefix,
    }, {
      onStdout: (out, kill) => {
        const m = /"port":(\d+).*"msg":"listening"/.exec(out);
        if (m && !port) {
          port = Number(m[1]);
          fetch(`http://127.0.0.1:${port}/readyz`).then((res) => (health = res.status)).finally(kill);
        }
      },
    });
    expect(health).toBe(200);
    expect(r.stdout).toMatch(/created the database/);
    expect(r.stdout).toMatch(/migrated/);
    expect(r.stdout).toMatch(/shutting down/);
    expect(r.code).toBe(0);
  });
});

describe('a Redis outage', () => {
  it('is one warning when Redis goes and one line when it is back, with no stack traces', { timeout: 60_000 }, async () => {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const startRedis = () => execFileSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no']);
    startRedis();
    const name = `ac_test_${inject('runId')}_outage${randomBytes(4).toString('hex')}`;
    created.push(name);
    let phase = 'starting';
    const r = await run('all', { DATABASE_URL: `${serverUrl()}/${name}`, REDIS_URL: `redis://127.0.0.1:${port}`, PORT: '0', HOST: '127.0.0.1', QUEUE_PREFIX: 'outage' }, {
      timeoutMs: 50_000,
      onStdout: (out, kill) => {
        if (phase === 'starting' && out.includes('"msg":"clock started"')) {
          phase = 'down';
          execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
        } else if (phase === 'down' && out.includes('redis unavailable')) {
          phase = 'back';
          // Long enough for every connection's retries to have failed a few times.
          setTimeout(startRedis, 3000);
        } else if (phase === 'back' && out.includes('redis available again')) {
          phase = 'done';
          setTimeout(kill, 2000);
        }
      },
    });
    execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
    expect(phase).toBe('done');
    expect(r.stdout.match(/redis unavailable/g)).toHaveLength(1);
    expect(r.stdout.match(/redis available again/g)).toHaveLength(1);
    expect(r.stdout).not.toMatch(/"stack"/);
    expect(r.stderr).not.toMatch(/ECONNREFUSED|Error:/);
  });
});
