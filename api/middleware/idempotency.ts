/**
 * Idempotency-Key on creating POSTs. Only a successful (2xx) answer is kept: a 402 challenge or
 * an error frees the key, so that the client's paid or corrected retry with the same key runs.
 * Replayed answers carry `Idempotent-Replayed: true`.
 *
 * A key is scoped to its caller: the Authorization header for callers with one, and for an
 * anonymous caller its payment proof, which is part of what the request must repeat. Credentials
 * (`credentials` in a body) are shown once and never kept: a replay says so instead.
 */
import type { Request, RequestHandler } from 'express';
import { sha256Hex } from '../../shared/auth/credentials.js';
import { HttpError } from '../http-error.js';
import { claimKey, completeKey, releaseKey } from '../../shared/idempotency.js';
import type { AppDeps } from '../context.js';

/** Response headers worth replaying with the body. */
const KEPT_HEADERS = ['location', 'payment-response', 'x-payment-response'];

/**
 * What a repeat must match. Without Authorization anyone may send a given key and body, so an
 * anonymous caller's payment proof is part of it: a stranger replaying the key without the
 * payment gets a 409, never the first caller's answer.
 */
function requestHash(req: Request, authorization: string | undefined): string {
  const body = req.rawBody ?? Buffer.alloc(0);
  const proof = authorization ? undefined : (req.get('payment-signature') ?? req.get('x-payment'));
  return proof === undefined ? sha256Hex(body) : sha256Hex(Buffer.concat([body, Buffer.from(`\0${proof}`)]));
}

const CREDENTIALS_NOTE = 'credentials are shown once, in the first answer; a replay does not repeat them';

/** The body as kept for replay: any `credentials` replaced by a note. */
function withoutCredentials(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('credentials' in body)) return body;
  return { ...body, credentials: null, credentials_note: CREDENTIALS_NOTE };
}

export function idempotency(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw new HttpError('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const authorization = req.get('authorization');
    const scope = `${req.method} ${req.baseUrl}${req.path} ${authorization ? sha256Hex(authorization) : 'anonymous'}`;
    const claim = await claimKey(deps.db, scope, key, requestHash(req, authorization));
    if (claim.kind === 'mismatch') throw new HttpError('conflict', 'Idempotency-Key was already used with a different request');
    if (claim.kind === 'in_progress') throw new HttpError('conflict', 'a request with this Idempotency-Key is still in progress');
    if (claim.kind === 'replay') {
      for (const [k, v] of Object.entries(claim.response.headers)) res.setHeader(k, v);
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(claim.response.status).json(claim.response.body);
      return;
    }
    // The record is written before the answer leaves: a client that retries the moment it reads
    // the answer must find it kept, not "still in progress".
    const json = res.json.bind(res);
    let settled = false;
    const record = (body: unknown): Promise<void> => {
      settled = true;
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const headers: Record<string, string> = {};
      for (const h of KEPT_HEADERS) {
        const v = res.getHeader(h);
        if (v !== undefined) headers[h] = String(v);
      }
      const done = ok ? completeKey(deps.db, scope, key, { status: res.statusCode, body: withoutCredentials(body), headers }) : releaseKey(deps.db, scope, key);
      return done.catch((err) => deps.log.error({ err }, 'idempotency record not saved'));
    };
    res.json = (b: unknown) => {
      void record(b).then(() => json(b));
      return res;
    };
    // An answer that was not JSON (a broken connection, an ended stream) frees the key.
    res.on('close', () => {
      if (!settled) releaseKey(deps.db, scope, key).catch((err) => deps.log.error({ err }, 'idempotency key not released'));
    });
    next();
  };
}
