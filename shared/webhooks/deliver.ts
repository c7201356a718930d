/**
 * One webhook POST: signed like an agent's own requests, bounded in time and size, never
 * following a redirect, and (in production) never reaching an inward address.
 *
 * node:http is used rather than fetch for one reason: its `lookup` hook lets the guard check
 * every address DNS returns and hands the connection exactly those addresses, so a name cannot
 * pass the check and then resolve elsewhere for the connection (DNS rebinding).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { signatureHeader } from '../auth/signature.js';
import { forbiddenAddressReason, webhookUrlProblem } from './address-guard.js';

/** Bytes of a receiver's answer that are read; the rest is dropped unread. */
export const RESPONSE_CAP_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  /** The exact bytes sent and signed. */
  body: string;
  signingSecret: string;
  eventId: string;
  eventType: string;
  timeoutMs: number;
  production: boolean;
  userAgent?: string;
}

export type WebhookResult =
  | { ok: true; status: number }
  /** `permanent`: retrying cannot help (a refused address or URL). */
  | { ok: false; status?: number; error: string; permanent: boolean };

/** A refused destination: the delivery stops for good. */
export class WebhookRefusedError extends Error {}

/** dns.lookup with every address checked; any inward address refuses the whole name. */
export function guardedLookup(production: boolean): LookupFunction {
  return ((hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (production) {
        for (const a of addresses) {
          const reason = forbiddenAddressReason(a.address);
          if (reason) return callback(new WebhookRefusedError(`${hostname} resolves to ${a.address}, a ${reason} address`), []);
        }
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}

/** Sends one delivery; never throws. */
export async function postWebhook(req: WebhookRequest): Promise<WebhookResult> {
  const problem = webhookUrlProblem(req.url, { production: req.production });
  if (problem) return { ok: false, error: `refused: ${problem}`, permanent: true };
  const url = new URL(req.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address skips the lookup hook, so it is checked here (webhookUrlProblem did, in
  // production); a name goes through guardedLookup.
  if (req.production && isIP(host) && forbiddenAddressReason(host)) return { ok: false, error: `refused: ${host} is not public`, permanent: true };
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(req.body)),
    'user-agent': req.userAgent ?? 'agent-commerce-webhooks',
    'x-signature': signatureHeader(req.signingSecret, 'POST', `${url.pathname}${url.search}`, req.body),
    'x-event-id': req.eventId,
    'x-event-type': req.eventType,
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((resolve) => {
    let done = false;
    const finish = (r: WebhookResult) => {
      if (!done) {
        done = true;
        resolve(r);
      }
    };
    const outgoing = client.request(url, {
      method: 'POST', headers, lookup: guardedLookup(req.production), signal: AbortSignal.timeout(req.timeoutMs),
      // No keep-alive pool: each delivery resolves and checks its destination afresh.
      agent: false,
    }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Only the status matters; a receiver that streams a large answer is cut off.
        if (read > RESPONSE_CAP_BYTES) res.destroy();
      });
      const settle = () => {
        if (status >= 200 && status < 300) finish({ ok: true, status });
        else if (status >= 300 && status < 400) finish({ ok: false, status, error: `answered ${status}; redirects are not followed`, permanent: false });
        else finish({ ok: false, status, error: `answered ${status}`, permanent: false });
      };
      res.on('end', settle);
      res.on('close', settle);
      res.on('error', () => settle());
    });
    outgoing.on('error', (err) => {
      const refused = err instanceof WebhookRefusedError || (err as { cause?: unknown }).cause instanceof WebhookRefusedError;
      const message = err.name === 'AbortError' || err.name === 'TimeoutError' ? `no answer within ${req.timeoutMs} ms` : err.message;
      finish({ ok: false, error: refused ? `refused: ${message}` : message, permanent: refused });
    });
    outgoing.end(req.body);
  });
}
