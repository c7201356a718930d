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
  'foundry.paradigm.xyz',
  'release.anza.xyz',
  'release.solana.com',
  'get.k3s.io',
  'get.rvm.io',
  'install.ohmyz.sh',
  'raw.githubusercontent.com/ohmyzsh/ohmyzsh/',
  'mise.run',
  'pyenv.run',
  'install.julialang.org',
  'claude.ai/install.sh',
  'awscli.amazonaws.com',
  'community.chocolatey.org/install.ps1',
];

/** Image hosts whose query strings configure a badge rather than carry data. */
export const BADGE_HOSTS: readonly string[] = [
  'img.shields.io', 'shields.io', 'badgen.net', 'badge.fury.io', 'codecov.io', 'coveralls.io',
  'github.com', 'raw.githubusercontent.com', 'sonarcloud.io', 'api.netlify.com', 'app.codacy.com',
  'circleci.com', 'travis-ci.com', 'dev.azure.com', 'readthedocs.org', 'snyk.io', 'deepwiki.com',
];
const BADGE_DOMAINS: ReadonlySet<string> = new Set(BADGE_HOSTS);

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

/** True when there is at least one URL and every one is an official installer. */
export function allOfficialInstallers(urls: readonly string[]): boolean {
  return urls.length > 0 && urls.every(isOfficialInstaller);
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

/**
 * True when `host` (lowercase) is one of `domains` or a subdomain of one: the host itself or what
 * follows one of its dots is in the set (one lookup per label, not a string built per domain).
 */
function inDomains(host: string, domains: ReadonlySet<string>): boolean {
  for (let at = 0; ; at = host.indexOf('.', at) + 1) {
    if (domains.has(at === 0 ? host : host.slice(at))) return true;
    if (host.indexOf('.', at) < 0) return false;
  }
}

/** True when the URL's host is one of {@link BADGE_HOSTS} or a subdomain of one. */
export function isBadgeHost(url: string): boolean {
  const host = parse(url)?.hostname.toLowerCase() ?? '';
  return inDomains(host, BADGE_DOMAINS);
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

/**
 * Platforms whose APIs honest tools call with the user's own credentials (a registrable domain
 * matches itself and its subdomains). A script that reads ~/.aws/credentials and calls
 * sts.amazonaws.com is a CLI; one that posts them to a host outside this list is the attack.
 */
export const WELL_KNOWN_HOSTS: readonly string[] = [
  'github.com', 'githubusercontent.com', 'githubassets.com', 'ghcr.io', 'gitlab.com', 'bitbucket.org', 'atlassian.net', 'atlassian.com',
  'amazonaws.com', 'aws.amazon.com', 'amazon.com', 'googleapis.com', 'google.com', 'gcr.io', 'pkg.dev', 'azure.com', 'azurewebsites.net',
  'microsoft.com', 'microsoftonline.com', 'windows.net', 'visualstudio.com', 'office.com', 'live.com', 'openai.com', 'anthropic.com',
  'npmjs.org', 'npmjs.com', 'yarnpkg.com', 'pypi.org', 'pythonhosted.org', 'python.org', 'docker.com', 'docker.io', 'crates.io',
  'rust-lang.org', 'rustup.rs', 'go.dev', 'golang.org', 'nodejs.org', 'deno.land', 'bun.sh', 'rubygems.org', 'packagist.org',
  'nuget.org', 'maven.org', 'gradle.org', 'slack.com', 'stripe.com', 'sentry.io', 'cloudflare.com', 'vercel.com', 'netlify.com',
  'heroku.com', 'fly.io', 'digitalocean.com', 'linode.com', 'hetzner.com', 'notion.com', 'notion.so', 'linear.app', 'twilio.com',
  'sendgrid.com', 'mailgun.net', 'huggingface.co', 'apple.com', 'icloud.com', 'mozilla.org', 'jsdelivr.net', 'unpkg.com',
  'cdnjs.com', 'shields.io', 'readthedocs.io', 'readthedocs.org', 'wikipedia.org', 'kubernetes.io', 'helm.sh', 'hashicorp.com',
  'terraform.io', 'datadoghq.com', 'grafana.com', 'pagerduty.com', 'zoom.us', 'dropbox.com', 'dropboxapi.com', 'box.com',
  'salesforce.com', 'shopify.com', 'paypal.com', 'okta.com', 'auth0.com', 'supabase.co', 'firebaseio.com', 'mongodb.net',
  'circleci.com', 'travis-ci.com', 'codecov.io', 'snyk.io', 'sonarcloud.io', 'jetbrains.com', 'ubuntu.com', 'debian.org',
  'archlinux.org', 'fedoraproject.org', 'brew.sh', 'letsencrypt.org', 'openstreetmap.org', 'etherscan.io', 'infura.io',
  'alchemy.com', 'coingecko.com', 'coinbase.com', 'telegram.org', 'discord.com', 'reddit.com', 'x.com', 'twitter.com',
  'k8s.io', 'apache.org', 'sourceforge.net', 'jfrog.io', 'gnu.org', 'kernel.org', 'mvdan.cc',
  'ollama.com', 'ollama.ai', 'mistral.ai', 'cohere.com', 'cohere.ai', 'groq.com', 'together.ai', 'replicate.com', 'pinecone.io',
];

/** Names that never leave the machine or the network, or cannot be registered (RFC 2606, 6761). */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.lan', '.internal', '.intranet', '.corp', '.home.arpa', '.test', '.example', '.invalid'];
const DOCUMENTATION_DOMAINS: ReadonlySet<string> = new Set(['example.com', 'example.org', 'example.net']);
const WELL_KNOWN_DOMAINS: ReadonlySet<string> = new Set(WELL_KNOWN_HOSTS);

/** True when there is at least one URL and every one is on one of {@link WELL_KNOWN_HOSTS} or under one. */
export function allOnWellKnownHosts(urls: readonly string[]): boolean {
  return urls.length > 0 && urls.every(isOnWellKnownHost);
}

/** True when the URL's host is one of {@link WELL_KNOWN_HOSTS} or under one. */
export function isOnWellKnownHost(url: string): boolean {
  return inDomains((parse(url)?.hostname ?? '').toLowerCase().replace(/\.$/, ''), WELL_KNOWN_DOMAINS);
}

/** Short names a service's secrets go by that its host names do not start with: `GH_TOKEN` is GitHub's. */
const SERVICE_ALIASES: Readonly<Record<string, string>> = { gh: 'github', gl: 'gitlab', hf: 'huggingface', aws: 'amazonaws' };

/**
 * True when there is at least one URL, every one is on one of {@link WELL_KNOWN_HOSTS}, every
 * one belongs to one of `services` and each of `services` owns one of them: a label of the
 * host starts with the service's name (`pypi` and upload.pypi.org, `npm` and registry.npmjs.org).
 * `services` are the first words of the secrets' variable names (`PYPI_API_TOKEN`), read
 * lowercased. A gist is public, whoever hosts it: never a service's own destination.
 */
export function allOnServicesOf(urls: readonly string[], services: readonly string[]): boolean {
  if (services.length === 0 || !allOnWellKnownHosts(urls)) return false;
  const owners = services.map((s) => SERVICE_ALIASES[s.toLowerCase()] ?? s.toLowerCase());
  const labels = urls.map((url) => {
    const u = parse(url);
    const host = (u?.hostname ?? '').toLowerCase();
    return host.startsWith('gist.') || /\/gists?\b/i.test(u?.pathname ?? '') ? [] : host.split('.');
  });
  const owns = (owner: string, hostLabels: readonly string[]): boolean => hostLabels.some((l) => l.startsWith(owner));
  return labels.every((l) => owners.some((o) => owns(o, l))) && owners.every((o) => labels.some((l) => owns(o, l)));
}

/**
 * True for a host name or dotted IPv4 address that code may reach on the internet and that is
 * not a well-known platform: public IPs, and names outside {@link WELL_KNOWN_HOSTS}, local
 * suffixes and the documentation domains. File names that look like hosts ("setup.py") are not
 * hosts: the last label must be a letters-only top-level domain of 2 to 24 letters that is not a
 * common file extension.
 */
export function isUnknownRemoteHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(h)) return isPublicIPv4(h);
  const tld = h.slice(h.lastIndexOf('.') + 1);
  if (!/^[a-z]{2,24}$/.test(tld) || FILE_EXTENSIONS.has(tld)) return false;
  if (h === 'localhost' || LOCAL_SUFFIXES.some((s) => h.endsWith(s))) return false;
  return !inDomains(h, DOCUMENTATION_DOMAINS) && !inDomains(h, WELL_KNOWN_DOMAINS);
}

/** Extensions that end file names written like hosts in code (`config.json:12`, `main.go:40`). */
const FILE_EXTENSIONS = new Set(['py', 'js', 'ts', 'mjs', 'cjs', 'json', 'yaml', 'yml', 'toml', 'md', 'txt', 'sh', 'go', 'rs', 'rb',
  'java', 'kt', 'cs', 'cpp', 'cc', 'hpp', 'html', 'css', 'lock', 'log', 'cfg', 'ini', 'conf', 'env', 'tsx', 'jsx', 'vue', 'php', 'pl',
  'swift', 'sql', 'csv', 'xml', 'zip', 'gz', 'tar', 'tgz', 'whl', 'exe', 'dll', 'so', 'dylib', 'bin', 'png', 'jpg', 'svg', 'pem', 'key']);
