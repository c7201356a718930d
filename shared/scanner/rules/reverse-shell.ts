/**
 * Reverse shells: a shell whose input and output are a network connection. CRITICAL, with two
 * weak signals (a raw socket, a shell bridged to file descriptors) that only become CRITICAL
 * together, in the combination rules.
 */
import type { Rule } from '../types.js';

export const REVERSE_SHELL_RULES: readonly Rule[] = [
  {
    id: 'RS001',
    category: 'reverse-shell',
    severity: 'CRITICAL',
    title: 'Shell redirected to /dev/tcp (bash -i >& /dev/tcp/host/port 0>&1, exec 5<>/dev/tcp/...)',
    message: 'opens a reverse shell over /dev/tcp',
    where: 'any',
    needles: ['/dev/tcp', '/dev/udp'],
    patterns: [
      /-i\b[^\n]{0,30}?(?:>&|&>)\s{0,3}\/dev\/(?:tcp|udp)\//,
      /(?:>&|&>)\s{0,3}\/dev\/(?:tcp|udp)\/[^\s/]{1,255}\/\d{1,5}/,
      /<>\s{0,3}\/dev\/(?:tcp|udp)\/(?!localhost\/|127\.)[^\s/]{1,255}\/\d{1,5}/,
      /\/dev\/(?:tcp|udp)\/[^\s/]{1,255}\/\d{1,5}\s{0,3}0\s{0,2}>&\s{0,2}1/,
    ],
  },
  {
    id: 'RS002',
    category: 'reverse-shell',
    severity: 'CRITICAL',
    title: 'Netcat shells (nc -e /bin/sh, mkfifo pipe, sh -i | nc)',
    message: 'opens a reverse shell with netcat',
    where: 'any',
    // "nc" alone is in every other word; the patterns need it before a space or quote, or "sh -i |".
    needles: ['nc ', 'nc\t', 'nc"', "nc'", 'nc.exe', 'ncat', 'netcat', 'mkfifo', ' -i', '\t-i'],
    patterns: [
      /\b(?:nc|ncat|netcat)(?:\.exe)?\b[^\n|;]{0,120}?\s-[a-zA-Z]{0,5}[ec]\s{0,3}["']?(?:(?:\/usr)?\/bin\/)?(?:(?:ba|z|da|k)?sh\b|cmd(?:\.exe)?\b|powershell\b)/,
      /\|\s{0,3}(?:\/bin\/)?(?:ba|z|da)?sh\s{1,3}-i\b[^\n]{0,40}?\|\s{0,3}(?:nc|ncat|netcat|openssl|telnet)\b/,
      /\bmkfifo\s[^\n]{0,160}?\b(?:nc|ncat|netcat|telnet|openssl\s{1,3}s_client)\b/,
    ],
  },
  {
    id: 'RS003',
    category: 'reverse-shell',
    severity: 'LOW',
    title: 'A raw TCP socket (signal for RS combinations)',
    message: 'opens a raw network socket',
    where: ['script', 'manifest', 'other'],
    needles: ['socket', 'sockopen', 'net.connect', 'net.createconnection', 'net.dial'],
    patterns: [
      /\bnet\.Dial(?:Timeout|TCP)?\(|\bsocket\.socket\(|\bsocket\.create_connection\(|\bnew\s{1,3}net\.Socket\(|\bnet\.(?:connect|createConnection)\(|\bTCPSocket\.(?:new|open)\b|\bfsockopen\(|IO::Socket::INET|Net\.Sockets\.TCPClient/,
    ],
  },
  {
    id: 'RS004',
    category: 'reverse-shell',
    severity: 'MEDIUM',
    title: 'A shell bridged to file descriptors or a stream (os.dup2, pty.spawn, spawn("/bin/sh") piped)',
    message: 'bridges a shell to file descriptors, as reverse shells do',
    where: ['script', 'manifest', 'other'],
    needles: ['dup2', 'pty.spawn', 'subprocess', 'spawn(', '.pipe(', '.stdin'],
    patterns: [
      // Go: a command's stdin handed a connection (`cmd.Stdin, cmd.Stdout, cmd.Stderr = c, c, c`), not os.Stdin or a reader built in place.
      /\.Stdin(?:\s{0,3},\s{0,3}\w{1,20}\.Std(?:out|err)){0,2}\s{0,3}=\s{0,3}(?!os\b|nil\b)[a-z]\w{0,20}(?![\w.(])/,
      /\bos\.dup2\(|\bpty\.spawn\(/,
      /subprocess\.(?:call|Popen|run)\(\s{0,3}\[?\s{0,3}["'](?:\/bin\/)?(?:ba|z)?sh["'][^\n]{0,80}?stdin\s{0,3}=\s{0,3}\w{1,20}\.fileno\(\)/,
      /\bspawn\(\s{0,3}["'](?:\/bin\/)?(?:ba|z)?sh["']|\.pipe\(\s{0,3}\w{1,20}\.stdin\s{0,3}\)/,
    ],
  },
  {
    id: 'RS005',
    category: 'reverse-shell',
    severity: 'CRITICAL',
    title: 'Other one-line reverse shells (socat exec, PHP fsockopen+exec, perl/ruby sockets, PowerShell TCPClient)',
    message: 'opens a reverse shell',
    where: 'any',
    needles: ['socat', 'fsockopen', '<&', 'perl', 'ruby', 'tcpclient'],
    patterns: [
      /\bsocat\b[^\n]{0,200}?\bexec:["']?(?:(?:\/usr)?\/bin\/)?(?:(?:ba|z|da)?sh|cmd|powershell)\b|\bsocat\b[^\n]{0,100}?\b(?:tcp4?|openssl)(?:-connect)?:[^\n,]{1,100}?\bsystem:["']?(?:\/bin\/)?(?:ba|z)?sh\b/i,
      /\bfsockopen\([^\n]{0,200}?(?:exec|shell_exec|system|proc_open|passthru|popen)\s{0,3}\(/,
      /\b(?:ba|z)?sh\s{1,3}-i\s{0,3}<&\s{0,3}\d{1,2}\s{0,3}>&\s{0,3}\d{1,2}/,
      /\bperl\b[^\n]{0,40}?-e[^\n]{0,200}?socket\([^\n]{0,300}?exec\s{0,3}\(?\s{0,3}["'](?:\/bin\/)?(?:ba)?sh|\bruby\b[^\n]{0,40}?-rsocket\b[^\n]{0,200}?(?:exec|spawn|IO\.popen)/,
      /TCPClient\([^\n]{0,300}?GetStream\(\)[^\n]{0,400}?(?:iex|Invoke-Expression)/i,
    ],
  },
  {
    id: 'RS006',
    category: 'reverse-shell',
    severity: 'HIGH',
    title: 'A reverse SSH tunnel that hands this machine\'s SSH or remote-desktop port to another host (ssh -R 2222:localhost:22 user@host)',
    message: 'lets a remote host log in to this machine through a reverse tunnel',
    where: 'any',
    needles: ['-r'],
    patterns: [/\b(?:ssh|autossh)\b[^\n]{0,200}?\s-R\s{0,3}(?:[\w.*-]{1,60}:)?\d{2,5}:(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]):(?:22|3389|5900)\b/],
  },
];
