/**
 * Request ids and the access log: one line per request at level info, and `X-Request-Id` on
 * every answer (the caller's when it is a sane token, else a fresh one). The same function serves
 * the Express stack and the feed's answer before Express (feed-front.ts), so both write the same
 * line and echo the same id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../shared/logger.js';

/** The caller's X-Request-Id when it is a sane token, else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

function setRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader('X-Request-Id', id);
  return id;
}

export interface RequestLogging {
  /** Sets X-Request-Id on `res` and, when `logs`, arranges the request's log line; calls `next` synchronously. */
  (req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** True at level info: each request writes a line. Below it only the request id is set. */
  readonly logs: boolean;
}

/**
 * One log line per request at level info. Below info pino-http would write nothing, yet it still
 * builds a child logger per request (serializing and redacting the request): about a tenth of a
 * cached feed read's CPU. Then only the request id is set.
 */
export function requestLogging(log: Logger): RequestLogging {
  if (!log.isLevelEnabled('info')) {
    const idOnly = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      setRequestId(req, res);
      next();
    };
    return Object.assign(idOnly, { logs: false });
  }
  const logger = pinoHttp({
    logger: log,
    genReqId: setRequestId,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    // One compact line per request: no headers, so no credential, signature, payment proof or
    // Idempotency-Key ever reaches the logs.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: req.url, ip: req.remoteAddress }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return Object.assign((req: IncomingMessage, res: ServerResponse, next: () => void) => logger(req, res, next), { logs: true });
}
