/**
 * One graceful shutdown for every role: on SIGTERM or SIGINT, run the closers in order (stop
 * accepting, drain workers, close queues, Redis and the pool), then exit. A second signal, or a
 * drain that takes longer than `graceMs`, exits at once.
 */
import type { Logger } from './logger.js';

export type Closer = [name: string, close: () => Promise<unknown>];

export function onShutdown(log: Logger, closers: Closer[], graceMs = 25_000): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const run = () => {
    closing ??= (async () => {
      for (const [name, close] of closers) {
        try {
          await close();
        } catch (err) {
          log.warn({ err: (err as Error).message, name }, 'error while closing');
        }
      }
    })();
    return closing;
  };
  const handler = (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    void run().then(() => process.exit(0));
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
  return run;
}
