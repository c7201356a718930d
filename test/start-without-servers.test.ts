/**
 * `npm start` on a laptop with Node and redis-server alone: no PostgreSQL and no Redis answer, so
 * the service starts an embedded PostgreSQL and a private redis-server and becomes ready. Run in a
 * network namespace of its own (loopback only), where nothing of this machine's listens.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = import.meta.resolve('tsx');

function canIsolate(): boolean {
  try {
    execFileSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('npm start with no servers running', () => {
  it.skipIf(!canIsolate())('starts an embedded PostgreSQL and a private Redis, and answers /readyz', { timeout: 120_000 }, async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'ac-laptop-'));
    dirs.push(cwd);
    // Run as root, the embedded server drops to the postgres user, which must reach its folder.
    await chmod(cwd, 0o755);
    // Inside the namespace the service and its probe share one loopback; the probe runs in the same shell.
    const script = [
      'ip link set lo up',
      `node --import ${JSON.stringify(TSX)} ${JSON.stringify(join(ROOT, 'main.ts'))} all > out.log 2>&1 &`,
      'pid=$!',
      'for i in $(seq 1 90); do',
      '  body=$(node -e "fetch(\'http://127.0.0.1:3917/readyz\').then(r=>r.text()).then(t=>{console.log(t)}).catch(()=>process.exit(1))" 2>/dev/null) && break',
      '  sleep 1',
      'done',
      'echo "READY:$body"',
      'kill -TERM $pid; wait $pid',
      'cat out.log',
    ].join('\n');
    const out = await new Promise<string>((resolve) => {
      const child = spawn('unshare', ['-n', 'sh', '-c', script], {
        cwd, env: { PATH: process.env.PATH, NODE_ENV: 'development', PORT: '3917', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('exit', () => resolve(text));
    });
    expect(out).toMatch(/READY:\{"ok":true,"postgres":true,"redis":true/);
    expect(out).toMatch(/starting an embedded PostgreSQL/);
    expect(out).toMatch(/started a private redis-server/);
    expect(out).toMatch(/shutting down/);
  });
});
