/**
 * Finds every rule needle in a file in one pass: an Aho-Corasick automaton over the lowercased
 * text, compiled once into tables (needles are ASCII), so the cost is about one table lookup per
 * character however many needles there are. Checking ~400 needles with `indexOf` one by one cost
 * half a scan; one regex alternation over all of them, tried at every offset, still a sixth.
 *
 * The table's columns are character classes, not characters: every character that occurs in no
 * needle shares class 0 (and leads back to the root). The needles use about 65 distinct
 * characters. Only the shallow states (the root and depth 1 and 2, about 460 of 8,800) have a
 * full row; the deeper ones, with a child or two each, list their own transitions and fall back
 * to a shallower state on any other character. All of it takes 0.14 MB, where a row for every
 * state took 1.16 MB, more than the CPU's second-level cache: a scan, whose rules and regexes fill
 * the caches between two files, fetched it again for each file.
 */

/** A compiled set of needles. */
export interface NeedleIndex {
  needles: string[];
  /** Each needle's index in `needles`. */
  ids: Map<string, number>;
  lengths: Int32Array;
  /** The class of each ASCII character: 0 for characters in no needle, else 1.. `width - 1`. */
  classes: Uint8Array;
  /** Columns of the table: the number of classes. */
  width: number;
  /**
   * `next[state * width + classes[charCode]]`, for the shallow states (`state < dense`): the next
   * state, with {@link ENDS} set when needles end there. Two bytes an entry keep the table small
   * (a quarter of the 128-column, four-byte one). Complete: no failure walks from these states.
   */
  next: Uint16Array;
  /** The shallow states, numbered first: those with a row in `next`. */
  dense: number;
  /**
   * The deeper states' own transitions: state `s`'s go to `kidNext[k]` (flagged as in `next`) on
   * class `kidClass[k]`, for `k` from `kidFrom[s]` to `kidFrom[s + 1] - 1`; on any other class
   * the automaton falls back to `fail[s]`, a shallower state, and tries again there.
   */
  kidFrom: Int32Array;
  kidClass: Uint8Array;
  kidNext: Uint16Array;
  fail: Uint16Array;
  /**
   * For each state, the needles (by index) that end there, suffixes included: those of state `s`
   * are `outIds[outFrom[s]]` .. `outIds[outFrom[s + 1] - 1]`, end to end in one array (an array
   * per state cost a cache miss per hit).
   */
  outFrom: Int32Array;
  outIds: Int32Array;
}

/**
 * The needles found in one text. Every needle's first occurrence is kept; all occurrences only
 * for texts past `positionsFrom` characters, where the pattern rules cut the text into the lines
 * that hold their needles (see match.ts). Below that a file is matched whole and a list per
 * needle cost more than the rules it spared.
 */
export class NeedleHits {
  constructor(
    readonly index: NeedleIndex,
    /** Per needle id: its first start offset + 1, 0 when absent. */
    readonly first: Int32Array,
    /** The ids found, in the order first found. */
    readonly found: readonly number[],
    private readonly all: Array<number[] | null> | null,
  ) {}

  has(needle: string): boolean {
    const id = this.index.ids.get(needle);
    return id !== undefined && this.first[id] !== 0;
  }

  /**
   * Start offsets of a needle: `undefined` when absent, `null` when it is found more than the cap
   * (everywhere) or the text was short enough that only first occurrences were kept.
   */
  positions(needle: string): number[] | null | undefined {
    const id = this.index.ids.get(needle);
    if (id === undefined || this.first[id] === 0) return undefined;
    return this.all ? this.all[id] : null;
  }
}

const ALPHABET = 128;
/** States this deep or shallower get a full row of the table (see the top of this file). */
const DENSE_DEPTH = 2;
/** The flag on a state in `next` where needles end; state numbers stay below it. */
const ENDS = 0x8000;

/** Compiles needles (lowercase ASCII; others can never match and are ignored). */
export function buildNeedleIndex(input: Iterable<string>): NeedleIndex {
  const needles = [...new Set(input)].filter((n) => n.length > 0 && /^[\x00-\x7f]+$/.test(n));
  const classes = new Uint8Array(ALPHABET);
  let width = 1;
  for (const n of needles) for (let i = 0; i < n.length; i++) if (classes[n.charCodeAt(i)] === 0) classes[n.charCodeAt(i)] = width++;
  const children: Array<Map<number, number>> = [new Map()];
  const ends: number[][] = [[]];
  needles.forEach((n, id) => {
    let s = 0;
    for (let i = 0; i < n.length; i++) {
      const c = classes[n.charCodeAt(i)];
      let next = children[s].get(c);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        ends.push([]);
        children[s].set(c, next);
      }
      s = next;
    }
    ends[s].push(id);
  });
  const delta = new Int32Array(children.length * width);
  const fail = new Int32Array(children.length);
  // Breadth first: a state's failure target is shallower, so its row is complete when needed.
  const queue: number[] = [];
  const depth = new Int32Array(children.length);
  for (const [c, s] of children[0]) {
    delta[c] = s;
    depth[s] = 1;
    queue.push(s);
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q];
    for (const child of children[s].values()) depth[child] = depth[s] + 1;
    ends[s].push(...ends[fail[s]]);
    for (let c = 0; c < width; c++) {
      const child = children[s].get(c);
      if (child === undefined) {
        delta[s * width + c] = delta[fail[s] * width + c];
      } else {
        delta[s * width + c] = child;
        fail[child] = delta[fail[s] * width + c];
        queue.push(child);
      }
    }
  }
  if (children.length > ENDS) throw new Error(`${children.length} needle states: more than the table can number`);
  // Renumbered breadth first, so the rows text visits most (the root and shallow states) sit
  // together at the start of the table and share cache lines.
  const order = [0, ...queue];
  const rank = new Int32Array(order.length);
  order.forEach((old, i) => (rank[old] = i));
  const outFrom = new Int32Array(order.length + 1);
  order.forEach((old, i) => (outFrom[i + 1] = outFrom[i] + ends[old].length));
  const outIds = Int32Array.from(order.flatMap((old) => ends[old]));
  const flagged = (to: number): number => (outFrom[to + 1] === outFrom[to] ? to : to | ENDS);
  // Breadth first, the shallow states come first.
  let dense = 0;
  while (dense < order.length && depth[order[dense]] <= DENSE_DEPTH) dense++;
  const next = new Uint16Array(dense * width);
  for (let i = 0; i < dense; i++) for (let c = 0; c < width; c++) next[i * width + c] = flagged(rank[delta[order[i] * width + c]]);
  const kidFrom = new Int32Array(order.length + 1);
  const kidClass: number[] = [];
  const kidNext: number[] = [];
  const failRank = new Uint16Array(order.length);
  order.forEach((old, i) => {
    kidFrom[i] = kidClass.length;
    if (i < dense) return;
    for (const [c, child] of children[old]) {
      kidClass.push(c);
      kidNext.push(flagged(rank[child]));
    }
    failRank[i] = rank[fail[old]];
  });
  kidFrom[order.length] = kidClass.length;
  return {
    needles, ids: new Map(needles.map((n, i) => [n, i])), lengths: Int32Array.from(needles, (n) => n.length), classes, width, next, outFrom, outIds,
    dense, kidFrom, kidClass: Uint8Array.from(kidClass), kidNext: Uint16Array.from(kidNext), fail: failRank,
  };
}

/**
 * Every needle in a lowercased text: first occurrences always, all occurrences (at most `cap`
 * per needle, else `null`) when the text is longer than `positionsFrom`. `recycle` is a result
 * the caller is done with: its storage is cleared and reused (a fresh table per text cost as much
 * as the search itself on small files), and it must not be read again.
 */
export function findNeedles(index: NeedleIndex, lower: string, positionsFrom = 0, cap = 2000, recycle?: NeedleHits): NeedleHits {
  const { classes, width, next, outFrom, outIds, lengths, dense, kidFrom, kidClass, kidNext, fail } = index;
  let first: Int32Array;
  if (recycle && recycle.index === index) {
    first = recycle.first;
    for (const id of recycle.found) first[id] = 0;
  } else {
    first = new Int32Array(lengths.length);
  }
  const found: number[] = [];
  const all: Array<number[] | null> | null = lower.length > positionsFrom ? [] : null;
  let state = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    const cls = c < ALPHABET ? classes[c] : 0;
    // A character in no needle leads back to the root from any state.
    if (cls === 0) {
      state = 0;
      continue;
    }
    let to = -1;
    while (state >= dense) {
      for (let k = kidFrom[state]; k < kidFrom[state + 1]; k++) {
        if (kidClass[k] === cls) {
          to = kidNext[k];
          break;
        }
      }
      if (to >= 0) break;
      state = fail[state];
    }
    state = to >= 0 ? to : next[state * width + cls];
    if (state < ENDS) continue;
    state ^= ENDS;
    for (let k = outFrom[state]; k < outFrom[state + 1]; k++) {
      const id = outIds[k];
      const at = i - lengths[id] + 1;
      if (first[id] === 0) {
        first[id] = at + 1;
        found.push(id);
        if (all) all[id] = [at];
      } else if (all) {
        const list: number[] | null = all[id];
        if (list !== null) all[id] = list.length >= cap ? null : (list.push(at), list);
      }
    }
  }
  return new NeedleHits(index, first, found, all);
}
