/**
 * Finds every rule needle in a file in one pass: an Aho-Corasick automaton over the lowercased
 * text, compiled once into a dense table (needles are ASCII), so the cost is one table lookup per
 * character however many needles there are. Checking ~400 needles with `indexOf` one by one cost
 * half a scan; one regex alternation over all of them, tried at every offset, still a sixth.
 *
 * The table's columns are character classes, not characters: every character that occurs in no
 * needle shares class 0. The rules' ~450 needles use about 50 distinct characters, so the table
 * is a fifth of a 128-column one (about 0.3 MB instead of 1.3 MB) and stays in the CPU's cache;
 * the 128-column table spent most of its time on cache misses.
 */

/** A compiled set of needles. */
export interface NeedleIndex {
  needles: string[];
  /** The class of each ASCII character: 0 for characters in no needle, else 1.. `width - 1`. */
  classes: Uint8Array;
  /** Columns of the table: the number of classes. */
  width: number;
  /** `delta[state * width + classes[charCode]]`: the next state (the automaton is complete: no failure walks). */
  delta: Int32Array;
  /** For each state, the needles (by index) that end there, suffixes included. */
  out: Array<Int32Array | null>;
}

/** Positions found per needle (start offsets); a needle found more than `cap` times maps to `null` (everywhere). */
export type NeedleHits = Map<string, number[] | null>;

const ALPHABET = 128;

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
  for (const [c, s] of children[0]) {
    delta[c] = s;
    queue.push(s);
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q];
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
  return { needles, classes, width, delta, out: ends.map((e) => (e.length ? Int32Array.from(e) : null)) };
}

/** Every needle occurrence in a lowercased text, by start offset. */
export function findNeedles(index: NeedleIndex, lower: string, cap = 2000): NeedleHits {
  const hits: NeedleHits = new Map();
  const { classes, width, delta, out, needles } = index;
  let s = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    s = c < ALPHABET ? delta[s * width + classes[c]] : 0;
    const found = out[s];
    if (found === null) continue;
    for (let k = 0; k < found.length; k++) {
      const n = needles[found[k]];
      const at = i - n.length + 1;
      const list = hits.get(n);
      if (list === undefined) hits.set(n, [at]);
      else if (list !== null) hits.set(n, list.length >= cap ? null : (list.push(at), list));
    }
  }
  return hits;
}
