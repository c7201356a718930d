/**
 * Credential and key harvesting. Reading a secret is MEDIUM on its own (backup and deploy tools
 * touch these files too); the combination rules make it CRITICAL when the same file also sends
 * data out.
 */
import type { Rule } from '../types.js';
import { HOME, SEP, re } from './fragments.js';

/** Commands that read a file's contents (as opposed to using it, like `ssh -i`). */
const READER = String.raw`(?:\bcat|\bcp|\bmv|\btar\b[^\n]{0,60}?|\bzip\b[^\n]{0,60}?|\b7z\b[^\n]{0,60}?|\bbase64|\bxxd|\bhead|\btail|\bless|\bmore|\bstrings|\bscp|\brsync\b[^\n]{0,40}?|\bcurl\b[^\n]{0,120}?@|readFileSync|readFile|read_text|read_bytes|\bopen|Get-Content|\btype|\bsource|\bgrep\b[^\n]{0,60}?)`;

export const CREDENTIAL_RULES: readonly Rule[] = [
  {
    id: 'CR001',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'SSH private keys or the whole ~/.ssh directory (not *.pub, not `ssh -i`)',
    message: 'reads SSH private keys',
    where: 'any',
    needles: ['.ssh'],
    patterns: [
      re(String.raw`${HOME}\s{0,2}${SEP}?\.ssh(?:${SEP}(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity)(?![\w.-])|${SEP}?\*|/?(?=["'\s\x60)\],;]|$))`),
      // A home-relative literal (".ssh/id_rsa") joined to the home directory elsewhere.
      /["'/]\.ssh[/\\](?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity)(?![\w.-])/,
    ],
    unless: [
      /\bssh-(?:keygen|add|copy-id|keyscan)\b/i,
      /\bssh\b[^\n]{0,80}?["']?-i\b/i,
      /\b(?:chmod|chown|mkdir|install\s{1,3}-d)\b/i,
      /IdentityFile|identity_file|key_filename|IdentitiesOnly|GIT_SSH_COMMAND/i,
    ],
  },
  {
    id: 'CR002',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Cloud and tool credential files (~/.aws/credentials, gcloud, azure, kube config, docker, .netrc, .npmrc, .pypirc, .git-credentials)',
    message: 'reads cloud or developer-tool credentials',
    where: 'any',
    needles: ['.aws', 'gcloud', '.azure', 'hosts.yml', 'credentials.tfrc', 'vault-token', 'netrc',
      'pypirc', 'git-credentials', 'npmrc', '.kube', '.docker'],
    patterns: [
      re(String.raw`\.aws${SEP}credentials\b|\.config${SEP}gcloud${SEP}(?:credentials\.db|application_default_credentials\.json|access_tokens\.db|legacy_credentials)|\.azure${SEP}(?:accessTokens\.json|msal_token_cache)|\.config${SEP}gh${SEP}hosts\.yml|\.terraform\.d${SEP}credentials\.tfrc\.json|\.vault-token\b`),
      re(String.raw`${HOME}\s{0,2}${SEP}?\.(?:netrc|pypirc|git-credentials|npmrc|kube${SEP}config|docker${SEP}config\.json)\b`),
    ],
    unless: [
      /(?:>|\btee\b)\s{0,3}(?:-a\s{1,3})?["']?[^\s"']{0,80}(?:npmrc|pypirc|netrc|credentials|config)\b/i,
      /\b(?:aws\s{1,3}configure|kubectl|helm|docker\s{1,3}login|export\s{1,3}KUBECONFIG)\b/i,
    ],
  },
  {
    id: 'CR003',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Reading a .env file directly (not through dotenv)',
    message: 'reads a .env file of secrets',
    where: 'any',
    needles: ['.env'],
    patterns: [re(String.raw`${READER}\s{0,3}\(?\s{0,3}["']?(?:[\w.~/$@{}-]{0,100}/)?\.env(?:\.(?:local|production|prod|secret))?(?![\w.-])`)],
    unless: [/\b(?:dotenv|load_dotenv|env_file|--env-file)\b/i, />\s{0,3}["']?(?:[\w.~/$-]{0,100}\/)?\.env\b/],
  },
  {
    id: 'CR004',
    category: 'credential-harvesting',
    severity: 'HIGH',
    title: 'Sweeping the disk or home directory for secrets (find / -name id_rsa, grep -r password ~)',
    message: 'searches the whole disk or home directory for secret files',
    where: ['script', 'manifest', 'other', 'markdown'],
    needles: ['find', 'glob', 'grep', 'rg ', 'rg\t', 'ag ', 'ag\t', 'os.walk'],
    patterns: [
      re(String.raw`\bfind\s{1,5}(?:/|~|\$HOME|\$\{HOME\}|/home|/Users|/root|C:\\)/?\s[^\n]{0,200}?-i?(?:name|path|regex)\s{1,5}["']?\*?(?:\.env|id_rsa|id_ed25519|\*?\.pem|\*?\.key|wallet\.dat|\*?\.kdbx|credentials|\*?\.ovpn|keystore|\*?\.keychain|\.npmrc|\.netrc)`),
      re(String.raw`\bglob\b[^\n]{0,80}?\*\*[/\\][^\n]{0,30}?(?:\.env|id_rsa|\.pem|wallet\.dat|\.kdbx|keystore|credentials)`),
      re(String.raw`\b(?:grep|rg|ag)\s{1,3}-[a-zA-Z]{0,6}[rR][a-zA-Z]{0,6}\s[^\n]{0,80}?(?:password|passwd|secret|api[_-]?key|private[_ ]key|mnemonic|seed)[^\n]{0,40}?\s(?:/|~|\$HOME|\$\{HOME\})/?(?:\s|$)`),
      re(String.raw`\bos\.walk\(\s{0,3}(?:os\.path\.expanduser\(\s{0,3}["']~["']\s{0,3}\)|["']/["']|Path\.home\(\))[^\n]{0,200}?(?:\.env|id_rsa|\.pem|wallet|keystore)`),
    ],
  },
  {
    id: 'CR005',
    category: 'credential-harvesting',
    severity: 'HIGH',
    title: 'Browser cookie and password stores (Chrome/Edge/Brave Cookies, Login Data, Firefox logins.json, key4.db)',
    message: 'reads the browser\'s saved passwords or cookies',
    where: 'any',
    needles: ['chrome', 'chromium', 'brave', 'edge', 'opera', 'vivaldi', 'firefox', 'login', 'logins.json', 'leveldb',
      'key4.db', 'key3.db', 'cookies.sqlite', 'cookie', 'hackbrowserdata'],
    patterns: [
      re(String.raw`(?:Google${SEP}Chrome|google-chrome|chromium|BraveSoftware|Microsoft${SEP}Edge|Opera\s{0,2}Software|Vivaldi|Mozilla${SEP}Firefox|\.mozilla${SEP}firefox)[^\n]{0,120}?(?:Cookies|Login\s{0,2}Data|Web\s{0,2}Data|Local\s{0,2}State|logins\.json|key[34]\.db|cookies\.sqlite|signons\.sqlite)`),
      re(String.raw`["'/\\](?:Login\s{1,2}Data|logins\.json|key4\.db|cookies\.sqlite)["']`),
      /\b(?:browser_cookie3|browsercookie|pycookiecheat|chrome_cookies|HackBrowserData)\b/i,
      // Discord's session token sits in its LevelDB; stealers read it from there.
      /\bdiscord\w{0,12}[/\\]{1,2}Local\s{0,2}Storage[/\\]{1,2}leveldb\b/i,
    ],
  },
  {
    id: 'CR006',
    category: 'credential-harvesting',
    severity: 'HIGH',
    title: 'Dumping keychains or OS credential stores (security dump-keychain, login.keychain, mimikatz, lsass)',
    message: 'dumps the operating system\'s credential store',
    where: 'any',
    needles: ['dump-keychain', 'login.keychain', 'mimikatz', 'sekurlsa', 'lsass', 'hklm', 'vaultcmd'],
    patterns: [
      /\bsecurity\s{1,3}dump-keychain\b|Keychains\/login\.keychain(?:-db)?\b|\bmimikatz\b|\bsekurlsa::|\blsass(?:\.exe|\.dmp)?\b[^\n]{0,40}?(?:dump|procdump|minidump|comsvcs)|\bprocdump\b[^\n]{0,40}?lsass|reg\s{1,3}save\s{1,3}hklm\\(?:sam|security|system)\b|\bvaultcmd\s{1,3}\/listcreds/i,
    ],
  },
  {
    id: 'CR007',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Reading one secret from a keychain (security find-generic-password, secret-tool lookup, cmdkey /list)',
    message: 'reads a password from the system keychain',
    where: 'any',
    needles: ['find-generic-password', 'find-internet-password', 'secret-tool', 'cmdkey', 'kwallet-query',
      'keyring'],
    patterns: [/\bsecurity\s{1,3}find-(?:generic|internet)-password\b|\bsecret-tool\s{1,3}lookup\b|\bcmdkey\s{1,3}\/list\b|\bkwallet-query\b|\bkeyring\s{1,3}get\b/i],
  },
  {
    id: 'CR008',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Dumping the whole environment (JSON.stringify(process.env), dict(os.environ) serialised, env | ...)',
    message: 'collects every environment variable, API keys included',
    where: ['script', 'manifest', 'other'],
    needles: ['env'],
    patterns: [
      /JSON\.stringify\(\s{0,3}(?:\{\s{0,3}\.\.\.)?process\.env\b|Object\.(?:entries|keys|assign)\(\s{0,3}(?:\{\}\s{0,3},\s{0,3})?process\.env\s{0,3}\)/,
      /\b(?:json\.dumps|str|repr|pickle\.dumps|base64\.b64encode)\(\s{0,3}(?:dict\()?\s{0,3}os\.environ\b|\bos\.environ\.items\(\)[^\n]{0,40}?(?:post|send|write|json|join)/,
      // `env | grep PATH` filters; `env | curl ...`, `$(env)` and `env > f` take everything.
      /(?:^[ \t]{0,20}|[;&|`]\s{0,3}|\$\(\s{0,3})(?:printenv|env|Get-ChildItem\s{1,3}env:|gci\s{1,3}env:)\s{0,3}(?:>|\|(?!\s{0,3}(?:grep|sort|head|tail|wc|less|more|cut|awk|sed)\b)|\)|`)/im,
    ],
  },
  {
    id: 'CR009',
    category: 'credential-harvesting',
    severity: 'LOW',
    title: 'Reading a secret-looking environment variable (*_API_KEY, *_TOKEN, *_SECRET, AWS_SECRET_ACCESS_KEY)',
    message: 'reads a secret from the environment',
    where: ['script', 'manifest', 'other'],
    needles: ['api_key', 'apikey', 'token', 'secret', 'password', 'passwd', 'private_key', 'access_key',
      'mnemonic', 'seed_phrase', 'credentials'],
    patterns: [
      /(?:process\.env\.|process\.env\[["']|os\.environ(?:\.get\(|\[)\s{0,2}["']|os\.getenv\(\s{0,2}["']|\$\{?|\$env:|ENV\[["'])(?<name>[A-Z0-9_]{0,40}(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|ACCESS_KEY|MNEMONIC|SEED_PHRASE|CREDENTIALS)[A-Z0-9_]{0,20})\b/,
    ],
  },
  {
    id: 'CR010',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Printing CLI session tokens (gh auth token, gcloud auth print-access-token, aws configure get ..._secret_...)',
    message: 'prints a CLI\'s stored access token',
    where: 'any',
    needles: ['token', 'aws_secret_access_key', 'export-credentials'],
    patterns: [/\bgh\s{1,3}auth\s{1,3}token\b|\bgcloud\s{1,3}auth\s{1,3}(?:application-default\s{1,3})?print-(?:access|identity)-token\b|\baws\s{1,3}configure\s{1,3}(?:get\s{1,3}aws_secret_access_key|export-credentials)\b|\baz\s{1,3}account\s{1,3}get-access-token\b|\bheroku\s{1,3}auth:token\b|\bnpm\s{1,3}token\s{1,3}(?:list|create)\b|\bdoctl\s{1,3}auth\s{1,3}token\b/i],
  },
  {
    id: 'CR011',
    category: 'credential-harvesting',
    severity: 'LOW',
    title: 'An embedded private key block',
    message: 'ships a private key inside the skill',
    where: 'any',
    prose: 'match',
    needles: ['private key'],
    patterns: [/-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/],
  },
  {
    id: 'CR012',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'A credential dotfile named in code as its own string or path part (".aws", "credentials"; ".netrc"; Path.home() / ".ssh"), read through the language\'s file API',
    message: 'names a credential file in code, the way a file API reads it',
    where: ['script', 'other'],
    needles: ['.ssh', '.aws', '.gnupg', '.docker', '.kube', '.netrc', '.pgpass', '.npmrc', '.pypirc', '.yarnrc', '.git-credentials', '.my.cnf', '.gem', '.config'],
    patterns: [
      /["'`](?:~\/)?\.(?:ssh|aws|gnupg|docker|kube|netrc|pgpass|npmrc|pypirc|yarnrc(?:\.yml)?|git-credentials|my\.cnf|gem)["'`\/]/i,
      /["'`]\.config["'`]?\s{0,3}[,/+]\s{0,3}["'`][\w.-]{1,30}["'`]\s{0,3}[,/+]\s{0,3}["'`](?:token|credentials|auth\.json|hosts\.yml)["'`]|["'`]\.config\/gh\/hosts\.yml/i,
    ],
    // Writing the file (an installer that sets up ~/.npmrc) is not reading it.
    unless: [/(?:>|\btee\b|write_text|writeFileSync|write\()\s{0,3}[^\n]{0,60}(?:npmrc|pgpass|netrc)/i],
  },
];
