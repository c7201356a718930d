/**
 * Literals a regex cannot match without: read from the pattern's source when the rules are
 * compiled, so each pattern runs only on files that hold them (a rule's own needles say only
 * that one of its patterns may match). The answer is a conjunction of alternatives: every match
 * of the pattern, lowercased, contains one string of each list. "\bcurl\b[^\n]{0,200}?\s-T" gives
 * `[['curl'], ['-t']]`, "(?:nc|ncat|netcat)\s..." gives `[['nc', 'netcat']]` ('ncat' holds 'nc').
 *
 * Only what a match consumes counts: lookarounds, anchors and `\b` require nothing. Whatever the
 * reader does not know (classes of many characters, backreferences, non-ASCII letters, escapes it
 * does not recognise) matches "anything", which can only make the answer weaker, never wrong.
 */

/** Lowercase ASCII strings, each list holding one substring of every match. */
export type RequiredLiterals = string[][];

/** What one piece of a pattern matches: all its strings when they are few, else what it requires. */
interface Info {
  /** Every string the piece can match, lowercased ('' when it can match nothing), or null when too many. */
  exact: string[] | null;
  /** When `exact` is null: lists of which every match holds one string each. */
  req: string[][];
}

/** Past this many strings a piece is no longer listed exactly. */
const MAX_EXACT = 24;
/** Needles are cut to this many characters: a prefix of a required literal is required too. */
const MAX_LENGTH = 12;
/** Shorter strings occur in most texts; a list holding one is not worth a needle. */
const MIN_LENGTH = 3;
/** Lists kept per pattern, best first. */
const MAX_LISTS = 3;

const ANY: Info = { exact: null, req: [] };
const EMPTY: Info = { exact: [''], req: [] };

class Unsupported extends Error {}

/**
 * The literals every match of `re` holds, best first; `[]` when none could be read (the caller
 * then falls back to the rule's own needles). Lists holding a string shorter than `minLength`
 * are left out.
 */
export function requiredLiterals(re: RegExp, minLength = MIN_LENGTH): RequiredLiterals {
  try {
    return finish(new Reader(re.source, re.flags).read(), minLength);
  } catch (err) {
    if (err instanceof Unsupported) return [];
    throw err;
  }
}

/**
 * The literals of each top-level alternative of `re`, as {@link requiredLiterals} gives them for
 * the whole: a match is a match of one alternative, so it holds one string of each list of at
 * least one alternative. Sharper than the whole's lists, which can only keep one list per
 * alternative ("curl ..." | "wget ... https://" needs curl, or wget and http, not curl or http).
 * `null` when some alternative requires nothing. With `caseless`, Chinese and Japanese characters
 * (which have no case, so a lowercased text holds them as written) are literals too; such
 * strings cannot join the ASCII needle automaton and are for a caller that looks for them itself.
 */
export function requiredLiteralsByBranch(re: RegExp, minLength = MIN_LENGTH, caseless = false): RequiredLiterals[] | null {
  try {
    const branches = new Reader(re.source, re.flags, caseless).readBranches().map((b) => finish(b, minLength));
    return branches.some((b) => b.length === 0) ? null : branches;
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

function finish(info: Info, minLength: number): RequiredLiterals {
  const lists = info.exact ? [info.exact] : info.req;
  const kept = lists.map((l) => simplify(l, minLength)).filter((l): l is string[] => l !== null);
  kept.sort((a, b) => score(b) - score(a) || a.length - b.length);
  const seen = new Set<string>();
  return kept.filter((l) => !seen.has(l.join('\u0000')) && seen.add(l.join('\u0000'))).slice(0, MAX_LISTS);
}

/** A list cut to needle length, without strings that hold another (they add nothing); null if too weak. */
function simplify(list: readonly string[], minLength = MIN_LENGTH): string[] | null {
  const cut = [...new Set(list.map((s) => s.slice(0, MAX_LENGTH)))];
  // A Chinese or Japanese string (read only with `caseless`) is rare enough however short.
  if (cut.some((s) => s.length < minLength && !/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/.test(s))) return null;
  return cut.filter((s) => !cut.some((t) => t !== s && s.includes(t))).sort();
}

/** Longer strings are rarer; a list is as weak as its shortest string. */
function score(list: readonly string[]): number {
  return Math.min(...list.map((s) => Math.min(s.length, 8)));
}

function best(info: Info): string[] | null {
  if (info.exact) return info.exact.includes('') ? null : info.exact;
  let top: string[] | null = null;
  for (const l of info.req) {
    const s = simplify(l);
    if (s && (!top || score(s) > score(top) || (score(s) === score(top) && s.length < top.length))) top = l;
  }
  return top ?? info.req[0] ?? null;
}

/** The requirements of a piece, exact or not. */
function requirements(info: Info): string[][] {
  if (!info.exact) return info.req;
  return info.exact.includes('') ? [] : [info.exact];
}

function product(a: readonly string[], b: readonly string[]): string[] | null {
  if (a.length * b.length > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return [...out];
}

/** A sequence: neighbouring exact pieces are multiplied out ("http" "s?" "://" -> http://, https://). */
function concat(parts: readonly Info[]): Info {
  const req: string[][] = [];
  let exact = true;
  let run = [''];
  const flush = (): void => {
    if (!run.includes('')) req.push(run);
    run = [''];
  };
  for (const part of parts) {
    if (part.exact) {
      const joined = product(run, part.exact);
      if (joined) {
        run = joined;
      } else {
        flush();
        run = part.exact;
      }
      continue;
    }
    exact = false;
    flush();
    req.push(...part.req);
  }
  if (exact && req.length === 0) return { exact: run, req: [] };
  flush();
  return { exact: null, req };
}

function alternation(branches: readonly Info[]): Info {
  if (branches.length === 1) return branches[0];
  if (branches.every((b) => b.exact)) {
    const all = [...new Set(branches.flatMap((b) => b.exact!))];
    if (all.length <= MAX_EXACT) return { exact: all, req: [] };
  }
  const union: string[] = [];
  for (const b of branches) {
    const l = best(b);
    if (!l) return ANY;
    union.push(...l);
  }
  return { exact: null, req: [[...new Set(union)]] };
}

function repeat(piece: Info, min: number, max: number): Info {
  if (piece.exact && max <= 4) {
    let out: string[] | null = [''];
    const all = new Set<string>();
    for (let k = 0; k <= max && out; k++) {
      if (k >= min) for (const s of out) all.add(s);
      if (k < max) out = product(out, piece.exact);
    }
    if (out && all.size <= MAX_EXACT) return { exact: [...all], req: [] };
  }
  if (min === 0) return piece.exact?.length === 1 && piece.exact[0] === '' ? EMPTY : ANY;
  return { exact: null, req: requirements(piece) };
}

/** Single characters matched by a class, lowercased; null when there are too many or some are not ASCII. */
type CharSet = Set<string> | null;

/**
 * Kana and CJK ideographs: no case mapping leads to or from them, so a case-insensitive regex
 * matches them only as written and lowercasing leaves them alone.
 */
function isCaselessCjk(code: number): boolean {
  return (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff);
}

/** A recursive-descent reader of the regex syntax the rules use. */
class Reader {
  private i = 0;
  private readonly unicode: boolean;
  private readonly fold: boolean;

  constructor(private readonly src: string, flags: string, private readonly caseless = false) {
    // The `v` flag's classes nest and subtract ([\w--\d]); this reader does not know them.
    if (flags.includes('v')) throw new Unsupported();
    this.unicode = flags.includes('u');
    this.fold = flags.includes('i');
  }

  read(): Info {
    const info = this.alternatives();
    if (this.i < this.src.length) throw new Unsupported();
    return info;
  }

  /** The top-level alternatives, each read alone. */
  readBranches(): Info[] {
    const branches = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    if (this.i < this.src.length) throw new Unsupported();
    return branches;
  }

  private alternatives(): Info {
    const branches = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    return alternation(branches);
  }

  private sequence(): Info {
    const parts: Info[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      parts.push(this.quantified(this.atom()));
    }
    return concat(parts);
  }

  private quantified(piece: Info): Info {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return piece;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return piece;
    this.i++;
    if (this.src[this.i] === '?') this.i++;
    return repeat(piece, min, max);
  }

  private atom(): Info {
    const c = this.src[this.i++];
    if (c === '(') return this.group();
    if (c === '[') return this.chars(this.charClass());
    if (c === '.') return ANY;
    if (c === '^' || c === '$') return EMPTY;
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?') throw new Unsupported();
    return this.chars(this.literal(c));
  }

  private group(): Info {
    let lookaround = false;
    if (this.src.startsWith('?:', this.i)) this.i += 2;
    else if (/^\?<?[=!]/.test(this.src.slice(this.i, this.i + 3))) {
      lookaround = true;
      this.i += this.src[this.i + 1] === '<' ? 3 : 2;
    } else if (this.src.startsWith('?<', this.i)) {
      const end = this.src.indexOf('>', this.i);
      if (end < 0) throw new Unsupported();
      this.i = end + 1;
    } else if (this.src[this.i] === '?') throw new Unsupported();
    const inner = this.alternatives();
    if (this.src[this.i++] !== ')') throw new Unsupported();
    return lookaround ? EMPTY : inner;
  }

  private escape(): Info {
    const c = this.src[this.i];
    if (c === 'b' || c === 'B') {
      this.i++;
      return EMPTY;
    }
    const set = this.escapedChar(false);
    return this.chars(set);
  }

  /** The characters an escape stands for; null for classes and whatever is not read. */
  private escapedChar(inClass: boolean): CharSet {
    const c = this.src[this.i++];
    if (c === undefined) throw new Unsupported();
    if (c === 'x') return this.hex(/^[0-9a-fA-F]{2}/);
    if (c === 'u') return this.src[this.i] === '{' && this.unicode ? this.hex(/^\{[0-9a-fA-F]{1,6}\}/) : this.hex(/^[0-9a-fA-F]{4}/);
    if (c === 'k' && !inClass) {
      const end = this.src.indexOf('>', this.i);
      if (this.src[this.i] === '<' && end > 0) this.i = end + 1;
      return null;
    }
    if (c === 'p' || c === 'P') {
      if (this.unicode && this.src[this.i] === '{') this.i = this.src.indexOf('}', this.i) + 1;
      return null;
    }
    if (c === 'c') {
      if (/[A-Za-z]/.test(this.src[this.i] ?? '')) this.i++;
      return null;
    }
    // Digits (backreferences, octal), \d \w \s, \n \t \0 and other letters: not read.
    if (/[0-9A-Za-z]/.test(c)) return null;
    return this.literal(c);
  }

  private hex(form: RegExp): CharSet {
    const m = form.exec(this.src.slice(this.i));
    if (!m) return null;
    this.i += m[0].length;
    return this.literal(String.fromCodePoint(parseInt(m[0].replace(/[{}]/g, ''), 16)));
  }

  /** One literal character, lowercased; null (anything) when it is not printable ASCII (nor, if asked, caseless CJK). */
  private literal(c: string): CharSet {
    const code = c.codePointAt(0)!;
    if (this.caseless && isCaselessCjk(code)) return new Set([c]);
    if (code < 0x20 || code > 0x7e) return null;
    // With `iu`, K and S also match the Kelvin sign and the long s, which lowercase to no ASCII needle.
    if (this.fold && this.unicode && /[ksKS]/.test(c)) return null;
    return new Set([c.toLowerCase()]);
  }

  private charClass(): CharSet {
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const codes: number[] = [];
    let known = true;
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      const from = this.classAtom();
      if (this.src[this.i] === '-' && this.i + 1 < this.src.length && this.src[this.i + 1] !== ']') {
        this.i++;
        const to = this.classAtom();
        if (from === null || to === null || to < from || to - from > 8) known = false;
        else for (let c = from; c <= to; c++) codes.push(c);
      } else if (from === null) known = false;
      else codes.push(from);
    }
    if (this.src[this.i++] !== ']') throw new Unsupported();
    if (negated || !known || codes.length === 0) return null;
    const set = new Set<string>();
    for (const code of codes) {
      const one = this.literal(String.fromCodePoint(code));
      if (!one) return null;
      for (const x of one) set.add(x);
    }
    return set.size <= 8 ? set : null;
  }

  /** One member of a class as a code point; null for class escapes (\d, \w, ...) and what is not read. */
  private classAtom(): number | null {
    const c = this.src[this.i++];
    if (c !== '\\') return c.codePointAt(0)!;
    const n = this.src[this.i];
    if (n === 'b') {
      this.i++;
      return 8;
    }
    const set = this.escapedChar(true);
    // A literal escape (\. \- \/) comes back as one lowercased character; its case does not matter
    // for the ranges the rules write with escapes (\x00-\x7f).
    if (set === null) return null;
    const [only] = [...set];
    return set.size === 1 ? only.codePointAt(0)! : null;
  }

  private chars(set: CharSet): Info {
    return set ? { exact: [...set], req: [] } : ANY;
  }
}
