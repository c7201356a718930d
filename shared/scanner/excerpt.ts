/**
 * Excerpts: a short, safe-to-display slice of a line. Control characters become `\xNN`,
 * invisible and bidi characters become `<U+XXXX>`, so an excerpt never hides or reorders text
 * in the dashboard that shows it.
 */

/** The longest excerpt, in characters, before the ellipses. */
export const EXCERPT_MAX = 160;

const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E01EF}]/gu;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/g;

/** Anything {@link visible} would change: a character outside printable ASCII. */
const NOT_PRINTABLE = /[^\x20-\x7e]/;

function visible(text: string): string {
  // Most excerpts are plain ASCII: one test instead of four replacements.
  if (!NOT_PRINTABLE.test(text)) return text;
  return text
    // A run of tag characters would be a wall of markers; its decoded text is in the message.
    .replace(/[\u{E0000}-\u{E007F}]{2,}/gu, (run) => `<${[...run].length} tag characters>`)
    .replace(/\t/g, ' ')
    .replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(INVISIBLE, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
}

/**
 * A window of at most {@link EXCERPT_MAX} visible characters around `at`, trimmed, with `…`
 * where it was cut.
 */
export function excerpt(line: string, at = 0): string {
  // Cut the raw line first so a 256 KiB line costs no more than a short one.
  const from = Math.max(0, at - 60);
  const raw = line.slice(from, from + EXCERPT_MAX * 2);
  let out = visible(raw).trim();
  const cutEnd = out.length > EXCERPT_MAX || from + raw.length < line.length;
  if (out.length > EXCERPT_MAX) out = out.slice(0, EXCERPT_MAX);
  // Never end in the middle of a <U+XXXX> marker or a surrogate pair.
  if (out.includes('<U+')) out = out.replace(/<U\+[0-9A-F]{0,5}$/, '');
  const last = out.charCodeAt(out.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) out = out.slice(0, -1);
  return `${from > 0 ? '…' : ''}${out}${cutEnd ? '…' : ''}`;
}
