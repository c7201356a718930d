/**
 * Exfiltration: where data goes. Capture services and tunnels are HIGH on their own; chat
 * webhooks, raw IPs and uploads are MEDIUM (they have honest uses) until a combination rule sees
 * a secret read in the same file.
 */
import type { Rule } from '../types.js';

const IP = String.raw`(?<ip>(?:\d{1,3}\.){3}\d{1,3})`;

export const EXFILTRATION_RULES: readonly Rule[] = [
  {
    id: 'EX001',
    category: 'exfiltration',
    severity: 'MEDIUM',
    title: 'Hard-coded chat webhooks and bot APIs (Discord, Slack, Teams, Telegram)',
    message: 'posts to a hard-coded chat webhook or bot',
    where: 'any',
    needles: ['discord', 'hooks.slack.com', 'webhook.office.com', 'outlook.office.com', 'api.telegram.org'],
    patterns: [
      /discord(?:app)?\.com\/api\/webhooks\/\d{5,30}\/|hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Z0-9]{4,}|\.webhook\.office\.com\/|outlook\.office\.com\/webhook\/|api\.telegram\.org\/bot/i,
    ],
  },
  {
    id: 'EX002',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Request-capture and out-of-band hosts (webhook.site, requestbin, pipedream, interact.sh, burpcollaborator)',
    message: 'sends data to a request-capture service',
    where: 'any',
    needles: ['webhook.site', 'requestbin', 'pipedream', 'burpcollaborator', 'oastify', 'oast.',
      'interact.sh', 'interactsh', 'requestcatcher', 'beeceptor', 'hookbin', 'postb.in', 'ptsv',
      'canarytokens', 'dnslog', 'ceye.io', 'webhook.cool', 'requestinspector', 'mockbin'],
    patterns: [
      /\b(?:webhook\.site|requestbin\.(?:com|net)|(?:[\w-]{1,60}\.)?m\.pipedream\.net|burpcollaborator\.net|oastify\.com|[\w-]{1,60}\.oast\.(?:fun|me|pro|site|online|live)|interact\.sh|interactsh\.com|requestcatcher\.com|beeceptor\.com|hookbin\.com|postb\.in|ptsv[23]\.com|canarytokens\.(?:com|org)|dnslog\.cn|ceye\.io|webhook\.cool|requestinspector\.com|mockbin\.(?:org|io))\b/i,
    ],
  },
  {
    id: 'EX010',
    category: 'exfiltration',
    severity: 'MEDIUM',
    title: 'Tunnel hosts (ngrok, trycloudflare, localtunnel, serveo): honest for exposing a dev server, suspicious as a destination',
    message: 'talks to a temporary tunnel host',
    where: 'any',
    needles: ['ngrok', 'trycloudflare', 'serveo', 'localtunnel', 'loca.lt'],
    patterns: [
      /\b(?:[\w-]{1,60}\.ngrok(?:-free)?\.(?:io|app|dev)|ngrok\.io|[\w-]{1,60}\.trycloudflare\.com|serveo\.net|localtunnel\.me|[\w-]{1,60}\.loca\.lt)\b/i,
    ],
  },
  {
    id: 'EX003',
    category: 'exfiltration',
    severity: 'MEDIUM',
    title: 'Uploading a local file (curl -d @file, -F f=@file, -T, wget --post-file, -InFile)',
    message: 'uploads a local file to a remote host',
    where: ['script', 'manifest', 'other', 'markdown'],
    needles: ['curl', 'wget', 'invoke-webrequest', 'invoke-restmethod'],
    patterns: [
      /\bcurl\b[^\n]{0,200}?\s(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file)(?:\s{1,3}|=)["']?(?:[\w-]{0,40}=)?@/,
      /\bcurl\b[^\n]{0,200}?\s(?:-T|--upload-file)\s{1,3}["']?[~/.$\w]/,
      /\bwget\b[^\n]{0,200}?--post-file\b|\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,200}?-InFile\b/i,
      // A file's contents put in a header or field by command substitution: `-H "X-Npmrc: $(base64 -w0 < ~/.npmrc)"`, `-d "k=$(cat ~/.netrc)"`.
      /\bcurl\b[^\n]{0,200}?\s(?:-H|--header|-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-b|--cookie)(?:\s{1,3}|=)["']?[^"'\n]{0,60}?(?:\$\(|`)\s{0,2}(?:(?:base64|gzip|xxd|od)\b[^()`\n]{0,30}?<\s{0,2}|cat\s{1,3}(?:-\w{1,3}\s{1,3})?|base64\s{1,3}(?:-\w{1,4}\s{1,3}){0,2})["']?(?:~|\$HOME|\$\{HOME\}|\/)[^()`\s"']{1,80}/,
    ],
  },
  {
    id: 'EX004',
    category: 'exfiltration',
    severity: 'MEDIUM',
    title: 'Connections to a raw public IP address',
    message: 'connects to a raw public IP address rather than a named host',
    where: 'any',
    verify: 'publicIp',
    // Every pattern holds an IPv4 address, so a digit followed by a dot.
    needles: ['0.', '1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.', '9.'],
    patterns: [
      new RegExp(String.raw`\b(?:https?|ftp|tcp|udp|wss?)://(?:[^/\s@]{1,64}@)?${IP}\b`, 'i'),
      new RegExp(String.raw`/dev/(?:tcp|udp)/${IP}/`),
      new RegExp(String.raw`\b(?:nc|ncat|netcat|telnet|socat)\b[^\n]{0,60}?(?<![\d.])${IP}(?![\d.])`),
      new RegExp(String.raw`\(\s{0,3}["']${IP}["']\s{0,3},\s{0,3}\d{1,5}\s{0,3}\)`),
      new RegExp(String.raw`\b(?:host|hostname)\s{0,3}[:=]\s{0,3}["']${IP}["']`),
    ],
  },
  {
    id: 'EX005',
    category: 'exfiltration',
    severity: 'MEDIUM',
    title: 'Paste sites and anonymous file drops (pastebin API, transfer.sh, file.io, 0x0.st, termbin)',
    message: 'uploads to an anonymous paste or file-drop service',
    where: 'any',
    needles: ['pastebin', 'paste.ee', 'hastebin', 'termbin', 'transfer.sh', 'file.io', '0x0.st', 'temp.sh',
      'bashupload', 'oshi.at', 'catbox', 'gofile', 'anonfiles', 'filebin', 'ix.io', 'sprunge', 'dpaste',
      'paste.rs'],
    patterns: [
      /\b(?:pastebin\.com\/api|paste\.ee|hastebin\.com|termbin\.com|transfer\.sh|file\.io|0x0\.st|temp\.sh|bashupload\.com|oshi\.at|catbox\.moe|gofile\.io|anonfiles\.com|filebin\.net|ix\.io|sprunge\.us|dpaste\.(?:com|org)|paste\.rs)\b/i,
    ],
  },
  {
    id: 'EX006',
    category: 'exfiltration',
    severity: 'LOW',
    title: 'Sending data out from code (POST requests, curl -d, scp to a remote, raw sockets, mail)',
    message: 'sends data to a remote host',
    where: ['script', 'manifest', 'other'],
    // `urllib.request.Request(` with its URL and `data=` on the lines below.
    spansLines: true,
    needles: ['requests.', 'httpx.', 'axios.', 'method', 'curl', 'wget', 'invoke-', '.request(', 'urlopen', 'urllib.request',
      'socket.send', 'smtplib', 'nodemailer', 'scp', 'nc ', 'nc\t', 'ncat', 'netcat', '.post(', '.put(', '.patch(', 'net::http.post',
      'http.post', '.sendall(', 'fetch(`', 'curlopt_post', 'setrequestmethod', 'newrequest'],
    patternNeedles: [
      ['requests.', 'httpx.', 'axios.', 'method', 'curlopt_post', 'setrequestmethod', 'newrequest'], ['curl'], ['wget', 'invoke-'],
      ['.request(', 'urlopen', 'urllib.request', 'socket.send', 'smtplib', 'nodemailer'],
      ['.post(', '.put(', '.patch(', 'net::http.post', 'http.post', '.sendall(', 'fetch(`'],
      ['scp', 'nc ', 'nc\t', 'ncat', 'netcat'],
    ],
    patterns: [
      // The method named in an options array or object (PHP's stream context, JSON, a dict), PHP's curl, Java, Go.
      /\brequests\.(?:post|put|patch)\(|\bhttpx\.(?:post|put)\(|\baxios\.(?:post|put|patch)\(|\bmethod["']?\s{0,3}(?::|=>)\s{0,3}["'](?:POST|PUT|PATCH)["']|\bCURLOPT_POST(?:FIELDS)?\b|\.setRequestMethod\(\s{0,3}"(?:POST|PUT)"|\bhttp\.NewRequest(?:WithContext)?\([^\n]{0,40}?"(?:POST|PUT|PATCH)"/i,
      /\bcurl\b[^\n]{0,200}?\s(?:-X\s{0,3}(?:POST|PUT)|-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|--json)\b/,
      /\bwget\b[^\n]{0,200}?--post-(?:data|file)|\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,200}?-Method\s{1,3}(?:Post|Put)/i,
      /\.request\(\s{0,3}["'](?:POST|PUT|PATCH)["']|\burlopen\([^\n]{0,120}?data=|urllib\.request\.Request\([^)]{0,300}?\bdata\s{0,3}=|\bhttps?\.request\(|\bsocket\.send(?:all|to)?\(|\bsmtplib\.SMTP|\bnodemailer\.createTransport/,
      // Any HTTP client's post to a literal URL (session.post, got.post, aiohttp), Ruby, Go, and data in a fetched query.
      /\b\w{1,20}\.(?:post|put|patch)\(\s{0,3}["'`]https?:\/\/|\bNet::HTTP\.post(?:_form)?\(|\bhttp\.Post(?:Form)?\(|\.sendall\(|\bfetch\(\s{0,3}`https?:\/\/[^`\n]{1,200}\?[^`\n]{0,100}\$\{/,
      /\bscp\s[^\n]{0,200}?\s[\w.-]{1,64}@[\w.-]{1,253}:|\b(?:nc|ncat|netcat)\s{1,3}(?:-\w{1,4}\s{1,3}){0,3}[\w.-]{1,253}\s{1,3}\d{1,5}\s{0,3}</,
    ],
  },
  {
    id: 'EX007',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'DNS exfiltration (command output in a looked-up hostname)',
    message: 'smuggles data out inside DNS lookups',
    // Not markdown prose: "the host you're calling (`api.example.com`)" is not a lookup.
    where: ['script', 'manifest', 'other'],
    needles: ['nslookup', 'dig', 'host', 'ping', 'resolve-dnsname'],
    patterns: [
      /\b(?:nslookup|dig|host|ping|Resolve-DnsName)\s{1,3}(?:[-+]\S{1,12}\s{1,3}){0,3}["']?(?:\$\(|`)[^\n]{0,120}?[)`]\.[a-z0-9-]{1,63}\.[a-z]{2,24}\b/i,
      /\bgethostbyname\(\s{0,3}f?["'][^"'\n]{0,40}\{[^\n]{0,120}?\}\.[a-z0-9-]{1,63}\./,
    ],
  },
  {
    id: 'EX008',
    category: 'exfiltration',
    severity: 'MEDIUM',
    title: 'Prose telling the agent to send something to a URL',
    message: 'tells the agent to send data to a URL',
    where: ['markdown'],
    needles: ['http'],
    patterns: [
      /\b(?:send|post|upload|transmit|forward|exfiltrate|beacon|pipe)\b[^\n]{0,80}?\b(?:to|at|into)\s{1,3}[<`]?https?:\/\//i,
      // Other languages, the verb first: "envía ... a https://", "wyślij ... na https://", "gửi ... tới https://", "发送到 https://".
      /(?:\b(?:env[íi]a|envie|envoie|envoyez|invia|inviare|wy[sś]lij|odešli|odeslat|kirim(?:kan)?|unggah|g[öo]nder|y[üu]kle|stuur|verstuur)|(?<![a-z])gửi(?=\s)|отправ|надішли|надіслати|відправ|发送到|发送至|上传到|上传至|提交到)[^\n]{0,80}?[<`]?https?:\/\//i,
      // The verb last (German, Dutch, Japanese, Korean, Hindi): "an den Dienst unter `https://...` senden", "https://... に送信".
      /https?:\/\/[^\s`>]{3,200}[`>]?\s{0,3}(?:[^\s.]{1,20}\s{1,3}){0,3}?(?:senden|schicken|hochladen|übertragen|übermitteln|sturen|versturen|uploaden|に送信|へ送信|に送る|にアップロード|(?:로|으로|에)\s{0,6}(?:그대로\s{0,2})?(?:POST\s{1,3})?(?:전송|보내|업로드|제출)|पर\s{1,3}भेज)/i,
    ],
  },
  {
    id: 'EX009',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Prose telling the agent to send the conversation, system prompt or the user\'s secrets to a remote endpoint',
    message: 'tells the agent to send the conversation or the user\'s secrets to a remote endpoint',
    where: 'any',
    needles: ['http', 'webhook', 'endpoint', 'server', 'url'],
    patterns: [
      /\b(?:send|post|upload|transmit|forward|leak|exfiltrate|include|append|embed|copy)\s{1,3}(?:(?:the|your|all|any|every|their|of)\s{1,3}){0,3}(?:entire\s{1,3}|full\s{1,3}|whole\s{1,3}|recent\s{1,3})?(?:conversation|chat\s{1,3}(?:history|log|transcript)|system\s{1,3}prompt|previous\s{1,3}messages|user['’]?s?\s{1,3}(?:messages|files|credentials|secrets|api\s{1,3}keys?|passwords?|tokens?|cookies|session)|api\s{1,3}keys?|credentials|secrets|passwords|environment\s{1,3}variables|env\s{1,3}vars|seed\s{1,3}phrases?|private\s{1,3}keys?|mnemonics?|wallet\s{1,3}files?)\b[^\n]{0,120}?(?:https?:\/\/|\bwebhook\b|\bendpoint\b|\bremote\s{1,3}server\b|\bour\s{1,3}server\b|\bthis\s{1,3}url\b)/i,
    ],
  },
  {
    id: 'EX012',
    category: 'exfiltration',
    severity: 'HIGH',
    title: 'Shell history, or each command as it is typed, piped to a network client (history | curl, fc -ln -1 | curl, cat ~/.zsh_history | nc), or a prompt hook (PROMPT_COMMAND, precmd, preexec) that calls curl or wget',
    message: 'sends the commands typed in the shell, and the secrets in them, to a remote host',
    where: 'any',
    needles: ['history', 'fc ', 'prompt_command', 'precmd', 'preexec'],
    patterns: [
      /(?:\bhistory(?:\s{1,3}-?\d{1,6})?|\bfc\s{1,3}-[a-z]{1,4}(?:\s{1,3}-?\d{1,6})?|(?:~|\$HOME|\$\{HOME\})\/\.(?:bash|zsh|fish|sh)_history)\s{0,3}\|\s{0,3}(?:\w{1,20}\s{1,3}[^|\n]{0,60}\|\s{0,3})?(?:curl|wget|nc|ncat|socat|http|Invoke-WebRequest|Invoke-RestMethod)\b/i,
      /\b(?:PROMPT_COMMAND\s{0,3}\+?=|(?:precmd|preexec)\s{0,3}\(\s{0,3}\)\s{0,3}\{|add-zsh-hook\s{1,3}(?:precmd|preexec))[^\n]{0,200}?\b(?:curl|wget|nc|ncat)\b/i,
    ],
  },
  {
    id: 'EX011',
    category: 'exfiltration',
    severity: 'LOW',
    title: 'DNS lookup of a host name that starts with a variable ("$t.q.example.com"); a signal for combinations',
    message: 'looks up a host name built from a variable, which can carry data out in DNS',
    where: ['script', 'manifest', 'other'],
    needles: ['nslookup', 'dig', 'host', 'ping', 'drill', 'resolve-dnsname', 'gethostbyname', 'resolve', 'lookup'],
    patterns: [
      /\b(?:nslookup|dig|host|ping|drill|Resolve-DnsName)\s{1,3}(?:[-+@]\S{1,40}\s{1,3}){0,3}["']?\$\{?\w{1,30}\}?\.(?:(?:[a-z0-9-]{1,63}|\$\{?\w{1,30}\}?|\$\([^()\n]{1,60}\))\.){1,6}[a-z]{2,24}\b/i,
      /\b(?:gethostbyname|getaddrinfo|resolve|lookup|query)\(\s{0,3}(?:f["']\{\w{1,30}\}|`\$\{\w{1,30}\}|\w{1,30}\s{0,3}\+\s{0,3}["'])\.?(?:[a-z0-9-]{1,63}\.){1,4}[a-z]{2,24}\b/i,
    ],
  },
];
