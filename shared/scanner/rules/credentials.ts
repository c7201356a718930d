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
    needles: ['.ssh', 'id_'],
    patterns: [
      re(String.raw`${HOME}\s{0,2}${SEP}?\.ssh(?:${SEP}(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity|id_\w{0,10}\*)(?![\w.-])|${SEP}?\*|/?(?=["'\s\x60)\],;]|$))`),
      // A home-relative literal (".ssh/id_rsa", a glob ".ssh/id_*") joined to the home directory elsewhere.
      /["'/]\.ssh[/\\](?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity|id_\w{0,10}\*)(?![\w.-])/,
      // The directory listed for its private keys: `name.starts_with("id_") && !name.ends_with(".pub")`.
      /\.(?:starts_with|startswith|startsWith)\(\s{0,3}["']id_["']\s{0,3}\)[^\n]{0,60}?(?:\.pub\b)|\bstrings\.HasPrefix\([^\n)]{1,40},\s{0,3}"id_"\s{0,3}\)[^\n]{0,60}?\.pub\b/,
    ],
    unless: [
      /\bssh-(?:keygen|add|copy-id|keyscan)\b/i,
      /\bssh\b[^\n]{0,80}?["']?-i\b/i,
      // `scp -i ~/.ssh/id_ed25519 build.tar host:`: the key authenticates the copy. Only when it is the
      // one key the command names: `scp -i ~/.ssh/a ~/.ssh/id_rsa host:` still sends a key.
      /\b(?:scp|sftp)\b(?:(?!\.ssh[/\\])[^\n]){0,120}?\s-i\s{1,3}["']?[^\s"']{0,40}\.ssh[/\\][^\s"']{1,40}["']?(?![^\n]*\.ssh[/\\])/i,
      /\b(?:chmod|chown|mkdir|install\s{1,3}-d)\b/i,
      /IdentityFile|identity_file|key_filename|IdentitiesOnly|GIT_SSH_COMMAND/i,
    ],
  },
  {
    id: 'CR002',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Cloud and tool credential files (~/.aws/credentials, gcloud, azure, kube config, docker, .netrc, .npmrc, .pypirc, .git-credentials, Composer, Cargo, RubyGems, Maven)',
    message: 'reads cloud or developer-tool credentials',
    where: 'any',
    needles: ['.aws', 'gcloud', '.azure', 'hosts.yml', 'credentials.tfrc', 'vault-token', 'netrc',
      'pypirc', 'git-credentials', 'npmrc', '.kube', '.docker', 'composer', '.cargo', '.gem', '.m2'],
    patterns: [
      re(String.raw`\.aws${SEP}credentials\b|\.config${SEP}gcloud${SEP}(?:credentials\.db|application_default_credentials\.json|access_tokens\.db|legacy_credentials)|\.azure${SEP}(?:accessTokens\.json|msal_token_cache)|\.config${SEP}gh${SEP}hosts\.yml|\.terraform\.d${SEP}credentials\.tfrc\.json|\.vault-token\b|\.(?:config${SEP})?composer${SEP}auth\.json|\.cargo${SEP}credentials(?:\.toml)?\b|\.gem${SEP}credentials\b|\.m2${SEP}settings(?:-security)?\.xml`),
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
    patterns: [
      re(String.raw`${READER}\s{0,3}\(?\s{0,3}["']?(?:[\w.~/$@{}-]{0,100}/)?\.env(?:\.(?:local|production|prod|secret))?(?![\w.-])`),
      // The path first, then the read: `Path(".env").read_text()`.
      /\bPath\(\s{0,3}["'](?:[\w.~/$-]{0,100}\/)?\.env(?:\.(?:local|production|prod|secret))?["']\s{0,3}\)\s{0,3}\.(?:read_text|read_bytes|open)\(/,
    ],
    unless: [/\b(?:dotenv|load_dotenv|env_file|--env-file)\b/i, />\s{0,3}["']?(?:[\w.~/$-]{0,100}\/)?\.env\b/],
  },
  {
    id: 'CR004',
    category: 'credential-harvesting',
    severity: 'HIGH',
    title: 'Sweeping the disk or home directory for secrets (find / -name id_rsa, grep -r password ~)',
    message: 'searches the whole disk or home directory for secret files',
    where: ['script', 'manifest', 'other', 'markdown'],
    needles: ['find', 'glob', 'grep', 'rg ', 'rg\t', 'ag ', 'ag\t', 'os.walk', 'token', 'credential', 'secret', 'passw', 'auth', '.pem', '.key'],
    patternNeedles: [['find'], ['glob'], ['grep', 'rg ', 'rg\t', 'ag ', 'ag\t'], ['os.walk'], ['token', 'credential', 'secret', 'passw', 'auth', '.pem', '.key']],
    patterns: [
      re(String.raw`\bfind\s{1,5}(?:/|~|\$HOME|\$\{HOME\}|/home|/Users|/root|C:\\)/?\s[^\n]{0,200}?-i?(?:name|path|regex)\s{1,5}["']?\*?(?:\.env|id_rsa|id_ed25519|\*?\.pem|\*?\.key|wallet\.dat|\*?\.kdbx|credentials|\*?\.ovpn|keystore|\*?\.keychain|\.npmrc|\.netrc)`),
      re(String.raw`\bglob\b[^\n]{0,80}?\*\*[/\\][^\n]{0,30}?(?:\.env|id_rsa|\.pem|wallet\.dat|\.kdbx|keystore|credentials)`),
      re(String.raw`\b(?:grep|rg|ag)\s{1,3}-[a-zA-Z]{0,6}[rR][a-zA-Z]{0,6}\s[^\n]{0,80}?(?:password|passwd|secret|api[_-]?key|private[_ ]key|mnemonic|seed)[^\n]{0,40}?\s(?:/|~|\$HOME|\$\{HOME\})/?(?:\s|$)`),
      re(String.raw`\bos\.walk\(\s{0,3}(?:os\.path\.expanduser\(\s{0,3}["']~["']\s{0,3}\)|["']/["']|Path\.home\(\))[^\n]{0,200}?(?:\.env|id_rsa|\.pem|wallet|keystore)`),
      // A wildcard over every app's folder in the home directory: ~/.config/*/token*, $HOME/.*/credentials.
      re(String.raw`(?:~|\$HOME|\$\{HOME\})[/\\](?:\.config[/\\]|\.local[/\\]share[/\\]|AppData[/\\]\w{1,10}[/\\])?(?:\*|\.\*)[/\\][\w.*-]{0,20}?(?:token|credential|secret|passw|auth|\.pem|\.key)`),
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
      'key4.db', 'key3.db', 'cookies.sqlite', 'cookie', 'hackbrowserdata', 'encrypted_value', 'password_value'],
    patterns: [
      re(String.raw`(?:Google${SEP}Chrome|google-chrome|chromium|BraveSoftware|Microsoft${SEP}Edge|Opera\s{0,2}Software|Vivaldi|Mozilla${SEP}Firefox|\.mozilla${SEP}firefox)[^\n]{0,120}?(?:Cookies|Login\s{0,2}Data|Web\s{0,2}Data|Local\s{0,2}State|logins\.json|key[34]\.db|cookies\.sqlite|signons\.sqlite)`),
      re(String.raw`["'/\\](?:Login\s{1,2}Data|logins\.json|key4\.db|cookies\.sqlite)["']`),
      // Chrome's own column names: a query for them reads the cookie or password store, wherever the path was built.
      /\bselect\b[^\n]{0,120}?\b(?:encrypted_value|password_value)\b/i,
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
      /\bsecurity\s{1,3}dump-keychain\b(?=[^\n|;&]{0,80}?\s-[a-z]{0,4}d)|(?<!\bdump-keychain\b[^\n|;&-]{0,80})Keychains\/login\.keychain(?:-db)?\b|\bmimikatz\b|\bsekurlsa::|\blsass(?:\.exe|\.dmp)?\b[^\n]{0,40}?(?:dump|procdump|minidump|comsvcs)|\bprocdump\b[^\n]{0,40}?lsass|reg\s{1,3}save\s{1,3}hklm\\(?:sam|security|system)\b|\bvaultcmd\s{1,3}\/listcreds/i,
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
    // A comprehension's condition may sit on the line below its `os.environ.items()`.
    spansLines: true,
    needles: ['env'],
    patterns: [
      /JSON\.stringify\(\s{0,3}(?:\{\s{0,3}\.\.\.)?process\.env\b|Object\.(?:entries|keys|assign)\(\s{0,3}(?:\{\}\s{0,3},\s{0,3})?process\.env\s{0,3}\)/,
      /\b(?:json\.dumps|str|repr|pickle\.dumps|base64\.b64encode)\(\s{0,3}(?:dict\()?\s{0,3}os\.environ\b|\bos\.environ\.items\(\)[^\n]{0,40}?(?:post|send|write|json|join)/,
      // `env | grep PATH` filters; `env | curl ...`, `$(env)` and `env > f` take everything.
      /(?:^[ \t]{0,20}|[;&|`]\s{0,3}|\$\(\s{0,3})(?:printenv|env|Get-ChildItem\s{1,3}env:|gci\s{1,3}env:)\s{0,3}(?:>|\|(?!\s{0,3}(?:grep|sort|head|tail|wc|less|more|cut|awk|sed)\b)|\)|`)/im,
      // Ruby, Go and PHP spell the whole environment serialised their own way.
      /\bENV\.(?:to_h|to_hash)\.(?:to_json|inspect|to_a|to_s)\b|(?:\b\w{1,20}:|=>)\s{0,3}ENV\.(?:to_h|to_hash)\b|\bJSON\.(?:generate|dump)\(\s{0,3}ENV\b|\bENV\.to_a\b|\bjson\.Marshal\(\s{0,3}os\.Environ\(\)|\bstrings\.Join\(\s{0,3}os\.Environ\(\)|\b(?:json_encode|serialize|var_export|print_r)\(\s{0,3}(?:\$_ENV|getenv\(\s{0,3}\))/,
      // ... or filters it down to the secrets: `env | grep -iE 'token|secret'`.
      /\b(?:printenv|env|Get-ChildItem\s{1,3}env:|gci\s{1,3}env:)\s{0,3}\|\s{0,3}(?:grep|egrep|rg|findstr|Select-String|where)\b[^\n|]{0,60}?(?:token|secret|key|pass|auth|cred|aws_|api)/im,
      // The whole environment as a value in a payload: {"env": dict(os.environ)}, data=dict(os.environ), { ...process.env } in a body.
      /["'][\w-]{1,30}["']\s{0,3}:\s{0,3}(?:dict\(\s{0,3}|\{\s{0,3}(?:\*\*|\.\.\.)\s{0,3})?(?:os\.environ|process\.env)\b(?![.[])(?:\.copy\(\))?\s{0,3}[)}]{0,2}\s{0,3}[,}]|\b(?:json|data|body|payload|content)\s{0,3}[=:]\s{0,3}(?:dict\(\s{0,3}|\{\s{0,3}(?:\*\*|\.\.\.)\s{0,3})?(?:os\.environ|process\.env)\b(?![.[])/,
      // The environment filtered down to its secrets: {n: v for n, v in os.environ.items() if "TOKEN" in n},
      // the condition perhaps on the next line and over a tuple of words (`if any(w in k for w in ("TOKEN", "KEY"))`).
      /(?:\bos\.environ\.items\(\)|\bin\s{1,3}os\.environ\b)[^\n]{0,80}?(?:\n[^\n]{0,80}?)?\bif\b[^\n]{0,80}?(?:["'][A-Z_]{0,20}(?:KEY|TOKEN|SECRET|PASS|AUTH|CRED)[A-Z_]{0,20}["']\s{0,3}in\b|\bin\s{1,3}[(\[]\s{0,3}["'][A-Z_]{0,20}(?:KEY|TOKEN|SECRET|PASS|AUTH|CRED)[A-Z_]{0,20}["'])/,
      // Several variables, one of them a secret, gathered into one payload (an OAuth token exchange, with its client_id, is not).
      /(?:JSON\.stringify\(|json\.dumps\(|\b(?:json|data|body|payload)\s{0,3}[=:]\s{0,3})\s{0,3}\{(?![^}\n]{0,400}?\b(?:grant_type|client_id)\b)(?=[^}\n]{0,400}?(?:process\.env\.|os\.environ\[\s{0,2}["']|os\.getenv\(\s{0,2}["']|os\.environ\.get\(\s{0,2}["'])[A-Z0-9_]{0,30}(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|DATABASE_URL|DB_URL|DSN|CREDENTIALS)\b)[^}\n]{0,400}?(?:process\.env\b|os\.environ\b|os\.getenv\()[^}\n]{0,400}?(?:process\.env\b|os\.environ\b|os\.getenv\()/,
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
  {
    id: 'CR013',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Whole credential folders handed to an archive, copy or sync command (tar/zip/rsync/cp of .ssh, .gnupg, .aws, .kube, .password-store)',
    message: 'packs or copies a whole folder of keys or credentials',
    where: 'any',
    needles: ['.ssh', '.gnupg', '.aws', '.kube', '.docker', '.password-store', '.azure', 'gcloud', '.config/gh'],
    patterns: [
      // The folder as its own argument (`-C "$HOME" .ssh .gnupg`) or under the home directory, not a file inside a project.
      re(String.raw`\b(?:tar|zip|7z|7za|rar|rsync|cp|scp|rclone|ditto|robocopy|Compress-Archive|Copy-Item)\b[^\n|;&]{0,160}?(?:\s|=|["'\s](?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE)[/\\])["']?\.(?:ssh|gnupg|aws|kube|docker|password-store|azure|config[/\\](?:gcloud|gh))[/\\]?(?=["'\s;|&)]|$)`),
    ],
    // `ssh -i`, `scp -i ~/.ssh/...`: a key used, not copied.
    unless: [/\b(?:scp|rsync)\b[^\n]{0,80}?\s-i\s/],
  },
  {
    id: 'CR014',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Editor and app token stores (VS Code or Cursor state.vscdb and globalStorage, Copilot hosts.json, Claude and Codex credential files, Slack or Teams cookies)',
    message: 'reads a store where an editor, agent or app keeps its tokens',
    where: 'any',
    needles: ['state.vscdb', 'globalstorage', 'github-copilot', '.credentials.json', 'auth.json', 'slack', 'teams'],
    patterns: [
      /\bstate\.vscdb\b|\bUser[/\\]{1,2}globalStorage\b|["'`]globalStorage["'`]/i,
      /\bgithub-copilot[/\\]{1,2}(?:hosts|apps)\.json\b|\.claude[/\\]{1,2}\.credentials\.json\b|\.codex[/\\]{1,2}auth\.json\b/i,
      /\b(?:Slack|Microsoft[/\\]{1,2}Teams)[/\\]{1,2}(?:Cookies|Local\s{0,2}Storage|storage\.json)\b/i,
    ],
  },
  {
    id: 'CR015',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Dumping every secret of a cluster (kubectl get secrets with no name, as JSON or YAML, or across all namespaces)',
    message: 'dumps a cluster\'s secrets wholesale',
    where: 'any',
    needles: ['kubectl', 'oc get'],
    patterns: [
      // Only flags between `secrets` and the output format: no name, so every secret.
      /\b(?:kubectl|oc)\s{1,3}get\s{1,3}secrets?\b(?:\s{1,3}(?:-n\s{1,3}[\w-]{1,63}|--namespace[=\s][\w-]{1,63}|-A|--all-namespaces))?\s{1,3}(?:-o\s{0,3}|--output[=\s]|-o=)["']?(?:json|yaml|go-template|jsonpath)\b|\b(?:kubectl|oc)\s{1,3}get\s{1,3}secrets?\s{1,3}(?:-A|--all-namespaces)\s{1,3}(?:-o\s{0,3}|--output[=\s]|-o=)["']?(?:json|yaml|go-template|jsonpath)\b/i,
    ],
  },
  {
    id: 'CR016',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Agent and MCP client configs named in code (claude_desktop_config.json, .cursor/mcp.json, ~/.claude.json, .claude/settings.json): they hold other servers\' API keys',
    message: 'reads an agent\'s or MCP client\'s configuration, where other servers\' keys are kept',
    where: ['script', 'manifest', 'other'],
    needles: ['claude_desktop_config', 'mcp.json', 'mcp_config.json', '.claude', '.codex'],
    patterns: [
      /\bclaude_desktop_config\.json\b|\.cursor["'`]?\s{0,3}[,/+\\]\s{0,3}["'`]?mcp\.json\b|\bwindsurf["'`]?\s{0,3}[,/+\\]\s{0,3}["'`]?mcp_config\.json\b|\.claude\.json\b|\.claude["'`]?\s{0,3}[,/+\\]\s{0,3}["'`]?settings(?:\.local)?\.json\b|\.codex["'`]?\s{0,3}[,/+\\]\s{0,3}["'`]?(?:auth\.json|config\.toml)\b/i,
    ],
    // Writing a server entry into the config (an installer) is not reading it.
    unless: [/(?:>|\btee\b|writeFileSync|write_text|json\.dump\(|\.write\()\s{0,3}[^\n]{0,60}(?:mcp\.json|mcp_config|claude_desktop_config|settings|\.claude\.json)/i],
  },
  {
    id: 'CR017',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Every CI secret at once (GitHub Actions `toJSON(secrets)`, GitLab or CircleCI variables dumped whole)',
    message: 'reads every secret of the CI pipeline at once',
    where: 'any',
    needles: ['tojson(secrets', 'tojson( secrets'],
    patterns: [/\btoJSON\(\s{0,3}secrets\s{0,3}\)/i],
  },
  {
    id: 'CR018',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: 'Database password hashes read from the server\'s own tables (PostgreSQL pg_shadow or pg_authid.rolpassword, MySQL mysql.user authentication_string, SQL Server sys.sql_logins password_hash)',
    message: 'reads the database server\'s password hashes',
    where: 'any',
    needles: ['pg_shadow', 'pg_authid', 'authentication_string', 'password_hash'],
    patterns: [
      /\bfrom\s{1,3}(?:pg_catalog\.)?pg_shadow\b|\b(?:select|copy)\b[^\n;]{0,200}?\bpg_shadow\b|\brolpassword\b[^\n;]{0,120}?\bpg_authid\b|\bpg_authid\b[^\n;]{0,120}?\brolpassword\b/i,
      /\bauthentication_string\b[^\n;]{0,120}?\bmysql\.user\b|\bmysql\.user\b[^\n;]{0,120}?\bauthentication_string\b|\bpassword_hash\b[^\n;]{0,120}?\bsys\.sql_logins\b|\bsys\.sql_logins\b[^\n;]{0,120}?\bpassword_hash\b/i,
    ],
  },
  {
    id: 'CR019',
    category: 'credential-harvesting',
    severity: 'MEDIUM',
    title: "Secrets exported whole: a password manager's vault in the clear (bw export without encrypted_json, lpass export, keepassxc-cli export; the macOS keychain is CR006) or a GPG secret key (gpg --export-secret-keys); CRITICAL with a send in the same file (CB001)",
    message: "exports a password manager's vault or a secret signing key",
    where: 'any',
    needles: ['bw export', 'lpass export', 'keepassxc-cli export', 'export-secret'],
    patterns: [
      /\bbw\s{1,3}export\b(?![^\n|;&]{0,120}--format\s{1,3}["']?encrypted_json)|\blpass\s{1,3}export\b|\bkeepassxc-cli\s{1,3}export\b|\bgpg2?\b[^\n|;&]{0,60}?--export-secret-(?:sub)?keys\b/,
    ],
  },
];
