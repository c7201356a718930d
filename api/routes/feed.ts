/**
 * The threat feed, served from its last rendering in Redis: GET /api/feed (JSON, spec 2.5) and
 * GET /api/feed.rss (RSS 2.0), with a strong ETag, Last-Modified, Cache-Control and 304s, gzipped
 * for readers that accept it. No body parsing, no Postgres: a read serves this process's copy
 * of the rendering, which announcements and a bounded revalidation keep current
 * (feed-cache.ts). Only a feed never published yet asks the worker for a first build and waits
 * a few seconds.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http-error.js';
import type { FeedFormat } from '../../shared/feed-store.js';
import { createFeedCache, type CachedRendering, type EncodedBody, type FeedCache } from '../feed-cache.js';
import { requestFeedRegeneration } from '../../queues/feed.js';
import type { AppDeps } from '../context.js';
import { ThreatFeed } from '../schemas/scans.js';
import { errorResponse, z } from '../schemas/common.js';

/** Readers may cache a rendering this long; the clock regenerates every minute by default. */
export const FEED_MAX_AGE_SECONDS = 60;
/** How long a read of a never-published feed waits for the first build before a 503. */
export const FIRST_BUILD_WAIT_MS = 5000;

const CONTENT_TYPE: Record<FeedFormat, string> = {
  json: 'application/json; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};

const cachingHeaders = {
  ETag: { schema: { type: 'string' as const }, description: 'strong validator of the exact bytes' },
  'Last-Modified': { schema: { type: 'string' as const }, description: 'when the newest scan finished' },
  'Cache-Control': { schema: { type: 'string' as const }, description: `public, max-age=${FEED_MAX_AGE_SECONDS}` },
  Vary: { schema: { type: 'string' as const }, description: 'Accept-Encoding: gzipped for readers that accept it (Content-Encoding: gzip, its own ETag)' },
};

export function describeFeedRoutes(r: OpenAPIRegistry): void {
  const conditional = z.object({
    'if-none-match': z.string().optional(),
    'if-modified-since': z.string().optional(),
    'accept-encoding': z.string().optional(),
  });
  r.registerPath({
    method: 'get', path: '/api/feed', tags: ['scan'], summary: 'The threat feed (spec 2.5): unsafe skills, newest first',
    request: { headers: conditional },
    responses: {
      200: { description: 'the last rendering', headers: cachingHeaders, content: { 'application/json': { schema: ThreatFeed } } },
      304: { description: 'not modified (If-None-Match or If-Modified-Since)', headers: cachingHeaders },
      503: errorResponse('the feed was never built and no worker built it in time (Retry-After)'),
    },
  });
  r.registerPath({
    method: 'get', path: '/api/feed.rss', tags: ['scan'], summary: 'The same feed as RSS 2.0 (the feed\'s rss_url)',
    request: { headers: conditional },
    responses: {
      200: { description: 'the last rendering', headers: cachingHeaders, content: { 'application/rss+xml': { schema: z.string() } } },
      304: { description: 'not modified', headers: cachingHeaders },
      503: errorResponse('the feed was never built and no worker built it in time (Retry-After)'),
    },
  });
}

/**
 * RFC 9110 section 13.1: If-None-Match (weak comparison, so W/ prefixes are ignored) wins; only
 * without it does If-Modified-Since count, compared in whole seconds as HTTP dates carry them.
 */
export function notModified(req: IncomingMessage, rendering: { etag: string; lastModified: Date }): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    return inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === rendering.etag);
  }
  const ims = req.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  if (Number.isNaN(since)) return false;
  return Math.floor(rendering.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * Whether Accept-Encoding admits gzip (RFC 9110 section 12.5.3): `gzip` (or `x-gzip`) listed
 * with a q above 0, or else `*` with a q above 0. No header, or neither listed: identity.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header || !/gzip|\*/i.test(header)) return false;
  let any = false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name !== '*') return accepted;
    any = accepted;
  }
  return any;
}

/** What one encoding of a rendering is answered with: its bytes and both header sets, built once. */
export interface Answer {
  body: Buffer;
  etag: string;
  lastModified: Date;
  ok: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

function answers(rendering: CachedRendering, format: FeedFormat): { identity: Answer; gzip: Answer } {
  const make = ({ body, etag }: EncodedBody, encoding?: string): Answer => {
    const validators = {
      ETag: etag, 'Last-Modified': rendering.lastModifiedHttp, 'Cache-Control': `public, max-age=${FEED_MAX_AGE_SECONDS}`, Vary: 'Accept-Encoding',
    };
    const ok = { ...validators, 'Content-Type': CONTENT_TYPE[format], 'Content-Length': body.length, ...(encoding ? { 'Content-Encoding': encoding } : {}) };
    return { body, etag, lastModified: rendering.lastModified, ok, notModified: validators };
  };
  return { identity: make(rendering.identity), gzip: make(rendering.gzip, 'gzip') };
}

/** The paths of the feed, each with its format; Express's routes and the answer before Express both use this table. */
export const FEED_PATHS = { '/api/feed': 'json', '/api/feed.rss': 'rss' } as const satisfies Record<string, FeedFormat>;
export type FeedPath = keyof typeof FEED_PATHS;

/**
 * What every web process serves the feed from: its copy of the rendering, and the answers built
 * once per rendering and encoding. One per app, shared by the routes and by feed-front.ts.
 */
export interface FeedServing {
  cache: FeedCache;
  /** The encoding of `rendering` this request gets (gzip when its Accept-Encoding admits it), with its headers. */
  pick(req: IncomingMessage, format: FeedFormat, rendering: CachedRendering): Answer;
}

export function createFeedServing(deps: AppDeps): FeedServing {
  const cache = createFeedCache(deps.redis, deps.config.QUEUE_PREFIX, { updates: deps.feedUpdates, revalidateMs: deps.config.FEED_REVALIDATE_MS });
  const built = { json: new WeakMap<CachedRendering, { identity: Answer; gzip: Answer }>(), rss: new WeakMap<CachedRendering, { identity: Answer; gzip: Answer }>() };
  return {
    cache,
    pick(req, format, rendering) {
      let both = built[format].get(rendering);
      if (!both) built[format].set(rendering, (both = answers(rendering, format)));
      return acceptsGzip(req.headers['accept-encoding']) ? both.gzip : both.identity;
    },
  };
}

const unavailable = (message: string, cause?: unknown) =>
  new HttpError('upstream_unavailable', message, undefined, { cause, headers: { 'Retry-After': '5' } });

async function read(cache: FeedCache, format: FeedFormat): Promise<CachedRendering | undefined> {
  return cache.read(format).catch((err) => {
    throw unavailable('the feed store is unreachable; try again shortly', err);
  });
}

/** The first read of a never-published feed: ask for a build (deduplicated) and wait for it. */
async function firstBuild(deps: AppDeps, cache: FeedCache, format: FeedFormat): Promise<CachedRendering> {
  await requestFeedRegeneration(deps.queues.feed, 'first-read').catch((err) => {
    throw unavailable('the feed is not built yet and cannot be requested; try again shortly', err);
  });
  const deadline = Date.now() + FIRST_BUILD_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const rendering = await read(cache, format);
    if (rendering) return rendering;
  }
  throw unavailable('the feed is being built; try again shortly');
}

/**
 * The handler of one format. A read of a copy known current is answered synchronously (no
 * Redis, no promise), with header objects built once per rendering and one writeHead: Express's
 * res.send would look at the body, the headers and the request's freshness again every time.
 * HEAD gets the same headers; Node sends no body for it. Most such reads never get here: the
 * app's request listener answers them before Express (feed-front.ts).
 */
function serve(deps: AppDeps, serving: FeedServing, format: FeedFormat): RequestHandler {
  const { cache } = serving;
  const answer = (req: Request, res: Response, rendering: CachedRendering) => {
    const chosen = serving.pick(req, format, rendering);
    if (notModified(req, chosen)) res.writeHead(304, chosen.notModified).end();
    else res.writeHead(200, chosen.ok).end(chosen.body);
  };
  return (req, res) => {
    const copy = cache.current(format);
    if (copy) return answer(req, res, copy);
    return read(cache, format)
      .then((rendering) => rendering ?? firstBuild(deps, cache, format))
      .then((rendering) => answer(req, res, rendering));
  };
}

/** Adds GET /api/feed and /api/feed.rss (and so HEAD) to `app`, served from `serving`. */
export function addFeedRoutes(app: Express, deps: AppDeps, serving: FeedServing): void {
  for (const [path, format] of Object.entries(FEED_PATHS)) app.get(path, serve(deps, serving, format));
}
