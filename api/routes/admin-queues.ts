/**
 * The queue dashboard (Bull Board) at /admin/queues, for operators: waiting, active, delayed and
 * failed jobs of every queue, with retry. Admin only: `Authorization: Bearer <ADMIN_TOKEN>`, or
 * HTTP Basic with ADMIN_TOKEN as the password so that a browser can open it.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { Router, type RequestHandler } from 'express';
import { safeEqual } from '../../shared/auth/credentials.js';
import { HttpError } from '../http-error.js';
import type { AppDeps } from '../context.js';

export const DASHBOARD_PATH = '/admin/queues';

/** The admin token as Bearer or as the password of HTTP Basic (any user name). */
function adminGate(deps: AppDeps): RequestHandler {
  const challenge = { 'WWW-Authenticate': 'Basic realm="agent-commerce admin", charset="UTF-8"' };
  return (req, _res, next) => {
    const token = deps.config.ADMIN_TOKEN;
    const header = req.get('authorization') ?? '';
    let given: string | undefined;
    const bearer = /^Bearer\s+(\S{1,512})$/i.exec(header);
    const basic = /^Basic\s+([A-Za-z0-9+/=]{1,1024})$/i.exec(header);
    if (bearer) given = bearer[1];
    else if (basic) given = Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':');
    if (!given) throw new HttpError('unauthorized', 'the queue dashboard needs the admin token', undefined, { headers: challenge });
    if (!token || !safeEqual(given, token)) throw new HttpError('forbidden', 'the queue dashboard needs the admin token');
    next();
  };
}

export function adminQueueRoutes(deps: AppDeps, queues: Queue[]): Router {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter: adapter });
  const router = Router();
  router.use(DASHBOARD_PATH, adminGate(deps), adapter.getRouter());
  return router;
}
