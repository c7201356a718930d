/** Where the test servers are; TEST_PG_URL may point at another server (no database part). */

export function serverUrl(): string {
  return (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
}

export function adminUrl(): string {
  return `${serverUrl()}/postgres`;
}

export function redisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}
