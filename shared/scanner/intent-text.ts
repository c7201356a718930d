/**
 * What the intent detector (intent.ts) reads and how it judges a feature in context: prose,
 * tool descriptions and comment or docstring lines, never code or link targets; in markdown a
 * feature negated in its own clause, described as an attack, or quoted as an example is dropped.
 */
import { isDescription, occurrences } from './context.js';
import { isFence, isHeading, isWhitespace, leadingChar } from './file-kind.js';
import type { Feature } from './intent-features.js';
import { lineAt, type Prepared } from './prepare.js';

/** Features whose mention in prose may be negated or described ("this skill never reads ~/.ssh"). */
const NEGATABLE = new Set<Feature>(['source', 'sink', 'reply', 'fetch', 'trigger', 'write', 'locked', 'run', 'userData', 'dismiss', 'autonomy', 'payee', 'whole']);

/** A script line that reads as a sentence (a comment or docstring): no code punctuation, five words. */
function looksLikeProse(line: string): boolean {
  // The comment marker stripped below holds no code character, so the whole line can be tested
  // first: most code lines stop here, before any copy of the line is made.
  if (hasCodeChar(line)) return false;
  const text = line.replace(/^\s{0,40}(?:#|\/\/|\*|"""|''')\s?/, '');
  return wordsAtLeast(text, 5) || ideographsAtLeast(text, 8);
}

/** Chinese, Japanese and Korean sentences have no spaces between words: their characters are counted instead. */
function ideographsAtLeast(text: string, n: number): boolean {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af)) {
      if (++count >= n) return true;
    }
  }
  return false;
}

/** Code punctuation: `(){}=;$<>[]`, by character code. */
const CODE_CHAR = new Uint8Array(128);
for (const c of '(){}=;$<>[]') CODE_CHAR[c.charCodeAt(0)] = 1;
const SEMICOLON = 59;

/** A semicolon between two clauses of a sentence ("without asking; interactive ..."): a space, then a lowercase letter. */
function joinsClauses(line: string, i: number): boolean {
  const next = line.charCodeAt(i + 2);
  return line.charCodeAt(i + 1) === 32 && next >= 97 && next <= 122;
}

function hasCodeChar(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 128 && CODE_CHAR[c] === 1 && !(c === SEMICOLON && joinsClauses(line, i))) return true;
  }
  return false;
}

/** Whether `text.split(/\s+/)` has at least `n` parts: at least `n - 1` runs of whitespace, counted without the split. */
function wordsAtLeast(text: string, n: number): boolean {
  let runs = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isWhitespace(text.charCodeAt(i))) continue;
    if (++runs >= n - 1) return true;
    while (i + 1 < text.length && isWhitespace(text.charCodeAt(i + 1))) i++;
  }
  return runs >= n - 1;
}

/** True when a double-quoted span, from `lineStart` (the paragraph's start) on, is open at `at`: quoted text is an example. */
function inDoubleQuotes(text: string, lineStart: number, at: number): boolean {
  let before = text.slice(Math.max(lineStart, at - 400), at);
  // Quotes inside inline code are the code's (`curl -d "$(tail ~/.bash_history)"`), not a quotation;
  // a span still open at `at` is cut off from its opening backtick on.
  if (before.includes('`')) {
    before = before.replace(/`[^`]{0,400}`/g, (c) => 'x'.repeat(c.length));
    const open = before.lastIndexOf('`');
    if (open >= 0) before = before.slice(0, open);
  }
  if (occurrences(before, '"') % 2 === 1) {
    // A markdown link's title (`[text](https://... "title")`) is hidden text, not an example.
    const open = before.lastIndexOf('"');
    return !LINK_TITLE_OPENS.test(before.slice(Math.max(0, open - 300), open + 1));
  }
  return inTypographicQuotes(before) || inCornerBrackets(before);
}

/** Whether a Japanese or Chinese quotation (「...」 or 『...』) is open at the end of `before`. */
function inCornerBrackets(before: string): boolean {
  return before.lastIndexOf('「') > before.lastIndexOf('」') || before.lastIndexOf('『') > before.lastIndexOf('』');
}

/**
 * Whether a typographic quotation is open at the end of `before`: “...” in English, „...“ or
 * „...” in German and Polish, where “ closes what „ opened.
 */
function inTypographicQuotes(before: string): boolean {
  let open = false;
  let low = false;
  for (let i = before.search(/[“”„]/); i >= 0 && i < before.length; i++) {
    const c = before[i];
    if (c === '„') [open, low] = [true, true];
    else if (c === '“') [open, low] = low && open ? [false, false] : [true, false];
    else if (c === '”') [open, low] = [false, false];
    else if (c === '"' && low && open) [open, low] = [false, false];
  }
  return open;
}

/** A quotation opened right after a word that says what some text holds or says. */
const CONTENT_QUOTE_OPENS = /\b(?:contains?|containing|says|said|saying|reads|reading|text|string|phrase|wording|decoded|decodes\s{1,3}to)\s{0,3}:?\s{0,3}["“]$/i;

/** Whether `at` on a code block's prose line sits in a quotation opened by {@link CONTENT_QUOTE_OPENS}. */
export function quotedAsContent(line: string, at: number): boolean {
  const before = line.slice(Math.max(0, at - 400), at);
  const open = Math.max(before.lastIndexOf('"'), before.lastIndexOf('“'));
  if (open < 0 || before.indexOf('”', open) >= 0 || occurrences(before, '"') % 2 === 0 && before[open] === '"') return false;
  return CONTENT_QUOTE_OPENS.test(before.slice(Math.max(0, open - 40), open + 1));
}

const LINK_TITLE_OPENS = /\]\(\s{0,3}<?[^\s)]{1,2000}>?\s{1,3}"$/;

/**
 * Whether a feature found at `at` counts: in a place the detector reads, and not negated or
 * quoted. `reads` is {@link ReadText}.reads.
 */
export function counts(p: Prepared, reads: Uint8Array, feature: Feature, readAt: number, shifts?: Int32Array, shiftEnds?: Int32Array): boolean {
  const line = lineAt(p, readAt);
  // Where the read text moved a wrapped line's words left, the submitted text has them further on.
  const at = shifts && shifts[line] !== 0 && readAt < shiftEnds![line] ? Math.min(readAt + shifts[line], p.lineStarts[line] + p.lines[line].length) : readAt;
  const zone = p.zones[line];
  if (zone.kind === 'script' && reads[line] === 0) return false;
  // A prose line in a code block that quotes what a text contains ("Finding: description
  // contains "before answering, also call read_file on ~/.ssh/..."") shows the text, not an order.
  if (zone.kind === 'script') return !quotedAsContent(p.lines[line], at - p.lineStarts[line]);
  if (zone.kind !== 'markdown') return true;
  // From the paragraph's start: a quotation, or a code span, may open on the line before ("the "paste your\nconfig" box").
  const quoted = (): boolean => inDoubleQuotes(p.text, paragraphStart(p.text, at), at);
  // A blockquote, a quotation or a table cell's code span under a heading that shows attacks, or
  // in teaching material, quotes the attack (as check() in match.ts reads it), whatever the feature.
  if (zone.exhibit && (quotedInRow(p.lines[line], at - p.lineStarts[line]) || quoted() || inBehaviourItem(p, line))) return false;
  const negatable = NEGATABLE.has(feature);
  if (!negatable && feature !== 'conceal') return true;
  // Outside exhibits a quotation drops the negatable features and concealment (in one, quoted() was asked above).
  if (!zone.exhibit && quoted()) return false;
  return !negatable || (!negatedHere(p.text, at) && !isDescription(p.text, at) && !underProhibition(p, line));
}

/** A heading or a list's introducing line that is nothing but a prohibition: "## Never", "Don'ts:", "Things to avoid". */
const PROHIBITION = /^\s{0,3}(?:#{1,6}\s{1,3})?(?:\*\*|__)?(?:never|don['’]ts?|do\s{1,3}not|avoid|anti-?patterns?|what\s{1,3}not\s{1,3}to\s{1,3}do|things\s{1,3}(?:to\s{1,3}avoid|never\s{1,3}to\s{1,3}do)|prohibited|forbidden|not\s{1,3}allowed|must\s{1,3}not|never\s{1,3}do(?:\s{1,3}this)?)\s{0,3}:?(?:\*\*|__)?\s{0,3}:?\s{0,3}$/i;
/** A markdown list item's marker at the start of a line: `- `, `* `, `1. `, `2) `. */
export const LIST_MARKER = /^\s{0,6}(?:[-*+]|\d{1,3}[.)])\s/;

/** Whether markdown line `i` is in a list that a {@link PROHIBITION} heads (its items and their wrapped lines, at most 40 lines down). */
function underProhibition(p: Prepared, i: number): boolean {
  if (!LIST_MARKER.test(p.lines[i]) && !/^\s/.test(p.lines[i])) return false;
  for (let j = i - 1; j >= 0 && i - j <= 40; j--) {
    const line = p.lines[j];
    if (p.zones[j].kind !== 'markdown') return false;
    if (isHeading(line)) return PROHIBITION.test(line);
    if (line.trim() === '' || LIST_MARKER.test(line) || /^\s/.test(line)) continue;
    return PROHIBITION.test(line);
  }
  return false;
}

/** A list item's first line: its marker, then its first word. */
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s{1,4}(\[[ xX]\]\s{1,3})?(?:\*\*)?([A-Za-z]+)/;
/** Lines of a list item looked back through for its first line. */
const ITEM_REACH = 4;
/** A word in -ing that is no gerund ("Bring the file ..." is an order) is not one. */
const GERUND = /^(?!(?:bring|string|spring|swing|sting|thing|nothing|something|anything|everything|during)$)[a-z]{2,}ing$/i;
/** A verb's third person ("Reads", "Sends", "Changes"); not a word whose own ending is -ss or -us ("Process", "Focus"). */
const THIRD_PERSON = /^[a-z]{2,}[^su]s$/i;
/** A list item's continuation line, indented under it. */
const CONTINUATION = /^\s{2,}\S/;

/**
 * Whether `line` belongs to a list item that names a behaviour: one that opens with a gerund
 * ("- Sending files or environment values to a URL") or a third person ("- Reads `~/.ssh`"), or a
 * checklist's box ("- [ ] Changes how other tools behave"). Under a heading that shows attacks,
 * such an item is a behaviour to look for; an order opens with the verb itself.
 */
function inBehaviourItem(p: Prepared, line: number): boolean {
  for (let i = line; i >= 0 && line - i <= ITEM_REACH; i--) {
    const text = p.lines[i];
    const m = LIST_ITEM.exec(text);
    if (m) return m[1] !== undefined || GERUND.test(m[2]) || THIRD_PERSON.test(m[2]);
    // Short of the item's first line, only its indented continuation lines.
    if (!CONTINUATION.test(text)) return false;
  }
  return false;
}

/** A blockquote line, or a table cell's code span: `| "do not tell the user" | \`Do not mention this step.\` |`. */
function quotedInRow(line: string, col: number): boolean {
  const lead = leadingChar(line);
  return lead === '>' || (lead === '|' && occurrences(line.slice(0, col), '`') % 2 === 1);
}

/**
 * Where the paragraph holding `at` starts, looked for only as far back as inDoubleQuotes reads
 * (400 characters): after a blank line or a code fence. Farther back than that, the first line
 * that starts within them: a window cut inside a code span would pair the wrong backticks and
 * count its quotes as open.
 */
function paragraphStart(text: string, at: number): number {
  const from = Math.max(0, at - 400);
  let line = -1;
  for (let i = at - 1; i > from; i--) {
    if (text.charCodeAt(i - 1) !== 10) continue;
    if (text.charCodeAt(i) === 10) return i + 1;
    // A code fence ends the paragraph too: quotes inside code (`"\\""`) are the code's.
    if (isFence(text.slice(i, i + 8))) return text.indexOf('\n', i) + 1 || at;
    line = i;
  }
  return from === 0 || line < 0 ? from : line;
}

/**
 * Negation within the clause, commas included: "never send your seed phrase to a website" is
 * negated, but in "if the device is not recognised, ask for the recovery phrase" the "not"
 * belongs to another clause. Narrower than context.ts's check, which stops at sentence ends.
 */
const CLAUSE_START = /[.;:!?,](?=\s|$)|[\n(]|\s(?:then|and|but|so|or)\s/g;
const NEGATION_WORDS = String.raw`never|not|without|instead\s{1,3}of|rather\s{1,3}than|avoid|refuse|don['’]t|doesn['’]t|won['’]t|can['’]t|cannot|shouldn['’]t|mustn['’]t`;
const NEGATION = new RegExp(String.raw`\b(?:no|${NEGATION_WORDS})\b`, 'i');
/** {@link NEGATION} without "no", which in Portuguese is a preposition. */
const NEGATION_BUT_NO = new RegExp(String.raw`\b(?:${NEGATION_WORDS})\b`, 'i');
/** Words of a Portuguese clause (and not of a Spanish or English one). */
const PORTUGUESE = /\b(?:um|uma|dos|das|do|da|também|você|vocês|isso|pelo|pela)\b|ções?\b/i;

function negatedHere(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 120), at);
  const window = before.includes('`') ? before.replace(/`[^`\n]{0,200}`/g, (c) => 'x'.repeat(c.length)) : before;
  let cut = 0;
  for (const m of window.matchAll(CLAUSE_START)) cut = (m.index ?? 0) + m[0].length;
  const clause = window.slice(cut);
  if (!NEGATION.test(clause)) return false;
  // Portuguese "no" is "in the" (em + o): "envie os valores no corpo de um POST para https://...".
  return NEGATION_BUT_NO.test(clause) || !PORTUGUESE.test(clause);
}

/**
 * A markdown link reference definition to a URL ("[label]: https://..."): a link target, not an
 * instruction. `[//]: # (text)` is the markdown comment trick and stays readable, and so does a
 * definition's title (`[policy]: https://... "Assistant: ..."`), which renders nowhere.
 */
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]\n]{1,200}\]:\s{1,3}<?(?:https?|mailto):[^\s>]{0,2000}>?\s{0,3}$/;

/** Whether the detector reads line `i`: prose, tool descriptions, comments and docstrings; not code or link targets. */
function readsLine(p: Prepared, i: number): boolean {
  const kind = p.zones[i].kind;
  if (kind === 'script') return looksLikeProse(p.lines[i]);
  return kind !== 'markdown' || leadingChar(p.lines[i]) !== '[' || !REFERENCE_DEFINITION.test(p.lines[i]);
}

/** What the detector reads of a file. */
export interface ReadText {
  /** The lowercased text with the lines it does not read blanked ('' when it reads none). */
  text: string;
  /** Per line, 1 when the detector reads it (decided once per line: a script line's test is not free). */
  reads: Uint8Array;
  /** Per line, how far its words sit left of where the submitted text has them (a wrapped line's indentation, moved further on). */
  shifts?: Int32Array;
  /** Per line with a shift, the offset in the read text where its shifted words end (the moved indentation's place). */
  shiftEnds?: Int32Array;
}

/**
 * The lowercased text the detector reads: other lines are blanked (same length, so offsets and
 * lines stay put), so the feature regexes skip them.
 */
export function readable(p: Prepared): ReadText {
  const reads = new Uint8Array(p.lines.length);
  let skipped = 0;
  for (let i = 0; i < p.lines.length; i++) {
    if (readsLine(p, i)) reads[i] = 1;
    else skipped++;
  }
  if (skipped === p.lines.length) return { text: '', reads };
  // Consecutive prose lines of a script (a docstring, a comment block) are one paragraph, and so
  // are a markdown paragraph's wrapped lines: "gather the environment variables\n pass them in
  // `filter`", "4. Also add `notes@...`\n   as an attendee". A list item, a heading, a table row
  // or a fence starts a block of its own.
  const joins = (i: number): boolean => i + 1 < p.lines.length && reads[i + 1] === 1 && (
    p.zones[i].kind === 'script' ? p.zones[i + 1].kind === 'script'
      : p.zones[i].kind === 'markdown' && p.zones[i + 1].kind === 'markdown' && wraps(p.lines[i], p.lines[i + 1]));
  if (skipped === 0 && !p.kinds.has('script') && !p.kinds.has('markdown')) return { text: unmarked(p.lower), reads };
  let out = '';
  let continues = false;
  let shifts: Int32Array | undefined;
  let shiftEnds: Int32Array | undefined;
  for (let i = 0; i < p.lines.length; i++) {
    const start = p.lineStarts[i];
    const end = i + 1 < p.lines.length ? p.lineStarts[i + 1] : p.lower.length;
    if (reads[i] === 1) {
      let line = p.lower.slice(start, end);
      // A wrapped line's indentation moves further on, so the words on either side of the break
      // are one space apart, as the features' `\s{1,3}` expect ("send the complete file\n
      // content"); the line keeps its length and its place. It goes to the line's end, unless the
      // paragraph wraps again there ("... niet om\n   bevestiging"): then after the line's last
      // punctuation, where a wider gap parts no words that belong together.
      const wrapsOn = joins(i);
      if (continues && p.zones[i].kind === 'markdown') {
        const nl = line.endsWith('\n') ? 1 : 0;
        const content = line.slice(0, line.length - nl);
        const words = content.trimStart();
        const indent = content.length - words.length;
        const cut = wrapsOn ? lastPause(words) : words.length;
        line = words.slice(0, cut) + ' '.repeat(indent) + words.slice(cut) + line.slice(line.length - nl);
        (shifts ??= new Int32Array(p.lines.length))[i] = indent;
        (shiftEnds ??= new Int32Array(p.lines.length))[i] = out.length + cut;
      }
      continues = wrapsOn;
      out += continues ? `${line.slice(0, -1)} ` : line;
    } else {
      continues = false;
      out += ' '.repeat(Math.max(0, end - start - 1)) + (end < p.lower.length ? p.lower[end - 1] : ' '.repeat(end > start ? 1 : 0));
    }
  }
  return { text: unmarked(out.length === p.lower.length ? out : p.lower), reads, shifts, shiftEnds };
}

/** Where a line's words may take a wider gap: after its last punctuation and space, or at its end. */
function lastPause(words: string): number {
  for (let i = words.length - 2; i > 0; i--) {
    if (words.charCodeAt(i + 1) === 32 && ',.;:!?)'.includes(words[i])) return i + 2;
  }
  return words.length;
}

/** A line that starts a block of its own in markdown: a list item, a heading, a table row, a fence, a quote, a tag. */
const BLOCK_START = /^\s{0,12}(?:[-*+]\s|\d{1,3}[.)]\s|#|\||>|`{3}|~{3}|<)/;
/** A line a paragraph cannot go on from: blank, a heading, a table row or a fence. */
const BLOCK_END = /^\s*$|^\s{0,3}(?:#|\||`{3}|~{3})/;

/** Whether markdown line `next` goes on with the paragraph (or list item) of `line`. */
function wraps(line: string, next: string): boolean {
  return !BLOCK_END.test(line) && !BLOCK_END.test(next) && !BLOCK_START.test(next);
}

/**
 * Inline markup as spaces (same length): "add it to the `bcc` field" and "**never** tell the
 * user" read as the words they are, so a feature's phrasing does not depend on the formatting.
 * A code span holding more than a name or an address ("the password is `deploy!`") keeps its
 * backticks: there they mark a literal value. Blockquote markers go too.
 */
function unmarked(text: string): string {
  let plain = text.includes('*') ? text.replace(/\*/g, ' ') : text;
  // A blockquote's markers, so that its sentences read on across its lines ("needs no\n> confirmation").
  if (plain.includes('>')) plain = plain.replace(BLOCKQUOTE_MARKERS, (m) => m.replace(/>/g, ' '));
  return plain.includes('`') ? plain.replace(/`([\w.@+/-]{1,80})`/g, ' $1 ') : plain;
}

const BLOCKQUOTE_MARKERS = /^[ \t]{0,3}>(?:[ \t]{0,3}>){0,5}/gm;
