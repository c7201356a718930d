/** One pino logger per process; children carry the role and request ids. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...base },
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-signature"]', 'req.headers["payment-signature"]', 'req.headers["x-payment"]', '*.api_key', '*.signing_secret'],
      censor: '[redacted]',
    },
  });
}
