/**
 * A small closed-loop HTTP load generator: C virtual clients, each with its own keep-alive
 * socket, send one request after another. Loopback only; every loop is bounded by time and
 * by count.
 */
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string;
}

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpClient {
  send(req: HttpRequest): Promise<HttpReply>;
  close(): void;
}

/** A keep-alive client for 127.0.0.1:port with at most `sockets` connections. */
export function httpClient(port: number, sockets: number, timeoutMs = 30_000): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  return {
    send(req) {
      return new Promise((resolve, reject) => {
        const headers: OutgoingHttpHeaders = { ...req.headers };
        if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
        const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        r.on('timeout', () => r.destroy(new Error(`timed out after ${timeoutMs} ms: ${req.method} ${req.path}`)));
        r.on('error', reject);
        r.end(req.body);
      });
    },
    close: () => agent.destroy(),
  };
}

export interface TimedRun {
  /** Requests answered with a 2xx. */
  ok: number;
  /** Anything else, including network errors, by status ("error" for a thrown request). */
  failures: Record<string, number>;
  /** Milliseconds per successful request. */
  latencies: number[];
  seconds: number;
}

/**
 * Sends `make()` with `concurrency` clients for `seconds` (and at most `maxRequests` in all),
 * after `warmupSeconds` whose requests are not counted.
 */
export async function runForDuration(opts: {
  port: number;
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  maxRequests?: number;
  make: () => HttpRequest;
  /** Which statuses count as answered; 2xx by default (a conditional GET expects 304). */
  ok?: (status: number) => boolean;
  /** Called as the timed phase starts and ends (to mark a CPU profile's window). */
  onTimedPhase?: (phase: 'start' | 'end') => void;
}): Promise<TimedRun> {
  const client = httpClient(opts.port, opts.concurrency);
  const maxRequests = opts.maxRequests ?? 10_000_000;
  try {
    const warmupEnd = performance.now() + (opts.warmupSeconds ?? 0) * 1000;
    await Promise.all(Array.from({ length: opts.concurrency }, async () => {
      for (let i = 0; i < 1_000_000 && performance.now() < warmupEnd; i++) await client.send(opts.make()).catch(() => {});
    }));
    const out: TimedRun = { ok: 0, failures: {}, latencies: [], seconds: 0 };
    const start = performance.now();
    const end = start + opts.seconds * 1000;
    let sent = 0;
    opts.onTimedPhase?.('start');
    await Promise.all(Array.from({ length: opts.concurrency }, async () => {
      while (sent < maxRequests && performance.now() < end) {
        sent++;
        const t0 = performance.now();
        try {
          const reply = await client.send(opts.make());
          if (opts.ok ? opts.ok(reply.status) : reply.status >= 200 && reply.status < 300) {
            out.ok++;
            out.latencies.push(performance.now() - t0);
          } else {
            out.failures[reply.status] = (out.failures[reply.status] ?? 0) + 1;
          }
        } catch {
          out.failures.error = (out.failures.error ?? 0) + 1;
        }
      }
    }));
    out.seconds = (performance.now() - start) / 1000;
    opts.onTimedPhase?.('end');
    return out;
  } finally {
    client.close();
  }
}

/**
 * Runs `fn` over every item with at most `concurrency` in flight; items not started before
 * `deadlineMs` (absolute, performance.now() clock) are skipped and counted.
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  concurrency: number,
  deadlineMs: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<{ skipped: number }> {
  let next = 0;
  let skipped = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      if (performance.now() > deadlineMs) {
        skipped++;
        continue;
      }
      await fn(items[i], i);
    }
  }));
  return { skipped };
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
