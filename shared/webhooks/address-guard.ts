/**
 * SSRF guards for outbound webhooks: which addresses and URLs the service refuses to call in
 * production. Pure functions, no I/O; the delivery code applies them to every address DNS gives
 * at delivery time (a name that was public at registration may point inward later).
 */
import { isIP } from 'node:net';

/** [first address, prefix length, why it is refused] */
type Range = [string, number, string];

const V4_RANGES: Range[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  // 169.254.169.254, the cloud metadata service, lives here.
  ['169.254.0.0', 16, 'link-local or metadata'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
];

const V6_RANGES: Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard-only'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique local (ULA)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/** The 4 bytes of a dotted quad, or undefined. */
function v4Bytes(ip: string): number[] | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad), or undefined. */
function v6Bytes(input: string): number[] | undefined {
  let ip = input.replace(/%.*$/, ''); // a zone id says nothing about where the address points
  let tail: number[] = [];
  const quad = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (quad) {
    const b = v4Bytes(quad[1]);
    if (!b) return undefined;
    tail = b;
    ip = ip.slice(0, -quad[1].length) + (ip.endsWith(':' + quad[1]) ? '0:0' : '');
  }
  const halves = ip.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inRange(bytes: number[], first: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i] & mask) !== (first[i] & mask)) return false;
  }
  return true;
}

function v4Reason(bytes: number[]): string | undefined {
  return V4_RANGES.find(([first, prefix]) => inRange(bytes, v4Bytes(first)!, prefix))?.[2];
}

/** An IPv4 address carried inside an IPv6 one: mapped, compatible, NAT64 or 6to4. */
function embeddedV4(b: number[]): number[] | undefined {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12); // ::ffff:a.b.c.d
  if (zeros(0, 12) && !zeros(12, 16)) return b.slice(12); // ::a.b.c.d (deprecated form)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 2002::/16 (6to4)
  return undefined;
}

/**
 * Why `ip` must not be called from production, or undefined when it is a public address.
 * Anything that is not a well-formed IP address is refused too.
 */
export function forbiddenAddressReason(ip: string): string | undefined {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return v4Reason(v4Bytes(ip)!);
  if (family !== 6) return 'not an IP address';
  const bytes = v6Bytes(ip.toLowerCase());
  if (!bytes) return 'not an IP address';
  const inner = embeddedV4(bytes);
  if (inner) {
    const reason = v4Reason(inner);
    if (reason) return `${reason} (IPv4 inside IPv6)`;
  }
  return V6_RANGES.find(([first, prefix]) => inRange(bytes, v6Bytes(first)!, prefix))?.[2];
}

export interface UrlPolicy {
  /** Production: https only, and no inward addresses. */
  production: boolean;
}

/**
 * What is wrong with a webhook URL before any DNS lookup: its scheme, credentials in it, or a
 * literal inward address or localhost name (in production). Undefined when it may be tried.
 */
export function webhookUrlProblem(raw: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http and https URLs can receive webhooks';
  if (url.username || url.password) return 'a webhook URL must not carry credentials';
  if (!policy.production) return undefined;
  if (url.protocol !== 'https:') return 'a webhook URL must be https in production';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) {
    return `${host} is not a public host`;
  }
  if (isIP(host)) {
    const reason = forbiddenAddressReason(host);
    if (reason) return `${host} is a ${reason} address`;
  }
  return undefined;
}
