/**
 * Finds encoded text (base64, long hex strings, `\x` escapes, `String.fromCharCode` and
 * `chr()` chains) and decodes it, so the rules can look inside. Binary results are dropped:
 * an inline PNG is base64 too, and must stay safe.
 */
import { isUtf8 } from 'node:buffer';
import { gunzipSync, inflateSync } from 'node:zlib';

/** How a blob was encoded, for the finding's message. */
export type Encoding = 'base64' | 'hex' | 'escapes' | 'char codes' | 'split-string';

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
 * A word cut into short string literals and glued back at run time (`"." + "s" + "sh"`,
 * `["id_", "rs", "a"].join("")`): three or more pieces of at most 8 characters. Honest code
 * wraps long strings in long pieces.
 */
const PIECE = String.raw`(?:"[^"\\\n]{1,8}"|'[^'\\\n]{1,8}')`;
const SPLIT_CONCAT = new RegExp(String.raw`${PIECE}(?:\s{0,3}\+\s{0,3}${PIECE}){2,40}`, 'g');
const SPLIT_JOIN = new RegExp(String.raw`(?:["']{2}\s{0,3}\.join\(\s{0,3})?\[\s{0,3}${PIECE}(?:\s{0,3},\s{0,3}${PIECE}){2,40}\s{0,3},?\s{0,3}\](?:\s{0,3}\.join\(\s{0,3}["']{2}\s{0,3}\))?`, 'g');
const SPLIT_HINT = /["']\s{0,3}\+\s{0,3}["']|\.join\(\s{0,3}["']{2}|["']{2}\s{0,3}\.join\(/;
const IMAGE_DATA_URI = /data:(?:image|font|audio|video)\/[\w.+-]{1,40};base64,$/;

/** Caps so a file of nothing but base64 cannot make a scan decode without end. */
const MAX_BLOBS = 64;
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
  return line.includes('\\') || hasBase64Run(line) || line.includes('fromCharCode(') || line.includes('chr(') || SPLIT_HINT.test(line);
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
  const push = (line: number, encoding: Encoding, b: Buffer, minChars: number, runLength: number): void => {
    if (budget.blobs <= 0 || budget.chars <= 0) return;
    const text = asText(b, minChars);
    if (text === null) return;
    budget.blobs--;
    budget.chars -= text.length;
    out.push({ line, encoding, text, shrank: text.length < runLength || isCompressed(b) });
  };
  for (let i = 0; i < lines.length && budget.blobs > 0 && budget.chars > 0; i++) {
    const line = lines[i];
    if (line.length < 24) continue;
    // Each decoder's regex runs only on a line holding what it cannot match without.
    const run = hasBase64Run(line);
    const escaped = line.includes('\\');
    const fromCodes = line.includes('fromCharCode(');
    const chr = line.includes('chr(');
    const split = SPLIT_HINT.test(line);
    if (!run && !escaped && !fromCodes && !chr && !split) continue;
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
    for (const m of split ? line.matchAll(SPLIT_JOIN) : []) {
      // A list is a split string only when joined with nothing between the pieces.
      if (/join\(\s{0,3}["']{2}/.test(m[0]) || /["']{2}\s{0,3}\.join/.test(m[0])) push(i, 'split-string', glued(m[0]), 4, m[0].length);
    }
    for (const m of chr ? line.matchAll(CHR_CHAIN) : []) {
      const list = [...m[0].matchAll(/\d{1,7}/g)].map((d) => d[0]).join(',');
      push(i, 'char codes', charCodes(list), 6, m[0].length);
    }
  }
  return out;
}
