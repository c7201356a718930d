/**
 * The named checks a rule can ask for (`Rule.verify`). Each looks at one match (and, if it needs
 * to, the whole text of its file) and either drops it, keeps it, or keeps it with a different
 * severity and message.
 */
import { allOfficialInstallers, isBadgeHost, isPublicIPv4, isUnknownRemoteHost, urlsIn } from './hosts.js';
import type { Severity, VerifierName } from './types.js';

/** What a verifier decided: `null` drops the match. */
export type Verdict = null | { severity?: Severity; message?: string };

const KEEP: Verdict = {};

/** Query values that are templates for data the agent is meant to fill in. */
/**
 * Query values that are templates for data the agent is meant to fill in: {DATA}, {{secret}},
 * <EMAIL>, $TOKEN, [BASE64 OF X], or a capitalised word such as CONVERSATION. JSON in a query
 * (`config={"a":1}`) and `$.path` expressions are not templates.
 */
const PLACEHOLDER = /\{\{?\s{0,2}[A-Za-z_][\w.-]{0,40}\s{0,2}\}|%7[bB](?:%7[bB])?[A-Za-z_][\w.-]{0,40}%7[dD]|<[A-Za-z_][\w -]{0,40}(?:>|$)|%3[cC][A-Za-z_][\w-]{0,40}%3[eE]|\$\{?[A-Za-z_]\w{0,40}|%24[A-Za-z_]|\[[A-Z_][A-Z0-9_ ]{1,40}\]|=[A-Z0-9_]{0,20}(?:INSERT|REPLACE|PLACEHOLDER|DATA|SECRETS?|TOKENS?|KEYS?|PASSWORDS?|CONVERSATION|HISTORY|BASE64|CONTEXT|USER_?\w{0,20}|ENV\w{0,20})[A-Z0-9_]{0,20}(?:&|$)|=\.\.\.(?:&|$)/;
const DATA_PARAM = /(?:^|&)(?:d|q|p|c|k|m|s|x|data|payload|secret|leak|exfil|token|key|cookie|creds?|env|history|conv|conversation|chat|msg|message|info|content|summary|ctx|context)=[^&]{1,}/i;

function query(url: string): string | null {
  const q = url.indexOf('?');
  return q >= 0 && q < url.length - 1 ? url.slice(q + 1) : null;
}

const SCHEMELESS = /\b(?:irm|iwr|Invoke-RestMethod|Invoke-WebRequest|curl|wget)\s{1,3}(?:-{1,2}[\w-]{1,20}\s{1,3}){0,4}["']?([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}\/[^\s"'|)]{0,200})/gi;

/**
 * Variables the environment sets for a shell or a CI job: never unset where they are used, so a
 * path built on one is not a path built on nothing.
 */
const ALWAYS_SET = new Set(['HOME', 'PWD', 'OLDPWD', 'TMPDIR', 'USER', 'GITHUB_WORKSPACE', 'RUNNER_TEMP', 'RUNNER_TOOL_CACHE', 'CI_PROJECT_DIR',
  'CI_BUILDS_DIR', 'BITBUCKET_CLONE_DIR', 'WORKSPACE', 'BUILD_SOURCESDIRECTORY', 'AGENT_TEMPDIRECTORY', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME']);

/** Whether `text` gives shell variable `name` a value (or makes using it unset an error) anywhere. */
function assigns(text: string, name: string): boolean {
  const n = name.replace(/[^\w]/g, '');
  return new RegExp(String.raw`(?:^|[\s;(&|{])(?:export\s{1,3}|local\s{1,3}|declare\s{1,3}(?:-\w{1,4}\s{1,3})?|readonly\s{1,3}|typeset\s{1,3})?${n}\+?=|\bread\b[^\n]{0,80}\b${n}\b|\bfor\s{1,3}${n}\s{1,3}in\b|\$\{${n}:?[?=]|\bset\s{1,3}-[a-z]{0,6}u|\bset\s{1,3}-o\s{1,3}nounset\b|\bgetopts\b[^\n]{0,80}\b${n}\b`, 'm').test(text);
}

/**
 * A history purge of a leaked secret: a mirror clone rewritten by BFG or git filter-repo, whose
 * reflog has to expire at once for the secret to leave (GitHub's own instructions).
 */
const HISTORY_PURGE = /\bbfg\b|\bfilter-(?:repo|branch)\b|--mirror\b|\.git["']?\s{0,3}&&/i;

/** Whether `text` sets shell variable `name` to the home directory itself, or to it as a fallback: `TARGET="${CACHE_DIR:-$HOME}"`. */
function setToHome(text: string, name: string): boolean {
  const n = name.replace(/[^\w]/g, '');
  const home = String.raw`(?:\$HOME|\$\{HOME\}|~)`;
  return new RegExp(String.raw`(?:^|[\s;(&|{])(?:export\s{1,3}|local\s{1,3}|readonly\s{1,3})?${n}=["']?(?:${home}|\$\{[A-Za-z_]\w{0,40}:?-${home}\})\/?["']?\s{0,3}(?:$|[;#])`, 'm').test(text);
}

const VERIFIERS: Record<VerifierName, (m: RegExpExecArray, text: string) => Verdict> = {
  publicIp(m) {
    return isPublicIPv4(m.groups?.ip ?? '') ? KEEP : null;
  },
  officialInstaller(m) {
    // `irm bun.sh/install.ps1 | iex` names its host without a scheme, as vendors document it.
    const written = urlsIn(m[0]);
    const urls = written.length > 0 ? written : [...m[0].matchAll(SCHEMELESS)].map((u) => `https://${u[1]}`);
    if (!allOfficialInstallers(urls)) return KEEP;
    const host = new URL(urls[0]).hostname;
    return {
      severity: 'LOW',
      message: `runs the official installer from ${host} straight from the internet; pin a version and review it`,
    };
  },
  beaconPlaceholder(m) {
    const q = query(m.groups?.url ?? '');
    return q !== null && PLACEHOLDER.test(decodeURIComponentSafe(q)) ? KEEP : null;
  },
  beaconParam(m) {
    const url = m.groups?.url ?? '';
    const q = query(url);
    if (q === null || isBadgeHost(url) || PLACEHOLDER.test(decodeURIComponentSafe(q))) return null;
    return DATA_PARAM.test(q) ? KEEP : null;
  },
  notOfficialInstaller(m) {
    // A download of an official installer is no step of a dropper (`curl -o /tmp/get-docker.sh https://get.docker.com`).
    return allOfficialInstallers(urlsIn(m[0])) ? null : KEEP;
  },
  unknownHost(m) {
    return isUnknownRemoteHost(m.groups?.host ?? '') ? KEEP : null;
  },
  notHistoryPurge(_m, text) {
    return HISTORY_PURGE.test(text) ? null : KEEP;
  },
  neverAssigned(m, text) {
    const name = m.groups?.name ?? '';
    if (!m.groups?.under && setToHome(text, name)) return { message: `deletes everything in the home directory: $${name} is set to it, or falls back to it` };
    if (ALWAYS_SET.has(name) || assigns(text, name)) return null;
    return { message: `deletes what lies under ${m.groups?.under ?? '/'} when $${name} is empty: nothing in this file sets it` };
  },
};

function decodeURIComponentSafe(s: string): string {
  try {
    return s + ' ' + decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Runs the named verifier on a match. */
export function runVerifier(name: VerifierName, m: RegExpExecArray, text: string): Verdict {
  return VERIFIERS[name](m, text);
}
