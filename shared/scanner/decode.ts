/**
 * Finds encoded text (base64, long hex strings, `\x` escapes, `String.fromCharCode` and
 * `chr()` chains) and decodes it, so the rules can look inside. Binary results are dropped:
 * an inline PNG is base64 too, and must stay safe.
 */
import { isUtf8 } from 'node:buffer';
import { gunzipSync, inflateSync } from 'node:zlib';

/** How a blob was encoded, for the finding's message. */
export type Encoding = 'base64' | 'hex' | 'escapes' | 'char codes' | 'split-string' | 'argument list' | 'reversed';

/** A decoded blob found on one line (0-based). */
export interface DecodedBlob {
  line: number;
  encoding: Encoding;
  text: string;
  /**
   * Whether decoding made the text shorter than its encoded run (or inflated a compressed
   * stream). Only such blobs are decoded again: a layer that does not shrink is not hiding
   * another layer, and shrinking guarantees the nesting ends.
   */
  shrank: boolean;
  /**
   * False for text that was only rewritten, not hidden (a command given as an argument list):
   * its findings are the code's own, not an encoded payload's, and it is not decoded again.
   */
  hidden: boolean;
}

/**
 * What is left to decode for one submitted file, shared by every layer of its nesting, so that
 * base64 inside base64 inside ... costs at most this much in all.
 */
export interface DecodeBudget {
  blobs: number;
  chars: number;
}

/** At least 40 base64 characters: shorter runs are identifiers and hashes, not payloads. */
const BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{40,}={0,2}/g;
const HEX = /(?<![0-9a-fA-F])[0-9a-fA-F]{40,}(?![0-9a-fA-F])/g;
const ESCAPES = /(?:\\x[0-9a-fA-F]{2}|\\u00[0-9a-fA-F]{2}|\\[0-7]{3}){8,}/g;
const CHAR_CODES = /fromCharCode\(([\dxXa-fA-F\s,]{8,20000})\)/g;
const CHR_CHAIN = /(?:chr\(\d{1,7}\)\s{0,3}\+\s{0,3}){5,}chr\(\d{1,7}\)/g;
/**
 * A list of 8 or more small numbers (`[99, 117, 114, ...]`, Go's `[]byte{...}`), read as
 * character codes only in a file that turns codes into text somewhere (fromCharCode, chr,
 * bytes(...).decode, string(b)): the list is often defined far from that call.
 */
const CODE_LIST = /[[{(]\s{0,3}(?:\d{1,3}\s{0,3},\s{0,3}){7,4000}\d{1,3}\s{0,3},?\s{0,3}[\]})]/g;
const TURNS_CODES_INTO_TEXT = /fromCharCode|\bchr\(|\bbytes\(|\bbytearray\(|\[\]byte\{|\bstring\(\w{1,30}\)|\.pack\(["']c\*|\[char\[\]\]|\[char\]/;
/**
 * A word cut into short string literals and glued back at run time (`"." + "s" + "sh"`,
 * `["id_", "rs", "a"].join("")`): three or more pieces of at most 8 characters. Honest code
 * wraps long strings in long pieces.
 */
const PIECE = String.raw`(?:"[^"\\\n]{1,8}"|'[^'\\\n]{1,8}')`;
const SPLIT_CONCAT = new RegExp(String.raw`${PIECE}(?:\s{0,3}\+\s{0,3}${PIECE}){2,40}`, 'g');
/** Two pieces of at most 6 characters (`'.'+'aws'`, `'cred'+'entials'`): a word cut once. */
const SHORT = String.raw`(?:"[^"\\\n]{1,6}"|'[^'\\\n]{1,6}')`;
const SPLIT_PAIR = new RegExp(String.raw`(?<![\w"'+]\s{0,3})${SHORT}\s{0,3}\+\s{0,3}${SHORT}(?!\s{0,3}\+)`, 'g');
const SPLIT_JOIN = new RegExp(String.raw`(?:["']{2}\s{0,3}\.join\(\s{0,3})?\[\s{0,3}${PIECE}(?:\s{0,3},\s{0,3}${PIECE}){2,40}\s{0,3},?\s{0,3}\](?:\s{0,3}\.join\(\s{0,3}["']{2}\s{0,3}\))?`, 'g');
/**
 * A command or path assembled from literals and names (`'cu' + 'rl -s ' + h + ' -d "$(cat ~/.n' +
 * 'pmrc)"'`): three literals or more, two of them short, glued with each name kept as `${name}`.
 */
const LONG_PIECE = String.raw`(?:"[^"\\\n]{0,60}"|'[^'\\\n]{0,60}')`;
const NAME = String.raw`[A-Za-z_$][\w$]{0,30}`;
const MIXED_CONCAT = new RegExp(String.raw`(?:${LONG_PIECE}|${NAME})(?:\s{0,3}\+\s{0,3}(?:${LONG_PIECE}|${NAME})){2,40}`, 'g');
/**
 * A command given as a list of arguments (`subprocess.run(["security", "dump-keychain", "-d"])`,
 * `exec.Command("nc", host, "4444")`): the literals joined by spaces read as the shell command
 * the rules know. Not an encoding: its findings are reported as the command's own.
 */
const PROCESS_CALL = /\b(?:subprocess\.\w{2,14}|Popen|check_output|check_call|call|run|spawn|spawnSync|execFile|execFileSync|execa|execvpe?|execv|Command|ProcessBuilder|Start-Process|system)\s{0,3}\(\s{0,3}[[{]?/;
const ARGUMENTS = /(?:"[^"\\\n]{1,80}"|'[^'\\\n]{1,80}')(?:\s{0,3},\s{0,3}(?:"[^"\\\n]{1,80}"|'[^'\\\n]{1,80}'|[A-Za-z_][\w.]{0,30})){1,40}/g;
/** Text written backwards and turned round at run time: `echo '...' | rev`, `"..."[::-1]`, `.split('').reverse().join('')`. */
const REVERSED = /["']([^"'\\\n]{12,400})["']\s{0,3}(?:\|\s{0,3}rev\b|\)?\s{0,3}\[\s{0,3}::\s{0,3}-1\s{0,3}\]|\.split\(\s{0,3}["']{2}\s{0,3}\)\s{0,3}\.reverse\(\))/g;
const REVERSE_HINT = /\|\s{0,3}rev\b|::\s{0,3}-1\s{0,3}\]|\.reverse\(\)/;

/*
 * The hints below are each tried only on text holding a string that every alternative of the
 * regex holds (`includes` is far cheaper than a regex tried at every offset): most text holds
 * none of them, and these checks run over every file.
 */
const reverseHint = (text: string): boolean => (text.includes('rev') || text.includes('::')) && REVERSE_HINT.test(text);
const processCall = (text: string): boolean => text.includes('(') && PROCESS_CALL.test(text);
const turnsCodesIntoText = (text: string): boolean =>
  (text.includes('fromCharCode') || text.includes('chr(') || text.includes('byte') || text.includes('string(') || text.includes('.pack(') || text.includes('[char')) &&
  TURNS_CODES_INTO_TEXT.test(text);
const SPLIT_HINT = /["']\s{0,3}\+\s{0,3}["']|\.join\(\s{0,3}["']{2}|["']{2}\s{0,3}\.join\(/;
/** SPLIT_HINT, tried only on text holding a `+` or a `.join(` (each alternative needs one): most text has quotes, few a plus. */
const splitHint = (text: string): boolean => (text.includes('+') || text.includes('.join(')) && SPLIT_HINT.test(text);
const IMAGE_DATA_URI = /data:(?:image|font|audio|video)\/[\w.+-]{1,40};base64,$/;

/** Caps so a file of nothing but base64 cannot make a scan decode without end. */
const MAX_BLOBS = 64;
/** Commands written as argument lists read per file, besides the blobs. */
const MAX_ARGUMENT_LISTS = 256;
const MAX_DECODED_CHARS = 512 * 1024;
const MAX_INFLATED = 256 * 1024;

/** A fresh budget for one submitted file: 64 blobs and 512 KiB of decoded text, all layers together. */
export function decodeBudget(): DecodeBudget {
  return { blobs: MAX_BLOBS, chars: MAX_DECODED_CHARS };
}

const isCompressed = (b: Buffer): boolean => {
  const head = b.subarray(0, 2).toString('hex');
  return head === '1f8b' || /^78(01|5e|9c|da)$/.test(head);
};

function isBinaryImage(b: Buffer): boolean {
  const hex = b.subarray(0, 12).toString('hex');
  return (
    hex.startsWith('89504e47') || hex.startsWith('ffd8ff') || hex.startsWith('47494638') ||
    hex.startsWith('00000100') || hex.startsWith('424d') ||
    (hex.startsWith('52494646') && b.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/** Text is valid UTF-8 made mostly of printable characters. */
function asText(b: Buffer, minChars: number): string | null {
  if (b.length < minChars || isBinaryImage(b)) return null;
  if (isCompressed(b)) {
    try {
      const out = b[0] === 0x1f ? gunzipSync(b, { maxOutputLength: MAX_INFLATED }) : inflateSync(b, { maxOutputLength: MAX_INFLATED });
      return asText(out, minChars);
    } catch {
      return null;
    }
  }
  // PowerShell's -EncodedCommand is base64 of UTF-16LE: ASCII text with a zero after each byte.
  if (isUtf16Ascii(b)) return asText(Buffer.from(b.toString('utf16le'), 'utf8'), minChars);
  // Checked before decoding rather than by a fatal TextDecoder's exception: most long runs are
  // hashes and ids that decode to binary, and a thrown error cost more than the whole check.
  if (!isUtf8(b)) return null;
  let text = b.toString('utf8');
  // As TextDecoder does: a leading byte order mark is not text.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 || c === 9 || c === 10 || c === 13) printable++;
  }
  return printable / text.length >= 0.95 ? text : null;
}

/** Little-endian UTF-16 of mostly ASCII text: an even length and nine zero bytes in ten at odd offsets. */
function isUtf16Ascii(b: Buffer): boolean {
  if (b.length < 16 || b.length % 2 !== 0 || b[1] !== 0) return false;
  let zeros = 0;
  for (let i = 1; i < b.length; i += 2) if (b[i] === 0) zeros++;
  return zeros >= 0.9 * (b.length / 2);
}

function fromBase64(blob: string): Buffer {
  const urlSafe = /[-_]/.test(blob) && !/[+/]/.test(blob);
  return Buffer.from(blob, urlSafe ? 'base64url' : 'base64');
}

function unescape(run: string): Buffer {
  const bytes: number[] = [];
  for (const m of run.matchAll(/\\(?:x([0-9a-fA-F]{2})|u00([0-9a-fA-F]{2})|([0-7]{3}))/g)) {
    bytes.push(m[3] ? parseInt(m[3], 8) & 0xff : parseInt(m[1] ?? m[2], 16));
  }
  return Buffer.from(bytes);
}

function charCodes(list: string): Buffer {
  const codes = list.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0 && n < 0x110000);
  return Buffer.from(String.fromCodePoint(...codes.slice(0, 20000)), 'utf8');
}

/** Characters of a base64 run (standard and URL-safe; hex is a subset). */
const B64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') B64_CHAR[c.charCodeAt(0)] = 1;

/** Whether a line can hold anything the decoders look for: a run of 40 base64 characters, a backslash escape, a char-code call, a string split into pieces. */
function mayHoldEncoding(line: string): boolean {
  return line.includes('\\') || hasBase64Run(line) || line.includes('fromCharCode(') || line.includes('chr(') || splitHint(line) || turnsCodesIntoText(line) || processCall(line) || reverseHint(line);
}

/**
 * Whether a line holds 40 base64 characters in a row. Any 40 consecutive offsets hold one that is
 * 39 past a multiple of 40, so only those are probed, and a run is measured from a probe that
 * lands in one (at most 40 characters each way): a few percent of the characters are read.
 */
function hasBase64Run(line: string): boolean {
  for (let k = 39; k < line.length; k += 40) {
    if (!isBase64At(line, k)) continue;
    let from = k;
    while (from > 0 && isBase64At(line, from - 1)) from--;
    let to = k + 1;
    while (to < line.length && to - from < 40 && isBase64At(line, to)) to++;
    if (to - from >= 40) return true;
  }
  return false;
}

function isBase64At(line: string, i: number): boolean {
  const c = line.charCodeAt(i);
  return c < 128 && B64_CHAR[c] === 1;
}

/** A mixed concatenation glued, or null when it is not a split string (fewer than 3 literals, 2 of them short). */
function gluedMixed(run: string): Buffer | null {
  const parts = [...run.matchAll(/"([^"\n]{0,60})"|'([^'\n]{0,60})'|([A-Za-z_$][\w$]{0,30})/g)];
  const literals = parts.filter((m) => m[3] === undefined).map((m) => m[1] ?? m[2]);
  if (literals.length < 3 || literals.filter((l) => l.length <= 8).length < 2 || literals.length === parts.length) return null;
  return Buffer.from(`"${parts.map((m) => (m[3] !== undefined ? '${' + m[3] + '}' : m[1] ?? m[2])).join('')}"`, 'utf8');
}

/** The literal pieces of a split string, glued and quoted again so rules see one string literal. */
function glued(run: string): Buffer {
  const pieces = [...run.matchAll(/"([^"\n]{1,8})"|'([^'\n]{1,8})'/g)].map((m) => m[1] ?? m[2]);
  return Buffer.from(`"${pieces.join('')}"`, 'utf8');
}

/**
 * Everything decodable in the given lines, within what is left of `budget` (which it spends).
 * `joined` is the lines joined by spaces or line breaks (a prepared file's text), if the caller
 * has it: one check over it rules out most files at once, as no run, escape or call the decoders
 * look for spans a space or a line break.
 */
export function findEncoded(lines: readonly string[], budget: DecodeBudget = decodeBudget(), joined?: string): DecodedBlob[] {
  const out: DecodedBlob[] = [];
  if (joined !== undefined && !mayHoldEncoding(joined)) return out;
  // Commands as argument lists are ordinary code: they have a cap of their own, so that a file
  // full of subprocess calls cannot spend the blobs an encoded payload further down needs.
  let argumentLists = MAX_ARGUMENT_LISTS;
  const push = (line: number, encoding: Encoding, b: Buffer, minChars: number, runLength: number): void => {
    const hidden = encoding !== 'argument list';
    if ((hidden ? budget.blobs <= 0 : argumentLists <= 0) || budget.chars <= 0) return;
    const text = asText(b, minChars);
    if (text === null) return;
    if (hidden) budget.blobs--;
    else argumentLists--;
    budget.chars -= text.length;
    out.push({ line, encoding, text, shrank: text.length < runLength || isCompressed(b), hidden });
  };
  const codesIntoText = joined !== undefined ? turnsCodesIntoText(joined) : lines.some((l) => turnsCodesIntoText(l));
  for (let i = 0; i < lines.length && budget.blobs > 0 && budget.chars > 0; i++) {
    const line = lines[i];
    if (line.length < 24) continue;
    // Each decoder's regex runs only on a line holding what it cannot match without.
    const run = hasBase64Run(line);
    const escaped = line.includes('\\');
    const fromCodes = line.includes('fromCharCode(');
    const chr = line.includes('chr(');
    const split = splitHint(line);
    const codeList = codesIntoText && /\d\s{0,3},\s{0,3}\d/.test(line);
    const argv = line.includes(',') && processCall(line);
    const reversed = reverseHint(line);
    if (!run && !escaped && !fromCodes && !chr && !split && !codeList && !argv && !reversed) continue;
    for (const m of reversed ? line.matchAll(REVERSED) : []) push(i, 'reversed', Buffer.from([...m[1]].reverse().join(''), 'utf8'), 8, m[0].length);
    for (const m of argv ? line.matchAll(ARGUMENTS) : []) {
      const words = [...m[0].matchAll(/"([^"\n]{1,80})"|'([^'\n]{1,80})'|([A-Za-z_][\w.]{0,30})/g)].map((w) => w[1] ?? w[2] ?? `$${w[3]}`);
      // The first word names a program: `["a", "b"]` of data is not a command.
      if (/^[\w./\\-]{1,60}$/.test(words[0])) push(i, 'argument list', Buffer.from(words.join(' '), 'utf8'), 4, Number.MAX_SAFE_INTEGER);
    }
    for (const m of run ? line.matchAll(BASE64) : []) {
      const at = m.index ?? 0;
      if (IMAGE_DATA_URI.test(line.slice(Math.max(0, at - 60), at))) continue;
      if (/^[0-9a-fA-F]+$/.test(m[0])) continue;
      push(i, 'base64', fromBase64(m[0]), 24, m[0].length);
    }
    for (const m of run ? line.matchAll(HEX) : []) {
      if (m[0].length % 2 === 0) push(i, 'hex', Buffer.from(m[0], 'hex'), 16, m[0].length);
    }
    for (const m of escaped ? line.matchAll(ESCAPES) : []) push(i, 'escapes', unescape(m[0]), 8, m[0].length);
    for (const m of fromCodes ? line.matchAll(CHAR_CODES) : []) push(i, 'char codes', charCodes(m[1]), 6, m[0].length);
    for (const m of split ? line.matchAll(SPLIT_CONCAT) : []) push(i, 'split-string', glued(m[0]), 4, m[0].length);
    for (const m of split ? line.matchAll(SPLIT_PAIR) : []) push(i, 'split-string', glued(m[0]), 4, m[0].length);
    // Pieces and names together; all-literal chains are SPLIT_CONCAT's.
    for (const m of split ? line.matchAll(MIXED_CONCAT) : []) {
      const b = gluedMixed(m[0]);
      if (b) push(i, 'split-string', b, 4, m[0].length);
    }
    for (const m of split ? line.matchAll(SPLIT_JOIN) : []) {
      // A list is a split string only when joined with nothing between the pieces.
      if (/join\(\s{0,3}["']{2}/.test(m[0]) || /["']{2}\s{0,3}\.join/.test(m[0])) push(i, 'split-string', glued(m[0]), 4, m[0].length);
    }
    for (const m of codeList ? line.matchAll(CODE_LIST) : []) {
      const list = [...m[0].matchAll(/\d{1,3}/g)].map((d) => d[0]);
      // Printable ASCII and line breaks only: other small-number lists are data (pixels, ports).
      if (list.every((d) => Number(d) === 9 || Number(d) === 10 || Number(d) === 13 || (Number(d) >= 32 && Number(d) <= 126))) {
        push(i, 'char codes', charCodes(list.join(',')), 6, m[0].length);
      }
    }
    for (const m of chr ? line.matchAll(CHR_CHAIN) : []) {
      const list = [...m[0].matchAll(/\d{1,7}/g)].map((d) => d[0]).join(',');
      push(i, 'char codes', charCodes(list), 6, m[0].length);
    }
  }
  return out;
}
