/**
 * Mention versus action. Documentation that says "this skill never reads your ~/.ssh keys" or
 * "we flag commands such as `curl ... | sh`" names the very thing a rule looks for; an
 * instruction to do it does not negate or quote it. These heuristics only apply to markdown
 * prose: in a script, a command is a command.
 */

/** Where a clause starts: after a sentence end or a turn such as "but" or "then". */
const CLAUSE_BREAK = /[.;!?](?:\s|$)|\s(?:but|then|and then|however|instead)\s|[,:]\s(?:then|and|but)\s/gi;
const NEGATION = /\b(?:never|not|no|nothing|none|without|avoid|avoids|refuses?|prevents?|blocks?|don['’]t|doesn['’]t|won['’]t|can['’]t|cannot|shouldn['’]t|mustn['’]t|isn['’]t|aren['’]t|wasn['’]t)\b/gi;
/** "Never forget to ..." negates nothing. */
const NOT_A_NEGATION = /^\s{0,3}(?:(?:\w{1,12}\s{1,3})?(?:forget|fail|hesitate|skip|omit|neglect|miss)|(?:ask|wait|worry)\s{0,2}[,;!]|need|doubt|matter|problem|exceptions?|questions?)\b/i;
const MENTION_MARKER = /\b(?:such as|e\.g\.|for example|for instance|like|phrases?|patterns?|strings?|text|wording|detects?|flags?|catches|looks? for|scans? for|checks? for|searches for|warns?|reports?|matches|rejects?|known as|called|examples?|attacks?|attackers?|malicious|malware|suspicious|dangerous|red flags?|signs?|indicators?|payloads?|lines? like)\b/i;
const IMPERATIVE = /\b(?:run|execute|paste|type|call|invoke|now|first|then)\b/i;

/** The text of the clause that ends at `start`, at most 160 characters back. */
function clauseBefore(line: string, start: number): string {
  const from = Math.max(0, start - 160);
  const window = line.slice(from, start);
  let cut = 0;
  for (const m of window.matchAll(CLAUSE_BREAK)) cut = (m.index ?? 0) + m[0].length;
  return window.slice(cut);
}

/** True when the clause before the match negates it ("this skill never reads ~/.ssh"). */
export function isNegated(line: string, start: number): boolean {
  const clause = clauseBefore(line, start);
  for (const m of clause.matchAll(NEGATION)) {
    const after = clause.slice((m.index ?? 0) + m[0].length);
    if (!NOT_A_NEGATION.test(after)) return true;
  }
  return false;
}

/** True when the match sits inside inline code or double quotes. */
export function isQuoted(line: string, start: number): boolean {
  // A window, not the whole line: a hostile 256 KiB line must not cost O(n) per match.
  const before = line.slice(Math.max(0, start - 1000), start);
  const ticks = before.split('`').length - 1;
  if (ticks % 2 === 1) return true;
  const dq = before.split('"').length - 1;
  if (dq % 2 === 1) return true;
  const open = before.split('“').length - 1;
  const close = before.split('”').length - 1;
  return open > close;
}

/**
 * True when the match is quoted after a mention marker ("flags phrases such as `...`"), with no
 * imperative in between ("for example, run `...`" is still an instruction).
 */
export function isQuotedMention(line: string, start: number): boolean {
  if (!isQuoted(line, start)) return false;
  const clause = clauseBefore(line, start);
  const marker = MENTION_MARKER.exec(clause);
  if (!marker) return false;
  const between = clause.slice(marker.index + marker[0].length);
  return !IMPERATIVE.test(between.replace(/`[^`]*`|"[^"]*"/g, ''));
}

/**
 * The shell command (or statement) a match belongs to: the text between the nearest command
 * separators around it, trailing comment removed. `unless` patterns look only here, so a benign
 * command elsewhere on the line cannot excuse a malicious one.
 */
export function commandSegment(line: string, start: number, end: number): string {
  const floor = Math.max(0, start - 300);
  const ceiling = Math.min(line.length, end + 300);
  let from = start;
  while (from > floor && !isSeparator(line, from - 1)) from--;
  let to = end;
  while (to < ceiling && !isSeparator(line, to)) to++;
  const seg = line.slice(from, to);
  const comment = seg.slice(end - from).search(/\s(?:#|\/\/)\s/);
  return comment >= 0 ? seg.slice(0, end - from + comment) : seg;
}

function isSeparator(line: string, i: number): boolean {
  const c = line[i];
  return c === ';' || c === '&' || c === '|' || c === '\n';
}
