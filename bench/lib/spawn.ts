/**
 * Child processes for benchmarks: the server under test never shares an event loop with the
 * load generator (two cores here). Each child runs `node --import tsx <script>` from the
 * repository root, keeps the tail of its output for error messages, and is stopped by its pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/../..). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const TAIL_BYTES = 16_384;
const live = new Set<ChildProcess>();

export interface Child {
  name: string;
  pid: number;
  /** The last 16 KiB of stdout and stderr together. */
  tail(): string;
  /** Resolves with the first stdout line matching `pattern`; rejects on exit or time-out. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * Starts `node --no-regexp-tier-up [nodeArgs] --import tsx <args>` in the repository root with
 * `env` added to ours: with V8's flag that package.json's scripts start the service with.
 */
export function startNode(name: string, args: string[], env: Record<string, string>, nodeArgs: string[] = []): Child {
  const proc = spawn(process.execPath, ['--no-regexp-tier-up', ...nodeArgs, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (proc.pid === undefined) throw new Error(`${name}: could not start`);
  live.add(proc);
  let tail = '';
  let lineBuf = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const keep = (s: string) => {
    tail = (tail + s).slice(-TAIL_BYTES);
  };
  proc.stdout!.setEncoding('utf8').on('data', (s: string) => {
    keep(s);
    lineBuf = (lineBuf + s).slice(-TAIL_BYTES);
    const lines = lineBuf.split('\n');
    lineBuf = lines.pop() ?? '';
    for (const line of lines) {
      for (let i = waiters.length - 1; i >= 0; i--) {
        const m = line.match(waiters[i].pattern);
        if (m) waiters.splice(i, 1)[0].resolve(m);
      }
    }
  });
  proc.stderr!.setEncoding('utf8').on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    proc.once('exit', (code) => {
      live.delete(proc);
      resolve(code);
    });
  });
  const pid = proc.pid;
  return {
    name,
    pid,
    tail: () => tail,
    exited,
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms\n${tail}`)), timeoutMs);
        waiters.push({ pattern, resolve: (m) => { clearTimeout(timer); resolve(m); } });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited (code ${code}) before printing ${pattern}\n${tail}`));
        });
      });
    },
    async stop(graceMs = 10_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a child to its end and throws with its output when it fails or takes too long. */
export async function runNode(name: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<void> {
  const child = startNode(name, args, env);
  const timer = setTimeout(() => void child.stop(1000), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${child.tail()}`);
}

/** Kills every child still running (SIGKILL, by pid); for an interrupted run. */
export function killAllChildren(): void {
  for (const proc of live) proc.kill('SIGKILL');
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `check` every `everyMs` until it is true; throws after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (let i = 0; i < 100_000; i++) {
    if (await check().catch(() => false)) return;
    if (performance.now() > deadline) break;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

