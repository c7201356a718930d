/**
 * BearerAuth and HMACSignature (PRODUCT.md section 7) as middleware.
 *
 * A signature is spent (remembered in Redis until it could no longer be fresh) only when its
 * request is acted on. Routes paid by x402 pass `deferSpend` and call `req.spendSignature()` once
 * the payment is accepted, so that a 402 challenge leaves the signature usable for the paid retry.
 */
import type { Request, RequestHandler } from 'express';
import { findAgentByKeyHash } from '../../shared/agents/queries.js';
import { deriveSigningSecret, hashApiKey, safeEqual, sha256Hex } from '../../shared/auth/credentials.js';
import { computeSignature, parseSignatureHeader, signatureMatches } from '../../shared/auth/signature.js';
import { AgentNotActiveError } from '../../shared/agents/errors.js';
import { HttpError } from '../http-error.js';
import type { AppDeps, Principal } from '../context.js';

const unauthorized = (message: string) =>
  new HttpError('unauthorized', message, undefined, { headers: { 'WWW-Authenticate': 'Bearer realm="agent-commerce"' } });

function bearerToken(req: Request): string | undefined {
  const h = req.get('authorization');
  if (!h) return undefined;
  const m = /^Bearer\s+(\S{1,512})$/i.exec(h.trim());
  if (!m) throw unauthorized('Authorization must be "Bearer <key>"');
  return m[1];
}

async function resolvePrincipal(deps: AppDeps, token: string): Promise<Principal> {
  const admin = deps.config.ADMIN_TOKEN;
  if (admin && safeEqual(token, admin)) return { kind: 'admin' };
  const agent = await findAgentByKeyHash(deps.db, hashApiKey(token));
  if (!agent) throw unauthorized('unknown API key');
  // A pending_bond agent may still read what is its own (its balance); acting needs 'active',
  // which `signature` checks, since every call that acts is signed.
  if (agent.status === 'suspended' || agent.status === 'exited' || agent.status === 'bond_failed') {
    throw new AgentNotActiveError(agent.status);
  }
  return { kind: 'agent', agent };
}

/** Requires a Bearer key (or allows none when `optional`), and sets `req.principal`. */
export function bearer(deps: AppDeps, opts: { optional?: boolean } = {}): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) {
      if (opts.optional) return next();
      throw unauthorized('this call needs an API key: Authorization: Bearer <key>');
    }
    req.principal = await resolvePrincipal(deps, token);
    next();
  };
}

export function requireAdmin(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized('this call needs the admin key');
    if (!deps.config.ADMIN_TOKEN || !safeEqual(token, deps.config.ADMIN_TOKEN)) {
      throw new HttpError('forbidden', 'this call needs the admin key');
    }
    req.principal = { kind: 'admin' };
    next();
  };
}

/**
 * Verifies X-Signature for the agent that `bearer` identified, and that the agent is active:
 * a signed call acts as the agent. Without an agent principal the check is skipped when
 * `optional` (anonymous callers of routes that allow them).
 */
export function signature(deps: AppDeps, opts: { deferSpend?: boolean; optional?: boolean } = {}): RequestHandler {
  const tolerance = deps.config.SIGNATURE_TOLERANCE_SECONDS;
  return async (req, _res, next) => {
    const p = req.principal;
    if (!p || p.kind !== 'agent') {
      if (opts.optional && !req.get('x-signature')) return next();
      throw unauthorized('X-Signature needs an agent key in Authorization');
    }
    const header = req.get('x-signature');
    if (!header) throw unauthorized('this call needs X-Signature: t=<unix seconds>,v1=<hex hmac>');
    const sig = parseSignatureHeader(header);
    if (!sig) throw unauthorized('X-Signature must be t=<unix seconds>,v1=<64 hex>');
    const skew = Math.floor(Date.now() / 1000) - sig.t;
    if (Math.abs(skew) > tolerance) {
      throw unauthorized(`X-Signature timestamp is ${skew > 0 ? 'stale' : 'in the future'} by ${Math.abs(skew)} s (limit ${tolerance} s)`);
    }
    const secret = deriveSigningSecret(deps.config.SIGNING_MASTER_KEY, p.agent.id, p.agent.signing_salt);
    const expected = computeSignature(secret, sig.t, req.method, req.originalUrl, req.rawBody ?? Buffer.alloc(0));
    if (!signatureMatches(expected, sig.v1)) throw unauthorized('X-Signature does not match the request');
    // Refused before the signature is spent: the request is not acted on.
    if (p.agent.status !== 'active') throw new AgentNotActiveError(p.agent.status);
    const key = `${deps.config.QUEUE_PREFIX}:sig:${sha256Hex(`${p.agent.id}:${sig.v1}`)}`;
    const spend = async () => {
      // NX makes the claim atomic across processes; the key outlives the signature's freshness.
      const ok = await deps.redis.set(key, '1', 'EX', tolerance * 2 + 60, 'NX').catch((err) => {
        throw new HttpError('upstream_unavailable', 'replay cache unavailable; try again', undefined, { cause: err });
      });
      if (ok !== 'OK') throw unauthorized('X-Signature was already used; sign each request afresh');
    };
    if (opts.deferSpend) {
      let spent = false;
      req.spendSignature = async () => {
        if (spent) return;
        spent = true;
        await spend();
      };
    } else {
      await spend();
    }
    next();
  };
}
