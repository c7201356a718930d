/**
 * The feed before Express: the app's request listener answers a plain read of a current copy of
 * the feed itself, and hands every other request to the Express app unchanged.
 *
 * "A plain read" is GET or HEAD of exactly `/api/feed` or `/api/feed.rss` (no query string)
 * while this process's copy is current (feed-cache.ts); with rate limits on, also without an
 * Authorization header (the key limiter stays Express's). Anything else (another path or method,
 * no copy yet, a copy that needs asking Redis, a count that outlived the copy) goes to Express.
 *
 * Such a read gets what the Express stack would give it, step by step: the request timer and its
 * route label (metrics.ts), helmet's and the CORS headers (recorded from the app's own middleware
 * when the app is built: they depend on nothing in a GET), X-Request-Id and the access log line
 * (the same request-log function), the address limiter (the same count, the same key as
 * `req.ip`, the same 429), then the route's answer (the same answer objects, routes/feed.ts).
 * test/api/feed-front.test.ts compares the two answers header by header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../shared/logger.js';
import type { CachedRendering } from './feed-cache.js';
import { clientAddress, type TrustFunction } from './client-address.js';
import { errorBody } from './middleware/errors.js';
import { requestIdOf, type RequestLogging } from './middleware/request-log.js';
import { addressKey, countRequest, markCounted, rateLimited, type RateCountOptions, type Tally } from './middleware/rate-limit.js';
import { timeRequest, UNMATCHED } from './metrics.js';
import { FEED_PATHS, notModified, type Answer, type FeedPath, type FeedServing } from './routes/feed.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Requests answered before Express, for tests and profiles: the fast path is observable, not guessed from timings. */
export interface FeedFrontCounts {
  /** 200s and 304s. */
  answered: number;
  /** 429s from the address limiter. */
  limited: number;
}

export interface FeedFrontOptions {
  /** Everything not answered here: the Express app. */
  express: Listener;
  serving: FeedServing;
  /** Headers the stack sets on every answer ahead of the rate limits (helmet's), as name, value, name, value. */
  before: string[];
  /** Headers the stack sets after the rate limits and before any route (CORS), likewise. */
  after: string[];
  logging: RequestLogging;
  /** The address limiter, when limits are on. */
  limits?: { count: RateCountOptions; trust: TrustFunction };
  /** Express's ETag of a body it sends (`res.send`), for the 429. */
  etagOf: (body: Buffer) => string;
  log: Logger;
}

export interface FeedFront extends Listener {
  readonly counts: FeedFrontCounts;
}

/** Exactly a path of FEED_PATHS: no query string, no other spelling (Express would match `/API/feed/` too, and answers it). */
const isFeedPath = (url: string | undefined): url is FeedPath => url !== undefined && Object.hasOwn(FEED_PATHS, url);

const flat = (headers: object): string[] => Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void;

/**
 * The headers `middleware` sets on a GET, in the order it sets them, as name, value, name, value.
 * For middleware whose headers depend on nothing in a GET (helmet without CSP, the CORS
 * headers): it must set them synchronously and call `next`, or the app refuses to build.
 */
export function headersSetBy(middleware: Middleware): string[] {
  const set = new Map<string, [string, string]>();
  let passed = false;
  const res = {
    setHeader: (name: string, value: unknown) => set.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  const call = middleware as unknown as (req: object, res: object, next: (err?: unknown) => void) => void;
  call({ method: 'GET', url: '/', headers: {} }, res, (err) => (passed = err === undefined));
  if (!passed) throw new Error('a middleware ahead of the feed did not pass a GET on synchronously; feed-front.ts cannot answer for it');
  return [...set.values()].flat();
}

export function feedFront(opts: FeedFrontOptions): FeedFront {
  const { express, serving, before, after, logging, limits, etagOf } = opts;
  const counts: FeedFrontCounts = { answered: 0, limited: 0 };
  /** Where X-Request-Id's value goes in a header list, and where the rate-limit headers go. */
  const idAt = before.length + 1;
  const limitsAt = idAt + 1;
  /** Per answer object (one per rendering and encoding): every header of its 200 and 304, with the request id's slot empty. */
  const lists = new WeakMap<Answer, { ok: string[]; notModified: string[] }>();
  const listsOf = (answer: Answer) => {
    let both = lists.get(answer);
    if (!both) {
      const list = (headers: object) => [...before, 'X-Request-Id', '', ...after, ...flat(headers)];
      lists.set(answer, (both = { ok: list(answer.ok), notModified: list(answer.notModified) }));
    }
    return both;
  };
  const labels = Object.fromEntries(Object.keys(FEED_PATHS).map((path) => [path, () => path])) as Record<FeedPath, () => string>;
  const unmatched = () => UNMATCHED;

  /**
   * The request id for the header list. When lines are written, the log line is arranged (the
   * same request-log function as Express's) and the id it set is taken back off `res`, so that
   * the list puts it where the Express stack does, after helmet's headers.
   */
  function requestId(req: IncomingMessage, res: ServerResponse): string {
    if (!logging.logs) return requestIdOf(req);
    logging(req, res, () => {});
    const id = String(res.getHeader('X-Request-Id'));
    res.removeHeader('X-Request-Id');
    return id;
  }

  function answer(req: IncomingMessage, res: ServerResponse, path: FeedPath, rendering: CachedRendering, tally: Tally | undefined, start: bigint): void {
    const chosen = serving.pick(req, FEED_PATHS[path], rendering);
    const fresh = notModified(req, chosen);
    const lists = listsOf(chosen);
    const headers = (fresh ? lists.notModified : lists.ok).slice();
    headers[idAt] = requestId(req, res);
    if (tally) headers.splice(limitsAt, 0, 'RateLimit-Limit', String(tally.limit), 'RateLimit-Remaining', String(tally.remaining));
    timeRequest(req, res, labels[path], start);
    counts.answered++;
    if (fresh) res.writeHead(304, headers).end();
    else res.writeHead(200, headers).end(chosen.body);
  }

  /** The 429 of the address limiter, as Express's error handler renders it (`res.json` of the envelope). */
  function refuse(req: IncomingMessage, res: ServerResponse, tally: Tally & { retryAfter: string }, start: bigint): void {
    const err = rateLimited(tally.retryAfter);
    const body = Buffer.from(JSON.stringify(errorBody(err)));
    const headers = [...before, 'X-Request-Id', requestId(req, res), 'RateLimit-Limit', String(tally.limit), 'RateLimit-Remaining', String(tally.remaining),
      ...flat(err.headers ?? {}), 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length), 'ETag', etagOf(body)];
    timeRequest(req, res, unmatched, start);
    counts.limited++;
    res.writeHead(err.status, headers).end(body);
  }

  /** Runs `step`; should it throw before anything was sent, Express answers instead, as it would have. */
  function guarded(req: IncomingMessage, res: ServerResponse, step: () => void): void {
    try {
      step();
    } catch (err) {
      opts.log.error({ err, url: req.url }, 'the feed\'s answer before Express failed; Express answers');
      if (res.headersSent) res.destroy();
      else express(req, res);
    }
  }

  /** With limits on: count by address as the Express limiter would, then answer from the copy current by then. */
  function counted(req: IncomingMessage, res: ServerResponse, path: FeedPath, limited: NonNullable<FeedFrontOptions['limits']>, start: bigint): void {
    const who = addressKey(clientAddress(req, limited.trust));
    void countRequest(limited.count, who).then((tally) => {
      // Should the request go to Express after all, its limiter takes this count instead of counting again.
      markCounted(req, who, tally);
      guarded(req, res, () => {
        if (tally?.retryAfter !== undefined) return refuse(req, res, { ...tally, retryAfter: tally.retryAfter }, start);
        const copy = serving.cache.current(FEED_PATHS[path]);
        if (copy) return answer(req, res, path, copy, tally, start);
        // A store was announced (or the copy aged) meanwhile: Express's route asks Redis.
        express(req, res);
      });
    });
  }

  const front = (req: IncomingMessage, res: ServerResponse): void => {
    const path = req.url;
    if (!isFeedPath(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return express(req, res);
    const copy = serving.cache.current(FEED_PATHS[path]);
    // Authorization: the key limiter counts it too, and stays Express's.
    if (!copy || (limits && req.headers.authorization)) return express(req, res);
    const start = process.hrtime.bigint();
    if (limits) return counted(req, res, path, limits, start);
    guarded(req, res, () => answer(req, res, path, copy, undefined, start));
  };
  return Object.assign(front, { counts });
}
