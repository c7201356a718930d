/**
 * Text normalisation before matching. Every step keeps line breaks where they were, so a finding
 * on a normalised line points at the same line of the submitted file.
 *
 * 1. invisible text: tag characters and variation-selector runs decoded, zero-width and bidi
 *    controls removed (and reported, see hidden.ts);
 * 2. Unicode NFKC, which folds fullwidth and other compatibility forms (`ｃｕｒｌ` -> `curl`);
 * 3. Cyrillic and Greek look-alike letters inside otherwise Latin words mapped to Latin;
 * 4. defanged URLs restored (`hxxps://evil[.]com` -> `https://evil.com`).
 *
 * Before all of these, C0 control characters other than the tab (NUL, escape, form feed...) are
 * dropped: no renderer shows them, and one inside a word (`curl\0 https://...`) would split it.
 */
import { HIDDEN_CHAR, scanHiddenLine, type HiddenHit } from './hidden.js';

/** A file's text ready for the rules, with the invisible text found on the way. */
export interface NormalisedText {
  /** The submitted lines, as split. */
  raw: string[];
  lines: string[];
  hidden: HiddenHit[];
  /** The text was pure ASCII, and so are its lines. */
  ascii: boolean;
}

const CONFUSABLE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', І: 'I',
  Ј: 'J', Ѕ: 'S', Ү: 'Y',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T',
  Υ: 'Y', Χ: 'X',
};
const CONFUSABLE_CHAR = new RegExp(`[${Object.keys(CONFUSABLE).join('')}]`, 'u');
const WORD = /[\p{L}\p{M}]{1,200}/gu;
const NON_LATIN = /[^\p{Script=Latin}\p{M}]/u;

/** Look-alikes no Russian, Ukrainian, Bulgarian or Greek word is spelled with. */
const EXOTIC = /[ѕјԁԛԝһЈЅ]/u;

/**
 * Maps look-alike letters to Latin in words made only of Latin and look-alike letters. Real
 * Russian or Greek words almost always contain a letter with no Latin twin and are left alone.
 * The short ones that do not ("не", "на", "а", "как") are left alone too when the line holds
 * real Cyrillic or Greek words or no Latin letter at all ("## Откат"), unless they mix in Latin letters or a letter those languages
 * never use: a line in Russian that says "не используем" keeps its negation, and `ваѕһ`
 * (Cyrillic look-alikes with a Macedonian ѕ) still reads as `bash`.
 */
function foldConfusables(line: string): string {
  if (!CONFUSABLE_CHAR.test(line)) return line;
  let foreignProse: boolean | undefined;
  return line.replace(WORD, (word) => {
    if (!CONFUSABLE_CHAR.test(word)) return word;
    let latin = false;
    for (const ch of word) {
      if (!NON_LATIN.test(ch)) latin = true;
      else if (CONFUSABLE[ch] === undefined) return word;
    }
    if (!latin && !EXOTIC.test(word)) {
      // A line without a single Latin letter is not a Latin line in disguise: "## Откат" is Russian.
      foreignProse ??= hasForeignWord(line) || !LATIN_LETTER.test(line);
      if (foreignProse) return word;
    }
    let out = '';
    for (const ch of word) out += CONFUSABLE[ch] ?? ch;
    return out;
  });
}

/** Whether the line holds a Cyrillic or Greek word with a letter that has no Latin twin. */
function hasForeignWord(line: string): boolean {
  for (const ch of line) {
    if (CONFUSABLE[ch] === undefined && FOREIGN_LETTER.test(ch)) return true;
  }
  return false;
}
const FOREIGN_LETTER = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const LATIN_LETTER = /[a-z]/i;

const HXXP = /\bh(?:xx|\*\*|XX)p(s?)(?=\[?:\]?\/\/)/g;
const COLON = /\[:\](?=\/\/)/g;
const DOT = /(?<=[\w-])\s?(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\})\s?(?=[\w-])/gi;
/** Any sign of defanging; never spans a line break. */
const DEFANGED = /hxxp|h\*\*p|\[[.:]\]|\(\.\)|\{\.\}|[[({]dot[\])}]/i;

/** Restores the usual defanging of URLs: hxxp, [:], [.], (.), [dot], (dot). */
export function refang(line: string): string {
  if (!DEFANGED.test(line)) return line;
  return line.replace(HXXP, 'http$1').replace(COLON, ':').replace(DOT, '.');
}

/** Normalises one line that has already had its invisible characters handled. */
export function normaliseVisible(line: string): string {
  // NFKC is skipped for pure ASCII, which it cannot change (most lines of most files).
  // eslint-disable-next-line no-control-regex
  const folded = /^[\x00-\x7f]*$/.test(line) ? line : foldConfusables(line.normalize('NFKC'));
  return refang(folded);
}

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
/** Control characters no text shows: all of C0 and DEL but the tab and the line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * Splits a file into lines and normalises each, collecting the invisible text found. A file of
 * pure ASCII with nothing defanged (most files) is decided by two tests over the whole text
 * instead of three per line: invisible characters, NFKC and look-alikes are all non-ASCII, and
 * the defanging test matches within a line. A file with other characters that none of the steps
 * would change (curly quotes, dashes, most prose in other scripts) is decided by four tests over
 * the whole text: NFKC leaves a line break alone and never joins characters across one, so the
 * whole text is stable under it exactly when every line is.
 */
export function normaliseText(text: string): NormalisedText {
  const raw = text.includes('\r') ? text.split(/\r?\n|\r/) : text.split('\n');
  const hidden: HiddenHit[] = [];
  // Without its control characters (which keep the line breaks), the text the tests below read.
  const visible = CONTROL.test(text) ? text.replace(CONTROLS, '') : text;
  const shown = visible === text ? raw : raw.map((line) => line.replace(CONTROLS, ''));
  if (!NON_ASCII.test(visible)) {
    return { raw, lines: DEFANGED.test(visible) ? shown.map(refang) : shown, hidden, ascii: true };
  }
  if (!HIDDEN_CHAR.test(visible) && !CONFUSABLE_CHAR.test(visible) && !DEFANGED.test(visible) && visible.normalize('NFKC') === visible) {
    return { raw, lines: shown, hidden, ascii: false };
  }
  const lines = shown.map((line, i) => normaliseVisible(scanHiddenLine(line, i, hidden)));
  return { raw, lines, hidden, ascii: false };
}
