/**
 * One HTTP exchange with LND's REST API: the macaroon header, LND's own TLS certificate, a
 * time-out that covers the answer's body too, and a size cap. Failing to get an answer throws
 * LightningBackendUnavailableError; any HTTP answer is returned for the caller to judge.
 */
import http from 'node:http';
import https from 'node:https';
import { LightningBackendUnavailableError } from './errors.js';

export interface LndConnection {
  /** e.g. `https://127.0.0.1:8080`; a path prefix is kept. */
  baseUrl: string;
  macaroonHex: string;
  /** PEM of LND's tls.cert; trusted instead of the system CAs when given. */
  tlsCert?: string | Buffer;
  /** Per call, body included (config LND_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface LndAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown;
}

/** LND's answers are a few KiB; more is a misbehaving proxy, not an invoice. */
const MAX_BODY_BYTES = 1 << 20;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function lndRequest(conn: LndConnection, method: 'GET' | 'POST', path: string, body?: unknown): Promise<LndAnswer> {
  const target = new URL(conn.baseUrl.replace(/\/+$/, '') + path);
  const signal = AbortSignal.timeout(conn.timeoutMs);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = { 'Grpc-Metadata-macaroon': conn.macaroonHex, accept: 'application/json' };
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
  const options = { method, headers, signal, ...(target.protocol === 'https:' && conn.tlsCert ? { ca: conn.tlsCert } : {}) };

  return new Promise<LndAnswer>((resolve, reject) => {
    const fail = (err: unknown) =>
      reject(new LightningBackendUnavailableError(signal.aborted ? `time-out after ${conn.timeoutMs} ms` : 'unreachable', { cause: err }));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) req.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: parseJson(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', fail);
      res.on('aborted', () => fail(new Error('answer aborted')));
    });
    req.on('error', fail);
    req.end(payload);
  });
}
