/**
 * The client's address as Express's `req.ip` gives it, for code that runs before Express (the
 * feed's answer in feed-front.ts). The app is given this very trust function as its `trust
 * proxy` setting, and `req.ip` is `proxyaddr(req, <that function>)`: the two cannot disagree.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../shared/config.js';

/** Whether the hop at `addr`, `hop` steps from this server (0 is the socket's peer), is a trusted proxy. */
export type TrustFunction = (addr: string, hop: number) => boolean;

/**
 * TRUST_PROXY as a trust function, compiled as Express compiles its `trust proxy` setting: no
 * hop trusted, the first `n` hops, or the hops whose address is in the list (addresses, CIDR
 * ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export function trustFunction(setting: TrustProxy): TrustFunction {
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return proxyaddr.compile(setting === false ? [] : setting);
}

/** The address `req.ip` would give for `req` under `trust`; undefined once the socket is gone. */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string | undefined {
  return proxyaddr(req, trust) as string | undefined;
}
