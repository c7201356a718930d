/**
 * The HTTP ceiling: a bare Express 5 app answering GET /hello with a small JSON, and nothing
 * else (no helmet, no logging, no body parser). Started as a child by bench/ceilings.ts; prints
 * `listening <port>` and exits on SIGTERM, or by itself after BENCH_CHILD_MAX_MS (default 120 s).
 */
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/hello', (_req, res) => {
  res.json({ hello: 'world' });
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const addr = server.address();
  console.log(`listening ${typeof addr === 'object' && addr ? addr.port : 0}`);
});
server.keepAliveTimeout = 5000;

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
setTimeout(stop, Number(process.env.BENCH_CHILD_MAX_MS ?? 120_000)).unref();
