/** Listens, and closes gracefully: stop accepting, let in-flight requests finish. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';

export interface Listening {
  server: Server;
  close(): Promise<void>;
}

/** Serves `app` (buildApp's listener: the feed before Express, then Express) on HOST:PORT. */
export function listen(app: RequestListener, config: Config, log: Logger): Promise<Listening> {
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
