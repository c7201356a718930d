/**
 * Obfuscated payloads. Decoding and executing in one breath is HIGH by itself; everything
 * encoded is also decoded (../decode.ts) and rescanned, and OB003 reports what it hid.
 */
import type { Rule } from '../types.js';
import { SHELL, re } from './fragments.js';

export const OBFUSCATION_RULES: readonly Rule[] = [
  {
    id: 'OB001',
    category: 'obfuscation',
    severity: 'HIGH',
    title: 'Decode then execute (eval(atob(...)), exec(base64.b64decode(...)), base64 -d | sh, powershell -enc)',
    message: 'decodes a hidden payload and executes it',
    where: 'any',
    needles: ['eval', 'function', 'settimeout', 'setinterval', 'exec', 'os.system', 'subprocess', 'base64', 'xxd',
      'rev', 'printf', 'powershell', 'pwsh', 'frombase64string', 'b64decode', 'codecs.decode', 'bytes.fromhex', 'zlib.decompress', 'atob(', 'buffer.from('],
    patternNeedles: [
      ['eval', 'function', 'settimeout', 'setinterval'], ['b64decode', 'codecs.decode', 'bytes.fromhex', 'zlib.decompress', 'atob(', 'buffer.from('],
      ['exec', 'eval'], ['exec', 'eval', 'os.system', 'subprocess'],
      ['base64', 'xxd', 'rev'], ['printf', 'base64', 'xxd', 'rev'], ['powershell', 'pwsh', 'frombase64string'],
    ],
    patterns: [
      /\b(?:eval|Function|setTimeout|setInterval)\s{0,3}\(\s{0,3}(?:window\.)?(?:atob|Buffer\.from|unescape|decodeURIComponent|String\.fromCharCode)\s{0,3}\(|\bnew\s{1,3}Function\s{0,3}\([^\n]{0,60}?(?:atob|Buffer\.from|fromCharCode)\(/,
      // An interpreter's -c or -e handed decoded text: [sys.executable, "-c", base64.b64decode(blob).decode()].
      /["']-[ce]["']\s{0,3},\s{0,3}(?:base64\.\w{0,10}b64decode|codecs\.decode|bytes\.fromhex|zlib\.decompress|atob\(|Buffer\.from\([^\n)]{0,80}?["'](?:base64|hex)["'])/,
      /\b(?:exec|eval)\s{0,3}\(\s{0,3}(?:compile\(\s{0,3})?(?:base64\.(?:b64decode|b32decode|b85decode|a85decode|urlsafe_b64decode)|codecs\.decode|bytes\.fromhex|zlib\.decompress|marshal\.loads|binascii\.(?:unhexlify|a2b_base64)|__import__\(\s{0,3}["'](?:base64|zlib|codecs|marshal|binascii)["']\))/,
      /\b(?:exec|eval|os\.system|subprocess\.\w{1,12})\s{0,3}\([^\n]{0,300}?\[\s{0,2}::\s{0,2}-1\s{0,2}\]/,
      re(String.raw`\bbase64\s{1,3}(?:-d|--decode|-D)\b[^\n|]{0,200}\|\s{0,3}${SHELL}|\|\s{0,3}base64\s{1,3}(?:-d|--decode|-D)\s{0,3}\|\s{0,3}${SHELL}|\bxxd\s{1,3}-r\s{1,3}-p\b[^\n|]{0,100}\|\s{0,3}${SHELL}|\|\s{0,3}rev\s{0,3}\|\s{0,3}${SHELL}`),
      re(String.raw`\bprintf\s{1,3}["'](?:\\x[0-9a-fA-F]{2}){4,}[^\n|]{0,200}\|\s{0,3}${SHELL}|\b(?:eval|${SHELL}\s{1,3}-c)\s{1,3}["']?\$\(\s{0,3}(?:echo|printf)\s[^\n]{0,300}?\|\s{0,3}(?:base64\s{1,3}(?:-d|--decode)|xxd\s{1,3}-r|rev)\b`),
      /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,100}?\s-(?:e|ec|enc|encodedcommand)\s{1,3}[A-Za-z0-9+/=]{20,}|FromBase64String\([^\n]{0,300}?(?:iex|Invoke-Expression)|(?:iex|Invoke-Expression)[^\n]{0,100}?FromBase64String/i,
    ],
  },
  {
    id: 'OB002',
    category: 'obfuscation',
    severity: 'MEDIUM',
    title: 'Code built from character codes or packed (String.fromCharCode chains, chr() chains, eval(function(p,a,c,k,e,d))',
    message: 'builds code from character codes or a packer, which hides what it runs',
    where: ['script', 'manifest', 'other'],
    needles: ['fromcharcode', 'chr(', 'eval(function'],
    patterns: [
      /String\.fromCharCode\(\s{0,3}(?:0x)?[\da-fA-F]{1,5}(?:\s{0,3},\s{0,3}(?:0x)?[\da-fA-F]{1,5}){7}/,
      /(?:chr\(\d{1,7}\)\s{0,3}\+\s{0,3}){5}chr\(\d{1,7}\)/,
      /eval\(function\(p,a,c,k,e,[rd]\)/,
    ],
  },
  {
    id: 'OB003',
    category: 'obfuscation',
    severity: 'HIGH',
    title: 'Encoded text (base64, hex, escapes, char codes) that decodes to something another rule flags at MEDIUM or above',
    message: 'hides a payload in encoded text',
    where: 'any',
    detector: 'encodedPayload',
  },
  {
    id: 'OB004',
    category: 'obfuscation',
    severity: 'MEDIUM',
    title: 'Dynamic imports to reach a shell (__import__("os").system, getattr(__import__), require("child_process")[...])',
    message: 'reaches shell execution through dynamic lookups',
    where: ['script', 'manifest', 'other'],
    needles: ['__import__', 'child_process', 'constructor'],
    patterns: [
      /__import__\(\s{0,3}["'](?:os|subprocess|pty|socket)["']\s{0,3}\)\s{0,3}\.\s{0,3}(?:system|popen|spawn|call|Popen|check_output|run)\b|\bgetattr\(\s{0,3}__import__\(/,
      /\brequire\(\s{0,3}["'](?:node:)?child_process["']\s{0,3}\)\s{0,3}\[|\[\s{0,3}["']constructor["']\s{0,3}\]\s{0,3}\(\s{0,3}["']return\b/,
    ],
  },
  {
    id: 'OB005',
    category: 'obfuscation',
    severity: 'LOW',
    title: 'Long runs of \\x escapes in code',
    message: 'spells text with hex escapes',
    where: ['script', 'manifest', 'other'],
    needles: ['\\x'],
    patterns: [/(?:\\x[0-9a-fA-F]{2}){16}/],
  },
  {
    id: 'OB006',
    category: 'obfuscation',
    severity: 'HIGH',
    title: 'Text encoded three or more times over (base64 of base64 of base64, hex of base64 of ...)',
    message: 'nests encodings three or more layers deep, which only hides what is inside',
    where: 'any',
    detector: 'encodedPayload',
  },
];
