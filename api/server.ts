/** Listens, and closes gracefully: stop accepting, let in-flight requests finish. */
import type { Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';

export interface Listening {
  server: Server;
  close(): Promise<void>;
}

export function listen(app: Express, config: Config, log: Logger): Promise<Listening> {
  const server = createServer(app);
  // Slow clients must not hold sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      const addr = server.address();
      log.info({ port: typeof addr === 'object' && addr ? addr.port : config.PORT }, 'listening');
      resolve({
        server,
        close: () =>
          new Promise<void>((res) => {
            server.close(() => res());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
