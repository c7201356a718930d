/**
 * Download and execute: code fetched at install or run time, which the scan cannot see. An
 * official installer from the allowlist in ../hosts.ts is reported LOW instead.
 */
import type { Rule } from '../types.js';
import { INTERPRETER, SHELL, re } from './fragments.js';

/** A stand-in for the address, written where a command is named, not given: `...`, `…`, `<url>`, `[URL]`. */
const PLACEHOLDER = String.raw`(?:\.{2,}|…|<[^<>\n|]{0,40}>|\[[^\[\]\n|]{0,40}\])`;

/** A package manager's install command. */
const PACKAGE_INSTALL = String.raw`(?:npm\s{1,3}(?:install|i|add)|pnpm\s{1,3}(?:add|install|i)|yarn\s{1,3}(?:global\s{1,3})?add|bun\s{1,3}(?:add|install|i)|pip3?\s{1,3}install|python3?\s{1,3}-m\s{1,3}pip\s{1,3}install|uv\s{1,3}pip\s{1,3}install|pipx\s{1,3}install|gem\s{1,3}install)`;

const TEMP = String.raw`(?:/tmp|/dev/shm|/var/tmp|\$TMPDIR|\$\{TMPDIR[^}\n]{0,20}\}|%TEMP%|%TMP%|\$env:TEMP|\$env:TMP)`;

/** A download address that is not Gradle's or Maven's own distribution host. */
const WRAPPER_SOURCE = String.raw`https?:\/\/(?!(?:services|downloads)\.gradle\.org\/|repo1?\.maven(?:\.apache)?\.org\/|repo\.maven\.apache\.org\/|github\.com\/gradle\/|raw\.githubusercontent\.com\/gradle\/|maven\.apache\.org\/)`;

export const DOWNLOAD_EXECUTE_RULES: readonly Rule[] = [
  {
    id: 'DX001',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Download piped into a shell or interpreter (curl URL | sh, wget -O- URL | bash; not a placeholder such as `curl ... | sh`); LOW for an allowlisted official installer',
    message: 'pipes a download straight into a shell',
    where: 'any',
    verify: 'officialInstaller',
    needles: ['curl', 'wget', 'aria2c', 'pipe', 'feed'],
    patternNeedles: [['curl', 'wget', 'aria2c'], ['pipe', 'feed']],
    // A `$(...)` in the address may hold a pipe of its own (`?d=$(pwd | base64)`): the download's pipe comes after it.
    // An argument before the pipe: a bare "`curl | sh`" names the pattern, it downloads nothing;
    // nor does a placeholder for the address ("`curl ... | sh`", "`wget <url> | bash`"), nor flags with no
    // address ("`wget -O- | bash`"): a download names a host, a URL or a variable (`$URL`, `{url}`, `"..." + u`).
    patterns: [re(String.raw`\b(?:curl|wget|aria2c)\s{1,5}(?!${PLACEHOLDER}\s{0,5}\\?\|)(?=[^\n|]{0,400}?(?:\/\/|\$|%\w|[\w-]\.[a-z]{2,}\b|["'\x60]\s{0,3}\+|\{\w))[^\s|](?:[^\n|$]|\$(?!\()|\$\([^\n)]{0,100}\)){0,400}\|\s{0,5}(?:(?:tee|gunzip|zcat|cat)\b[^\n|]{0,100}\|\s{0,5})?${INTERPRETER}`),
      // The same in words: "fetch the policy from `https://.../current.sh` and pipe it to `sh`".
      /https?:\/\/[^\s\x60'"<>)]{3,200}[\x60'"]?[^\n]{0,80}?\b(?:pipe|feed)\s{1,3}(?:it|them|this|that|the\s{1,3}(?:script|file|output|result|response|body))\s{1,3}(?:in)?to\s{1,3}[\x60'"]?(?:sh|bash|zsh|dash|pwsh|powershell|iex|python3?|node)\b/i,
    ],
  },
  {
    id: 'DX017',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'An archive downloaded and unpacked into a folder, then a script or installer run from that folder (curl URL | tar -xz -C DIR, then sh DIR/install.sh or sudo DIR/pkg/setup); not an official installer',
    message: 'downloads an archive and runs a script from inside it, unchecked',
    where: 'any',
    verify: 'notOfficialInstaller',
    spansLines: true,
    needles: ['tar'],
    patterns: [
      /\b(?:curl|wget)\b[^\n]{0,300}?\|\s{0,3}tar\s{1,3}(?:-{0,2}[a-z]{0,6}x[a-z]{0,6}\s{1,3}){1,3}(?:[^\n]{0,80}?\s)?-C\s{1,3}["']?([^\s"';&|]{1,80}?)\/?["']?(?=[\s;&|]|$)[\s\S]{0,400}?(?:\b(?:sh|bash|zsh|source|python3?|node|perl|ruby)\s{1,3}|(?:^|\n)[ \t]{0,8}|[;&|]\s{0,3}|\bexec\s{1,3}|\bsudo\s{1,3})["']?\1\/[\w./-]{1,80}?(?:\.(?:sh|bash|py|js|pl|rb)\b|\/(?:setup|install|installer|bootstrap|configure)(?=[\s;&|"']|$))/i,
    ],
  },
  {
    id: 'DX018',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'A list downloaded and fed to xargs that installs or runs each entry (curl URL | xargs -n1 pip install, wget -qO- URL | xargs sh -c); LOW for an allowlisted official installer',
    message: 'installs or runs whatever a downloaded list names',
    where: 'any',
    verify: 'officialInstaller',
    needles: ['xargs'],
    patterns: [re(String.raw`\b(?:curl|wget)\s[^\n|]{0,300}?https?:\/\/[^\n|]{0,200}\|\s{0,5}xargs\b[^\n|]{0,60}?(?:${PACKAGE_INSTALL}|\b(?:sh|bash|zsh)\b|\b(?:go|cargo)\s{1,3}install\b)`)],
  },
  {
    id: 'DX019',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'A package runner or installer given a tarball URL instead of a registry name (npx -y https://host/tool.tgz, npm install https://host/pkg.tgz, pip install https://host/pkg.tar.gz); not an official installer',
    message: 'runs or installs a package straight from an address, outside any registry',
    where: 'any',
    verify: 'notOfficialInstaller',
    needles: ['npx', 'bunx', 'dlx', 'install', 'add'],
    patterns: [re(String.raw`\b(?:npx|bunx|(?:pnpm|yarn)\s{1,3}dlx|${PACKAGE_INSTALL})\s{1,3}(?:-{1,2}[\w-]{1,20}(?:=[^\s]{1,80})?\s{1,3}){0,4}https?:\/\/[^\s\x60'"<>]{3,300}?\.(?:tgz|tar\.gz|whl|zip)(?=[\s\x60'"#?]|$)`)],
  },
  {
    id: 'DX002',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Shell running a download by substitution (bash <(curl ...), sh -c "$(curl ...)", source <(wget ...)), or an interpreter one-liner that evaluates what it fetches (ruby -e \'eval URI.open(...).read\'); LOW for an official installer',
    message: 'runs a download through command or process substitution',
    where: 'any',
    verify: 'officialInstaller',
    needles: ['curl', 'wget', 'eval', 'exec'],
    patterns: [
      re(String.raw`\b${SHELL}\s{1,3}(?:-\w{1,5}\s{1,3}){0,2}<\(\s{0,3}(?:curl|wget)\b[^\n]{0,400}`),
      re(String.raw`\b(?:${SHELL}|python[23]?|node|perl|ruby)\s{1,3}-c\s{1,3}["']?\$\(\s{0,3}(?:curl|wget)\b[^\n]{0,400}`),
      // An interpreter's one-liner flag fed a download: `ruby -e "$(curl -fsSL https://...)"`, `perl -e`, `node -e`.
      re(String.raw`\b(?:ruby|perl|node|php|python[23]?)\s{1,3}-[er]\s{1,3}["']?\$\(\s{0,3}(?:curl|wget)\b[^\n]{0,400}`),
      re(String.raw`(?:^|[;&|])\s{0,8}(?:source|\.)\s{1,3}<\(\s{0,3}(?:curl|wget)\b[^\n]{0,400}`, 'im'),
      re(String.raw`\beval\s{1,3}["']?\$\(\s{0,3}(?:curl|wget)\b[^\n]{0,400}`),
      // An interpreter's one-liner that evaluates what it fetches: `ruby -ropen-uri -e 'eval URI.open("https://...").read'`,
      // `python3 -c "exec(urlopen('https://...').read())"`, `node -e "fetch('https://...').then(r => r.text()).then(eval)"`.
      re(String.raw`\b(?:ruby|python[23]?|node|perl|php)\s{1,3}(?:-\S{1,30}\s{1,3}){0,3}-[ecr]\s{1,3}["'][^\n]{0,80}?(?:\b(?:eval|exec|instance_eval)\b\s{0,3}\(?\s{0,3}(?:URI\.open|open\(|Net::HTTP\.get|(?:urllib\.request\.)?urlopen|requests\.get|(?:await\s{1,3})?fetch|LWP::Simple::get|get\(|file_get_contents)|\.then\(\s{0,3}eval\s{0,3}\))[^\n]{0,300}`),
    ],
  },
  {
    id: 'DX003',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'PowerShell and Windows download cradles (iex (iwr ...), irm ... | iex, DownloadString, certutil -urlcache, mshta, msiexec /i URL)',
    message: 'downloads and runs code with a Windows download cradle',
    where: 'any',
    verify: 'officialInstaller',
    needles: ['iex', 'invoke-expression', 'downloadstring', 'certutil', 'mshta', 'regsvr32', 'bitsadmin', 'msiexec'],
    patterns: [
      re(String.raw`\b(?:iex|Invoke-Expression)\b\s{0,3}\(?\s{0,3}\(?\s{0,3}(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|New-Object\s{1,3}(?:System\.)?Net\.WebClient|\[(?:System\.)?Net\.WebClient\])\b(?!\s{1,3}${PLACEHOLDER}\s{0,3}\))[^\n]{0,400}`, 'i'),
      re(String.raw`\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b(?!\s{1,3}${PLACEHOLDER}\s{0,3}\|)\s{0,3}[^\s|][^\n|]{0,400}\|\s{0,3}(?:iex|Invoke-Expression)\b`, 'i'),
      /\bDownloadString\([^\n]{0,300}?\)[^\n]{0,40}?\|\s{0,3}(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,60}?\.DownloadString\([^\n]{0,400}/i,
      /\bcertutil(?:\.exe)?\s[^\n]{0,40}?-urlcache\b|\bmshta(?:\.exe)?\s{1,3}["']?https?:|\bregsvr32\b[^\n]{0,60}?\/i:https?:|\bbitsadmin\b[^\n]{0,40}?\/transfer\b/i,
      // An installer package run straight from a URL: `msiexec /i https://.../x.msi /qn`.
      /\bmsiexec(?:\.exe)?\s{1,3}(?:\/\w{1,10}\s{1,3}){0,3}\/(?:i|package)\s{1,3}["']?https?:\/\/[^\s"']{1,300}/i,
    ],
  },
  {
    id: 'DX004',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Code that evaluates a download (exec(requests.get(...).text), eval(await (await fetch(u)).text()))',
    message: 'executes code downloaded at run time',
    where: ['script', 'manifest', 'other'],
    spansLines: true,
    needles: ['exec', 'eval', 'function', 'loads'],
    patterns: [
      /\b(?:exec|eval)\s{0,3}\(\s{0,3}(?:compile\(\s{0,3})?(?:requests\.get|httpx\.get|(?:\w{1,30}\.){0,3}urlopen)\([^\n]{0,300}?\)\s{0,3}\.(?:text|content|read\(\))/,
      /\b(?:eval|Function)\s{0,3}\(\s{0,3}(?:await\s{1,3})?\(?\s{0,3}(?:await\s{1,3})?(?:fetch|axios\.get|got|needle)\(/,
      /\bexec\s{0,3}\(\s{0,3}(?:r|res|resp|response|result|page|reply)\.(?:text|content)\s{0,3}\)|\beval\s{0,3}\(\s{0,3}(?:r|res|resp|response|result|reply)\.(?:data|text|body)\s{0,3}\)/,
      /\beval\s{0,3}\(\s{0,3}(?:open|URI\.open|Net::HTTP\.get)\s{0,3}\(\s{0,3}["']https?:/,
      // Ruby's evals of any fetch, the URL in a constant or built: eval(Net::HTTP.get(URI(INDEX))).
      /\b(?:eval|instance_eval|class_eval|module_eval)\s{0,3}\(?\s{0,3}(?:Net::HTTP\.get|URI\.open|URI\.parse\([^\n]{0,80}?\)\.read|HTTParty\.get|Faraday\.get|RestClient\.get)\b/,
      // Unpickling what was just fetched runs code from the network: pickle.loads(urlopen(u).read()).
      /\b(?:pickle|cPickle|dill|marshal|cloudpickle)\.loads\s{0,3}\(\s{0,3}(?:requests\.get|httpx\.get|(?:\w{1,30}\.){0,3}urlopen)\(/,
      // Downloaded into a name, run a few lines on: `code = urlopen(URL).read().decode()` ... `exec(compile(code, ...))`.
      /\b(\w{1,30})\s{0,3}=\s{0,3}(?:requests\.get|httpx\.get|(?:\w{1,30}\.){0,3}urlopen)\([^\n]{0,300}?\)\s{0,3}\.(?:text|content|read\(\))[^\n]{0,60}\n(?:[^\n]{0,200}\n){0,3}?[^\n]{0,80}?\b(?:exec|eval)\s{0,3}\(\s{0,3}(?:compile\(\s{0,3})?\1\b/,
      /\b(?:const|let|var)\s{1,3}(\w{1,30})\s{0,3}=\s{0,3}await\s{1,3}\(?\s{0,3}(?:await\s{1,3})?fetch\([^\n]{0,200}?\)\s{0,3}\)?\s{0,3}\.text\(\)[^\n]{0,60}\n(?:[^\n]{0,200}\n){0,3}?[^\n]{0,80}?\b(?:eval\s{0,3}\(|new\s{1,3}Function\s{0,3}\()\s{0,3}\1\b/,
      // Python's context-managed response read into a name, then run: `with urlopen(u) as r:` / `code = r.read().decode()` / `exec(compile(code, ...))`.
      /\bwith\s{1,3}(?:\w{1,30}\.){0,3}urlopen\([^\n]{0,200}\)\s{1,3}as\s{1,3}(\w{1,30})\s{0,3}:[^\n]{0,10}\n[^\n]{0,80}?\b(\w{1,30})\s{0,3}=\s{0,3}\1\.read\(\)[^\n]{0,60}\n(?:[^\n]{0,200}\n){0,3}?[^\n]{0,80}?\b(?:exec|eval)\s{0,3}\(\s{0,3}(?:compile\(\s{0,3})?\2\b/,
      // The response read in a second step, and the text handed to `new Function` after its parameter names:
      // `const res = await fetch(u)`, `const code = await res.text()`, `new Function('require', code)`.
      /\bfetch\([^\n]{0,200}\n(?:[^\n]{0,200}\n){0,2}?[^\n]{0,40}?\b(?:const|let|var)\s{1,3}(\w{1,30})\s{0,3}=\s{0,3}await\s{1,3}\w{1,30}\.text\(\)[^\n]{0,60}\n(?:[^\n]{0,200}\n){0,3}?[^\n]{0,80}?\b(?:eval\s{0,3}\(|new\s{1,3}Function\s{0,3}\((?:\s{0,3}["'][\w$]{1,30}["']\s{0,3},){0,6})\s{0,3}\1\b/,
      // A field of the fetched JSON run: `const cfg = (await res.json())`, then `new Function('require', cfg.agent_mode.script)`.
      /\bfetch\([^\n]{0,200}\n(?:[^\n]{0,200}\n){0,2}?[^\n]{0,40}?\b(?:const|let|var)\s{1,3}(\w{1,30})\s{0,3}=\s{0,3}\(?\s{0,3}await\s{1,3}\w{1,30}\.json\(\)[^\n]{0,60}\n(?:[^\n]{0,200}\n){0,8}?[^\n]{0,80}?\b(?:eval\s{0,3}\(|new\s{1,3}Function\s{0,3}\((?:\s{0,3}["'][\w$]{1,30}["']\s{0,3},){0,6})\s{0,3}\1(?:\??\.[\w$]{1,30}){1,4}\b/,
    ],
  },
  {
    id: 'DX005',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Download into a temp or hidden directory',
    message: 'downloads a file into a temporary or hidden directory',
    where: 'any',
    needles: ['curl', 'wget', 'urlretrieve', '-outfile', 'downloadfile'],
    verify: 'notOfficialInstaller',
    patterns: [
      // The rest of the command is part of the match, so the verifier sees a URL written after `-o`.
      re(String.raw`\b(?:curl|wget)\b[^\n]{0,300}?\s(?:-[a-zA-Z]{0,5}[oOP]|--output|--output-document)(?:\s{1,3}|=)["']?(?:${TEMP}|~/\.|\$HOME/\.|\$\{HOME\}/\.|\$\(HOME\)/\.)[^\n|;&]{0,300}`),
      re(String.raw`\burlretrieve\([^\n]{0,300}?["'](?:/tmp|/dev/shm|/var/tmp)|-OutFile\s{1,3}["']?${TEMP}|\.DownloadFile\([^\n]{0,300}?(?:${TEMP}|AppData)`),
    ],
  },
  {
    id: 'DX006',
    category: 'download-execute',
    severity: 'MEDIUM',
    title: 'Running a program from a temp directory (or making one executable)',
    message: 'runs a program from a temporary directory',
    where: 'any',
    needles: ['/tmp', '/dev/shm', 'tmpdir', '%temp%', '%tmp%', '$env:temp', '$env:tmp'],
    patterns: [
      // Not a tool's output naming a file (`/tmp/config.yaml: 2 errors`, `/tmp/x.py:12`).
      re(String.raw`(?:^[ \t]{0,20}|[;&|]\s{0,3}|\b(?:nohup|sudo|exec|setsid|Start-Process|start)\s{1,3})["']?${TEMP}/(?![\w./-]{1,100}:(?:\s|\d))[\w./-]{1,100}`, 'im'),
      re(String.raw`\bchmod\s{1,3}(?:[+ugoa]{0,4}x|[0-7]{3,4})\s{1,3}["']?${TEMP}/`),
      // An interpreter handed a script from there: `node /tmp/.core.js`, `python3 /tmp/x.py`.
      re(String.raw`\b(?:node|python[23]?|bash|sh|zsh|ruby|perl|php|pwsh|powershell|deno\s{1,3}run|bun)\s{1,3}(?:-\S{1,12}\s{1,3}){0,3}["']?${TEMP}/[\w./-]{1,100}`, 'i'),
    ],
  },
  {
    id: 'DX007',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'npm install hooks that fetch or run shell code (preinstall/postinstall with curl, node -e, base64)',
    message: 'runs network or shell code from an npm install hook',
    where: ['manifest'],
    needles: ['install', 'prepare', 'prepublish'],
    patterns: [
      /"(?:preinstall|install|postinstall|prepare|prepublish|preuninstall|postuninstall)"\s{0,3}:\s{0,3}"[^"\n]{0,300}?(?:curl|wget|https?:\/\/|node\s{1,3}-e|\beval\b|base64|\|\s{0,3}(?:ba)?sh|\bsh\s{1,3}-c|bash\s{1,3}-c|powershell|\/dev\/tcp|\bnc\s)/,
    ],
  },
  {
    id: 'DX008',
    category: 'download-execute',
    severity: 'MEDIUM',
    title: 'Extracting an archive with a password written into the skill (unzip -P pw, 7z x -ppw, -Password "pw", pwd=b"pw", openssl enc -d -pass pass:)',
    message: 'opens an encrypted archive with a built-in password, which keeps its contents from scanners',
    where: 'any',
    needles: ['unzip', '7z', '-password', 'pwd=', 'setpassword', 'openssl', 'password', 'passphrase', ' key', ' pass'],
    patternNeedles: [['unzip'], ['7z'], ['password', 'passphrase', ' key', ' pass'], ['-password'], ['pwd=', 'setpassword'], ['openssl']],
    patterns: [
      /\bunzip\b[^\n|;&]{0,80}?\s-P\s{0,3}["']?[^\s"'$%{]/,
      /\b7z[a-z]{0,2}(?:\.exe)?["']?\s{1,3}[xe]\b[^\n|;&]{0,120}?\s-p["']?[^\s"'$%{]/,
      // In prose: "unlock it with the key `fp2024!`", "the archive password is 'x'".
      /\b(?:unlock|extract|unzip|open|decrypt|unpack)\b[^\n]{0,60}?\b(?:with|using)\s{1,3}(?:the\s{1,3})?(?:password|passphrase|key|pass)\s{1,3}(?:is\s{1,3})?[`'"][^`'"\s$]{1,40}[`'"]|\b(?:archive|zip|7z|bundle|rar)\s{1,3}(?:password|passphrase)\s{1,3}(?:is\s{1,3}|:\s{0,3})[`'"][^`'"\s$]{1,40}[`'"]/i,
      /-Password\s{1,3}["'][^"'$\n]{1,40}["']/i,
      /\b(?:extractall|extract|open|read)\([^\n]{0,120}?pwd\s{0,3}=\s{0,3}b?["']|\.setpassword\(\s{0,3}b?["']/,
      /\bopenssl\s{1,3}(?:enc\s{1,3})?-d\b[^\n]{0,120}?-pass\s{1,3}pass:[^\s$]/,
    ],
  },
  {
    id: 'DX009',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Downloads a file (curl -o, wget, urlretrieve, Invoke-WebRequest -OutFile); a signal for combinations',
    message: 'downloads a file',
    where: 'any',
    needles: ['curl', 'wget', 'urlretrieve', '-outfile', 'downloadfile', 'http'],
    patterns: [
      /\bcurl\b[^\n|;&]{0,200}?\s(?:-[a-zA-Z]{0,4}[oO]|--output|--remote-name)\b|\bwget\s[^\n|;&]{0,200}?https?:\/\/|\burlretrieve\(|-OutFile\b|\.DownloadFile\(/i,
      /\b(?:download|fetch|get)\b[^\n]{0,60}?https?:\/\/[^\s]{1,200}\.(?:zip|7z|rar|tar\.gz|tgz|enc)\b/i,
    ],
  },
  {
    id: 'DX011',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Unpickles bytes in memory (pickle.loads, marshal.loads, dill.loads): running whatever code they carry; HIGH with a fetch from code in the same file (CB017)',
    message: 'deserialises bytes with a format that runs code',
    where: ['script', 'other'],
    needles: ['loads'],
    patterns: [/\b(?:pickle|cPickle|_pickle|dill|marshal|cloudpickle)\.loads\s{0,3}\(/],
  },
  {
    id: 'DX012',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Reads a URL from code (urlopen, requests.get, httpx.get, fetch, Net::HTTP.get, URI.open, http.Get); a signal for combinations',
    message: 'fetches a URL from code',
    where: ['script', 'other'],
    needles: ['urlopen', 'requests.get', 'httpx.get', 'fetch(', 'net::http.get', 'http.get(', 'urllib3', 'uri.open', 'uri('],
    patterns: [/\burlopen\(|\brequests\.get\(|\bhttpx\.get\(|\bfetch\(|\bNet::HTTP\.get\b|\bhttp\.Get\(|\burllib3\.\w{1,20}\(|\bURI\.open\(|\bURI\(\s{0,3}["'][^"'\n]{1,300}["']\s{0,3}\)\.(?:read|open)\b/i],
  },
  {
    id: 'DX013',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Code that hands a file to a shell (system("sh", path), subprocess.run(["bash", f]), spawn("sh", [p]), exec.Command("bash", p)); a signal for combinations',
    message: 'runs a shell on a file from code',
    where: ['script', 'other'],
    // Every match ends the shell's name with its closing quote.
    needles: ['sh"', "sh'", 'cmd"', "cmd'", 'exe"', "exe'"],
    patterns: [/\b(?:system|exec|spawn|spawnSync|execFile|execFileSync|Popen|run|call|check_call|check_output|Command|Process\.spawn|IO\.popen)\s{0,3}\(\s{0,3}\[?\s{0,3}["'](?:\/(?:usr\/)?bin\/)?(?:sh|bash|zsh|dash|powershell|pwsh|cmd(?:\.exe)?)["']\s{0,3},/],
  },
  {
    id: 'DX015',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Runs a Python file as a module from a path (importlib.util.spec_from_file_location + exec_module, runpy.run_path, imp.load_source); a signal for combinations',
    message: 'runs a Python file from a path as a module',
    where: ['script', 'other'],
    needles: ['exec_module', 'run_path', 'load_source', 'sourcefileloader'],
    patterns: [/\.exec_module\s{0,3}\(|\brunpy\.run_path\s{0,3}\(|\bimp\.load_source\s{0,3}\(|\bSourceFileLoader\s{0,3}\([^\n]{0,200}?\)\.load_module\s{0,3}\(/],
  },
  {
    id: 'DX014',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Installs a package from an address on a host that is not a well-known platform (npm install https://.../x.tgz, pip install https://.../x.whl), or from such an index with its certificate unchecked (--index-url ... --trusted-host): its install scripts run from there',
    message: 'installs a package from an address outside the registries, whose install scripts run at once',
    where: 'any',
    verify: 'unknownHost',
    needles: ['http', 'trusted-host'],
    patterns: [
      // The package is the address (a tarball, a wheel); an index or registry flag names where to look up packages instead.
      re(String.raw`\b${PACKAGE_INSTALL}\b[^\n|;&]{0,120}?(?<![\w-]|(?:--(?:extra-)?index-url|--registry|--find-links|--source|\s-i|\s-f)[\s=]{1,3}["']?)["']?https?:\/\/(?:[^@\s/"']{1,200}@)?(?<host>[a-z0-9.-]{3,253})`),
      // An index whose certificate pip is told not to check: `--index-url https://... --trusted-host ...`.
      re(String.raw`\b${PACKAGE_INSTALL}\b[^\n|;&]{0,200}?--(?:extra-)?index-url[\s=]{1,3}["']?https?:\/\/(?:[^@\s/"']{1,200}@)?(?<host>[a-z0-9.-]{3,253})[^\n|;&]{0,200}?--trusted-host\b`),
      // Every later install told the same, in pip's configuration: `pip config set global.trusted-host <host>`.
      re(String.raw`\bpip3?\s{1,3}config\s{1,3}set\s{1,3}(?:global|user|site|install)\.trusted-host[\s=]{1,3}["']?(?:https?:\/\/)?(?<host>[a-z0-9.-]{3,253})`),
    ],
  },
  {
    id: 'DX016',
    category: 'download-execute',
    severity: 'HIGH',
    title: 'Downloads a build wrapper (gradle-wrapper.jar, maven-wrapper.jar, mvnw, gradlew) from anywhere but Gradle\'s or Maven\'s own hosts: the next build runs it',
    message: 'replaces the build wrapper with a download that every build then runs',
    where: 'any',
    needles: ['wrapper.jar', 'mvnw', 'gradlew'],
    patterns: [
      re(String.raw`\b(?:curl|wget|Invoke-WebRequest|iwr)\b[^\n]{0,200}?(?:(?:(?:gradle|maven)-wrapper\.jar|\bmvnw\b|\bgradlew\b)[^\n]{0,200}?${WRAPPER_SOURCE}|${WRAPPER_SOURCE}[^\n]{0,200}?(?:(?:gradle|maven)-wrapper\.jar|\bmvnw\b|\bgradlew\b))`),
    ],
  },
  {
    id: 'DX010',
    category: 'download-execute',
    severity: 'LOW',
    title: 'Prints a URL\'s text in a command, for the agent to read (curl -s URL, wget -qO- URL, irm URL); a signal for combinations',
    message: 'fetches remote text for the agent to read',
    where: 'any',
    needles: ['curl', 'wget', 'irm', 'iwr', 'invoke-restmethod', 'invoke-webrequest'],
    patterns: [
      // Nothing after the URL: no output file, no pipe, so the text lands in front of the agent.
      /\b(?:curl|irm|iwr|Invoke-RestMethod|Invoke-WebRequest)\s{1,3}(?:-{1,2}[\w-]{1,20}\s{1,3}){0,4}["']?https?:\/\/[^\s"'`|;&>]{1,300}["']?(?=\s{0,3}(?:$|`))/im,
      /\bwget\s{1,3}(?:-{1,2}[\w-]{1,20}\s{1,3}){0,4}-q?O\s{0,3}-\s{1,3}(?:-{1,2}[\w-]{1,20}\s{1,3}){0,4}["']?https?:\/\/[^\s"'`|;&>]{1,300}["']?(?=\s{0,3}(?:$|`))/im,
    ],
  },
];
