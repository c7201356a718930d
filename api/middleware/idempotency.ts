/**
 * Idempotency-Key on creating POSTs. Only a successful (2xx) answer is kept: a 402 challenge or
 * an error frees the key, so that the client's paid or corrected retry with the same key runs.
 * Replayed answers carry `Idempotent-Replayed: true`.
 */
import type { RequestHandler } from 'express';
import { sha256Hex } from '../../shared/auth/credentials.js';
import { HttpError } from '../../shared/errors.js';
import { claimKey, completeKey, releaseKey } from '../../shared/idempotency.js';
import type { AppDeps } from '../context.js';

/** Response headers worth replaying with the body. */
const KEPT_HEADERS = ['location', 'payment-response', 'x-payment-response'];

export function idempotency(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw new HttpError('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const who = req.get('authorization') ? sha256Hex(req.get('authorization')!) : 'anonymous';
    const scope = `${req.method} ${req.baseUrl}${req.path} ${who}`;
    const claim = await claimKey(deps.db, scope, key, sha256Hex(req.rawBody ?? Buffer.alloc(0)));
    if (claim.kind === 'mismatch') throw new HttpError('conflict', 'Idempotency-Key was already used with a different request');
    if (claim.kind === 'in_progress') throw new HttpError('conflict', 'a request with this Idempotency-Key is still in progress');
    if (claim.kind === 'replay') {
      for (const [k, v] of Object.entries(claim.response.headers)) res.setHeader(k, v);
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(claim.response.status).json(claim.response.body);
      return;
    }
    const json = res.json.bind(res);
    let body: unknown;
    res.json = (b: unknown) => {
      body = b;
      return json(b);
    };
    res.on('finish', () => {
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const headers: Record<string, string> = {};
      for (const h of KEPT_HEADERS) {
        const v = res.getHeader(h);
        if (v !== undefined) headers[h] = String(v);
      }
      const done = ok ? completeKey(deps.db, scope, key, { status: res.statusCode, body, headers }) : releaseKey(deps.db, scope, key);
      done.catch((err) => deps.log.error({ err }, 'idempotency record not saved'));
    });
    next();
  };
}
