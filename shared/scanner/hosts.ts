/**
 * Host knowledge the verifiers need: which installers are official, which IPs are public, which
 * image hosts serve badges.
 */

/**
 * Official installers that projects document as `curl ... | sh`. Piping them into a shell is
 * still worth a LOW finding (the skill runs code from the internet), not a verdict. A host
 * entry matches that exact host only (no subdomains: `deno.land.evil.com` is not `deno.land`);
 * an entry with a path matches that host and path prefix. HTTPS only.
 */
export const OFFICIAL_INSTALLERS: readonly string[] = [
  'sh.rustup.rs',
  'deno.land',
  'bun.sh',
  'get.docker.com',
  'astral.sh',
  'install.python-poetry.org',
  'get.pnpm.io',
  'get.scoop.sh',
  'tailscale.com',
  'fly.io',
  'ollama.com',
  'starship.rs',
  'get.sdkman.io',
  'get.volta.sh',
  'install.determinate.systems',
  'cli-assets.heroku.com',
  'raw.githubusercontent.com/Homebrew/install/',
  'raw.githubusercontent.com/nvm-sh/nvm/',
  'raw.githubusercontent.com/helm/helm/',
];

/** Image hosts whose query strings configure a badge rather than carry data. */
export const BADGE_HOSTS: readonly string[] = [
  'img.shields.io', 'shields.io', 'badgen.net', 'badge.fury.io', 'codecov.io', 'coveralls.io',
  'github.com', 'raw.githubusercontent.com', 'sonarcloud.io', 'api.netlify.com', 'app.codacy.com',
  'circleci.com', 'travis-ci.com', 'dev.azure.com', 'readthedocs.org', 'snyk.io', 'deepwiki.com',
];

const URL_IN_TEXT = /https?:\/\/[^\s"'`|)<>\]]{1,2000}/g;

/** The URLs written in a piece of text. */
export function urlsIn(text: string): string[] {
  return [...text.matchAll(URL_IN_TEXT)].map((m) => m[0]);
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when the URL is HTTPS on one of {@link OFFICIAL_INSTALLERS}. */
export function isOfficialInstaller(url: string): boolean {
  const u = parse(url);
  if (!u || u.protocol !== 'https:' || u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  return OFFICIAL_INSTALLERS.some((entry) => {
    const slash = entry.indexOf('/');
    if (slash < 0) return host === entry;
    return host === entry.slice(0, slash) && u.pathname.startsWith(entry.slice(slash));
  });
}

/** True when the URL's host is one of {@link BADGE_HOSTS} or a subdomain of one. */
export function isBadgeHost(url: string): boolean {
  const host = parse(url)?.hostname.toLowerCase() ?? '';
  return BADGE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * True for a dotted IPv4 address that is routable on the internet: not private, loopback,
 * link-local, carrier-grade NAT, multicast, or one of the documentation ranges.
 */
export function isPublicIPv4(ip: string): boolean {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b, c] = parts;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false;
  return true;
}
