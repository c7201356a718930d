/**
 * What the intent model (model/index.ts) sees of a skill: the words of its files and each pair of
 * neighbouring words, the rule ids its scan found (signals included), hashed into a fixed number
 * of buckets. Training (test/scanner/train-model.ts) and scanning both call these functions, so
 * the two cannot drift apart.
 */

/** Buckets of the hashed feature space; collisions are rare at this size and harmless. */
export const BUCKET_BITS = 20;
const MASK = (1 << BUCKET_BITS) - 1;
/**
 * A feature is a bucket and a sign (the bit above the bucket, from another bit of its hash): it
 * counts +w or -w of its bucket's weight (signed feature hashing). A word the model never saw
 * lands in some other words' bucket a third of the time; unsigned, it took their weight, which
 * leans one way, so a long text of unseen words (a data table, a vendored library) drifted
 * towards "attack" as it grew. Signed, an unseen word adds +w or -w alike: nothing on average.
 */
export const SIGN = 1 << BUCKET_BITS;
/** Bits of a feature: its bucket's and the sign. */
export const FEATURE_BITS = BUCKET_BITS + 1;

/** The bucket of a feature, whose weight it counts. */
export function bucketOf(feature: number): number {
  return feature & MASK;
}

/** What a feature counts of its bucket's weight: 1, or -1 for a signed feature. */
export function signOf(feature: number): number {
  return (feature & SIGN) === 0 ? 1 : -1;
}

/** The feature of a 32-bit hash: its low bits' bucket, signed by its top bit. */
function signed(h: number): number {
  return (h & MASK) | ((h >>> 31) << BUCKET_BITS);
}
/** Longer tokens are keys, hashes and blobs: one feature for all of them. */
const MAX_TOKEN = 20;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Namespaces, so a word, a pair of words and a rule id spelt alike land in different buckets (but for rare collisions). */
const WORD = 0x9e3779b1;
const PAIR = 0x85ebca77;
const RULE = 0xc2b2ae3d;
const LONG_TOKEN = hashString('<long>');
const NUMBER = hashString('<num>');

function hashString(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/** One 32-bit hash from two (murmur3's finaliser over their mix). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x27d4eb2d), 0x165667b1) ^ (a >>> 15);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const NON_ASCII_WORD = /[\p{L}\p{N}]/u;
/** ASCII letters, digits and `_`: 1 for a letter or `_`, 2 for a digit. */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_CLASS[c] = /[0-9]/.test(ch) ? 2 : /[A-Za-z_]/.test(ch) ? 1 : 0;
}

/** 0 outside a word; 1 for a letter or `_`; 2 for a digit. The rest by Unicode class (rare in skills). */
function charClass(code: number): number {
  if (code < 128) return ASCII_CLASS[code];
  return NON_ASCII_WORD.test(String.fromCharCode(code)) ? 1 : 0;
}

/**
 * Calls `onFeature` with the bucket of each word and each pair of neighbouring words of one
 * lowercased text, in order, with the offsets of the word (or of the pair). A word is hashed as
 * it is read; words longer than MAX_TOKEN are one feature, and so are numbers.
 */
export function forEachTextFeature(lower: string, onFeature: (bucket: number, start: number, end: number) => void): void {
  let prev = 0;
  let prevStart = 0;
  let hasPrev = false;
  const n = lower.length;
  let i = 0;
  while (i < n) {
    let cls = charClass(lower.charCodeAt(i));
    if (cls === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = FNV_OFFSET;
    let digits = true;
    do {
      if (cls !== 2) digits = false;
      h = Math.imul(h ^ lower.charCodeAt(i), FNV_PRIME);
      i++;
    } while (i < n && (cls = charClass(lower.charCodeAt(i))) !== 0);
    h = i - start > MAX_TOKEN ? LONG_TOKEN : digits ? NUMBER : h >>> 0;
    onFeature(signed(mix(WORD, h)), start, i);
    if (hasPrev) onFeature(signed(mix(PAIR, mix(prev, h))), prevStart, i);
    prev = h;
    prevStart = start;
    hasPrev = true;
  }
}

/** The bucket of a rule id found by the scan. */
export function ruleFeature(ruleId: string): number {
  return signed(mix(RULE, hashString(ruleId)));
}
