/**
 * Capabilities of code, whatever the language: it talks to the network, it names a host that is
 * neither local nor a well-known platform, it runs a string as code or leaves a process behind.
 * Each is ordinary alone, so these rules are signals (`signal: true`): they never reach a report
 * on their own and only complete the combination rules (combinations.ts), where "reads SSH keys"
 * + "makes an HTTP call" + "to a host nobody knows" in one script is theft however the calls are
 * spelled.
 */
import type { Rule } from '../types.js';
import { PUBLIC_KEY, re } from './fragments.js';

const CODE = ['script', 'manifest', 'other'] as const;
/** A URL up to its host, the host captured for the verifier (user info skipped). */
const URL_HOST = String.raw`(?:https?|wss?):\/\/(?:[^/\s@"'\`]{1,64}@)?(?<host>[\w-]{1,63}(?:\.[\w-]{1,63}){1,8})(?![\w-])`;

/** A name held in a variable, or a field of one: `cmd`, `t["cmd"]`, `task.command`. */
const HELD = String.raw`[A-Za-z_]\w{0,30}(?:\[["']?\w{1,30}["']?\]|\.\w{1,30}){0,3}`;

export const CAPABILITY_RULES: readonly Rule[] = [
  {
    id: 'NX001',
    category: 'exfiltration',
    severity: 'LOW',
    signal: true,
    title: 'Talks to the network from code: any HTTP, mail or socket client in Python, Node, Go, Ruby, PowerShell, .NET, Java, Rust or the shell (signal)',
    message: 'talks to the network',
    where: CODE,
    needles: ['urllib', 'urlopen', 'requests.', 'httpx', 'aiohttp', 'http.client', 'smtplib', 'ftplib', 'socket', 'fetch(', 'https.', 'http.',
      'axios', 'got(', 'got.', 'undici', 'needle(', 'superagent', 'xmlhttprequest', 'websocket', 'net.connect', 'net.createconnection', 'net.dial',
      'nodemailer', 'net::http', 'uri.open', 'open-uri', 'faraday', 'httparty', 'invoke-webrequest', 'invoke-restmethod', 'iwr ', 'irm ',
      'webclient', 'httpclient', 'send-mailmessage', 'tcpclient', 'reqwest', 'httpurlconnection', 'curl', 'wget', '/dev/tcp', 'ncat', 'netcat', 'nc ', 'socat'],
    patternNeedles: [
      ['urllib', 'urlopen', 'requests.', 'httpx', 'aiohttp', 'http.client', 'smtplib', 'ftplib', 'socket'],
      ['fetch(', 'https.', 'http.', 'axios', 'got(', 'got.', 'undici', 'needle(', 'superagent', 'xmlhttprequest', 'websocket', 'net.connect',
        'net.createconnection', 'nodemailer'],
      ['net.dial', 'http.', 'net::http', 'uri.open', 'open-uri', 'faraday', 'httparty'],
      ['invoke-webrequest', 'invoke-restmethod', 'iwr ', 'irm ', 'webclient', 'httpclient', 'send-mailmessage', 'tcpclient', 'reqwest', 'httpurlconnection'],
      ['curl', 'wget', '/dev/tcp', 'ncat', 'netcat', 'nc ', 'socat'],
    ],
    patterns: [
      /\burllib\d?\.request\b|\burlopen\(|\brequests\.(?:get|post|put|patch|request|Session)\b|\bhttpx\.\w{2,12}\b|\baiohttp\.ClientSession\b|\bhttp\.client\.HTTPS?Connection\b|\bsmtplib\.SMTP|\bftplib\.FTP|\bsocket\.(?:socket|create_connection)\(/,
      /\bfetch\(|\bhttps?\.(?:get|request)\(|\baxios(?:\.\w{3,7})?\(|\bgot(?:\.\w{3,6})?\(|\bundici\b|\bneedle\(|\bsuperagent\b|\bXMLHttpRequest\b|\bnew\s{1,3}WebSocket\(|\bnet\.(?:connect|createConnection)\(|\bnodemailer\b/i,
      /\bnet\.Dial(?:Timeout)?\(|\bhttp\.(?:Get|Post|PostForm|NewRequest(?:WithContext)?)\(|\bNet::HTTP\b|\bURI\.open\b|\bopen-uri\b|\bFaraday\b|\bHTTParty\b/,
      /\bInvoke-(?:WebRequest|RestMethod)\b|\b(?:iwr|irm)\s|\bNet\.WebClient\b|\bWebClient\b|\bHttpClient\b|\bSend-MailMessage\b|\bTcpClient\b|\breqwest::|\bHttpURLConnection\b/i,
      /\bcurl\s|\bwget\s|\/dev\/(?:tcp|udp)\/|\b(?:nc|ncat|netcat)\s{1,3}(?:-\w{1,4}\s{1,3}){0,3}[\w$.-]{1,253}\s{1,3}\d{1,5}\b|\bsocat\s/,
    ],
  },
  {
    id: 'NX002',
    category: 'exfiltration',
    severity: 'LOW',
    signal: true,
    title: 'A host written into code that is neither local, private, a documentation name nor a well-known platform (signal)',
    message: 'names a remote host that is not a well-known platform',
    where: CODE,
    verify: 'unknownHost',
    needles: ['http', 'ws', ':', 'host'],
    patternNeedles: [['http', 'ws'], ['http', 'ws'], [':'], ['host']],
    patterns: [
      // A URL that code uses: the start of a string literal, or an argument of a shell network
      // command (not a link in a comment).
      new RegExp(String.raw`["'\`]${URL_HOST}`, 'i'),
      new RegExp(String.raw`\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\s[^\n]{0,160}?(?<![\w/.-])${URL_HOST}`, 'i'),
      // A host and port as a string of its own ("board.example-host.dev:7000"), as socket code writes it.
      /["'`](?<host>[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}):\d{2,5}["'`]/i,
      // A host named as a client's option, as Node's https.request and Python's clients take it: `host: 'x.example.io'`.
      /\b(?:host|hostname|server_host|api_host)["']?\s{0,3}[:=]\s{0,3}["'`](?<host>[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})["'`]/i,
    ],
  },
  {
    id: 'NX003',
    category: 'download-execute',
    severity: 'LOW',
    signal: true,
    title: 'Runs a string held in a variable as code, or starts a process that outlives the script (signal)',
    message: 'runs text as code or detaches a process',
    where: CODE,
    needles: ['eval', 'exec', 'function', '-e', '-c', 'detached', 'start_new_session', 'runin', 'invoke-expression', 'iex', 'compile(', 'shell', 'os.system', 'os.popen'],
    patterns: [
      // eval(code), exec(body), new Function(src), vm.runInThisContext(text): a name, not a literal.
      // Bare calls only: `pattern.exec(str)` is a regex.
      /(?<![.\w])(?:eval|exec)\(\s{0,3}[A-Za-z_]\w{0,30}\s{0,3}[,)]|\bnew\s{1,3}Function\((?:\s{0,3}["'][\w$]{1,30}["']\s{0,3},){0,6}\s{0,3}[A-Za-z_]\w{0,30}\s{0,3}\)|\bvm\.runIn\w{0,20}Context\(\s{0,3}[A-Za-z_]\w{0,30}|(?<![.\w])compile\(\s{0,3}[A-Za-z_]\w{0,30}\s{0,3},/,
      // An interpreter handed a variable's text: spawn(node, ['-e', code]), [sys.executable, '-c', src].
      /["']-[ec]["']\s{0,3},\s{0,3}[A-Za-z_]\w{0,30}\s{0,3}[\],)]/,
      /\bdetached\s{0,3}:\s{0,3}true\b|\bstart_new_session\s{0,3}=\s{0,3}True\b|\bDETACHED_PROCESS\b/,
      /\b(?:Invoke-Expression|iex)\s{1,3}(?:\(\s{0,3})?\$\w{1,30}/i,
      // A shell handed a command held in a variable: subprocess.run(post, shell=True), os.system(cmd), execSync(cmd).
      // The variable may be a field of one: `t["cmd"]`, `task.command`.
      re(String.raw`\bsubprocess\.\w{2,14}\(\s{0,3}${HELD}\s{0,3},[^\n)]{0,80}?\bshell\s{0,3}=\s{0,3}True\b|\bos\.(?:system|popen)\(\s{0,3}${HELD}\s{0,3}\)|(?<![.\w])execSync\(\s{0,3}${HELD}\s{0,3}[,)]`, ''),
    ],
  },
  {
    id: 'NX004',
    category: 'credential-harvesting',
    severity: 'LOW',
    signal: true,
    title: 'Names .env files in code as strings (".env", ".env.production", startsWith(".env")), whatever reads them (signal)',
    message: 'names .env files of secrets in code',
    where: CODE,
    needles: ['.env'],
    patterns: [/["'`]\.env(?:\.(?!example\b|sample\b|template\b|tpl\b|dist\b)[\w-]{1,20})?["'`*]/],
  },
  {
    id: 'NX005',
    category: 'download-execute',
    severity: 'LOW',
    signal: true,
    title: 'Makes a file executable or runs a file it just wrote (chmod +x, os.chmod 0o755, fs.chmodSync, exec "$DIR/...") (signal)',
    message: 'makes a file executable',
    where: CODE,
    needles: ['chmod', 'set-executionpolicy', 's_iexec', 'exec '],
    patterns: [
      /\bchmod\s{1,3}(?:-\w{1,3}\s{1,3})?(?:[ugoa]{0,3}\+x|0?[0-7]?[157][0-7]{2})\b|\b(?:os|fs)\.chmod(?:Sync)?\([^\n)]{1,120}?(?:0o?[0-7]?[157][0-7]{2}|S_IEXEC|S_IXUSR)\b/,
      // The script replacing itself and running the new copy.
      /\bexec\s{1,3}["']?\$\{?(?:0|DIR|SCRIPT\w{0,10}|SELF|HERE)\b/,
    ],
  },
  {
    id: 'NX006',
    category: 'persistence',
    severity: 'LOW',
    signal: true,
    title: 'An SSH public key written into the skill (signal)',
    message: 'carries an SSH public key',
    where: 'any',
    needles: ['ssh-rsa', 'ssh-ed25519', 'ssh-dss', 'ecdsa-sha2', 'sk-ssh'],
    patterns: [new RegExp(String.raw`${PUBLIC_KEY}[A-Za-z0-9+/]{16}`)],
  },
  {
    id: 'NX007',
    category: 'destructive',
    severity: 'LOW',
    signal: true,
    title: 'Deletes files or folders from code (shutil.rmtree, os.remove, fs.rm, Remove-Item, os.RemoveAll, remove_dir_all, rm -r; not `rm -rf` of a build output such as build/, dist/ or node_modules/, of a temporary file in $tmp, or of a package manager\'s cache such as /var/lib/apt/lists/*) (signal)',
    message: 'deletes files from code',
    where: CODE,
    needles: ['rmtree', 'os.remove', 'os.unlink', 'os.rmdir', 'fs.rm', 'fs.unlink', 'fs.promises.rm', 'remove-item', 'os.removeall', 'fileutils.rm', 'remove_dir_all', 'remove_file', 'rm '],
    patterns: [
      /\bshutil\.rmtree\(|\bos\.(?:remove|unlink|rmdir)\(|\bfs\.(?:promises\.)?(?:rm|rmSync|unlink|unlinkSync|rmdir|rmdirSync)\(|\bRemove-Item\b|\bos\.RemoveAll\(|\bFileUtils\.rm(?:_rf?|_r)?\b|\bstd::fs::remove_(?:dir_all|file)\(|\bfs::remove_(?:dir_all|file)\(|(?:^|[;&|]\s{0,3})\s{0,8}rm\s{1,3}-[a-z]{0,3}[rf][a-z]{0,3}\b(?!\s{1,3}(?:(?:\.\/)?(?:build|dist|out|target|coverage|node_modules|\.cache|__pycache__|\.pytest_cache|\.tox)\/?|["']?\$\{?(?:tmp|TMP|tmpfile|TMPFILE|tmpdir|TMPDIR|temp|TEMP|tempfile)\w{0,12}\}?["']?|\/var\/lib\/apt\/lists\/\*?|\/var\/cache\/(?:apt|apk|yum|dnf)\/?\*?|(?:\/root|~)\/\.cache\/pip\/?)(?:\s|$))/im,
    ],
  },
  {
    id: 'NX009',
    category: 'exfiltration',
    severity: 'LOW',
    signal: true,
    title: 'Replaces the HTTP client of the whole program: globalThis.fetch, window.fetch, XMLHttpRequest.prototype, http.request or requests.Session reassigned (not a test double, nor a polyfill: `globalThis.fetch = fetch` of an imported fetch) (signal)',
    message: 'replaces the program\'s HTTP client',
    where: CODE,
    needles: ['.fetch', 'xmlhttprequest.prototype', '.request', 'session.send'],
    patterns: [
      /\b(?:globalThis|window|self|global)\.fetch\s{0,3}=(?![=>])(?!\s{0,3}(?:(?:vi|jest|sinon|td)\.|(?:mock|fake|stub|spy|original|orig|real|native|saved|prev)\w{0,20}\s{0,3}[;,\n)]|undefined\b|null\b|(?:node_?)?fetch\s{0,3}(?:;|$)|require\(\s{0,3}["'](?:node-fetch|cross-fetch|undici|isomorphic-fetch|whatwg-fetch)["']\s{0,3}\)))/im,
      /\bXMLHttpRequest\.prototype\.(?:open|send|setRequestHeader)\s{0,3}=(?![=>])|\b(?:http|https)\.request\s{0,3}=(?![=>])|\brequests\.(?:sessions\.)?Session\.(?:request|send)\s{0,3}=(?!=)/,
    ],
  },
  {
    id: 'NX010',
    category: 'destructive',
    severity: 'LOW',
    signal: true,
    title: 'Prefers the production database\'s address in code (`${PROD_DATABASE_URL:-$DATABASE_URL}`, `PRODUCTION_DB_URL or ...`) (signal)',
    message: 'reaches for the production database first',
    where: CODE,
    needles: ['prod'],
    patterns: [/\$\{(?:PROD|PRODUCTION)_?\w{0,20}(?:DATABASE|DB|PG|POSTGRES|MYSQL)\w{0,20}:?-|\b(?:PROD|PRODUCTION)_?\w{0,20}(?:DATABASE|DB|PG)\w{0,20}["'\])]{0,3}\s{0,3}(?:\|\||\bor\b|\?\?)/],
  },
  {
    id: 'NX011',
    category: 'destructive',
    severity: 'LOW',
    signal: true,
    title: 'Drops or empties a database, schema or table from code (DROP SCHEMA / DATABASE / TABLE, TRUNCATE) (signal)',
    message: 'drops or empties database objects',
    where: CODE,
    needles: ['drop', 'truncate'],
    patterns: [/\bDROP\s{1,3}(?:SCHEMA|DATABASE|TABLE)\b|\bTRUNCATE\s{1,3}(?:TABLE\s{1,3})?[\w".]{1,60}/i],
  },
  {
    id: 'NX008',
    category: 'destructive',
    severity: 'LOW',
    signal: true,
    title: 'Prose promising that the skill changes nothing ("read-only", "never deletes anything", "non-destructive"; not a step\'s "nothing is deleted", "never touch files that are still open", nor "the file is read-only") (signal)',
    message: 'promises to change nothing',
    where: ['markdown'],
    prose: 'match',
    needles: ['read-only', 'readonly', 'never', 'not', 'n\'t', 'non-destructive', 'only reads'],
    patterns: [
      // Not "read-only" said of something else: "a read-only mount", "read-only tokens", "the replica is read-only",
      // "treat generated files as read-only", nor a command's `--read-only` flag.
      /\b(?=read-?only\b)(?<!\b(?:files?|folders?|director(?:y|ies)|disks?|volumes?|mounts?|file\s{0,3}systems?|it|they|repository|repo)\s{1,3}(?:is|are|was|were|be|being|becomes?)\s{1,3}|--|\bas\s{1,3})read-?only\b(?!\s{1,3}(?:checks?|steps?|commands?|operations?|quer(?:y|ies)|access|calls?|endpoints?|apis?|requests?|mounts?|mounted|file\s{0,3}systems?|fs|volumes?|replicas?|files?|tokens?|keys?|users?|roles?|permissions?|attributes?|fields?|properties|property|snapshots?|transactions?|scopes?|credentials?|connections?|members?|bind)\b)|\bnon-destructive\b(?!\s{1,3}(?:targets?|commands?|steps?|ones|tasks?|operations?|options?|flags?|modes?|checks?)\b)|\bonly\s{1,3}reads\b/i,
      /\b(?:never|does\s{1,3}not|doesn['’]t|will\s{1,3}not|won['’]t)\s{1,3}(?:deletes?|removes?|modif(?:y|ies)|changes?|touch(?:es)?)\s{1,3}(?:any(?:thing)?|your\s{1,3}files|files?|folders?|data)\b(?!\s{1,3}(?:that|which|whose|still|currently|in\s{1,3}use|outside|under|newer|younger|older|opened|open|locked|without|other\s{1,3}than|else\s{1,3}than|except|but|besides|beyond)\b)/i,
    ],
  },
];
