/**
 * Finds every rule needle in a file in one pass. Checking ~400 needles with `indexOf` one by
 * one cost half of a scan; one regex over all of them, tried at every offset, costs a fifth of
 * that. A needle inside a longer one ("rm" in "format") is credited with the longer one's
 * position, which is on the same line, and lines are all the caller needs.
 */

/** A compiled set of needles. */
export interface NeedleIndex {
  re: RegExp;
  /** For each needle, the needles it contains (itself included). */
  contains: Map<string, string[]>;
}

/** Positions found per needle; a needle found more than `cap` times maps to `null` (everywhere). */
export type NeedleHits = Map<string, number[] | null>;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compiles needles; the longest first, so the alternation prefers the longest at an offset. */
export function buildNeedleIndex(needles: Iterable<string>): NeedleIndex {
  const all = [...new Set(needles)].sort((a, b) => b.length - a.length);
  const contains = new Map(all.map((n) => [n, all.filter((m) => n.includes(m))]));
  return { re: new RegExp(all.map(escapeRe).join('|'), 'g'), contains };
}

/** Every needle occurrence in a lowercased text. */
export function findNeedles(index: NeedleIndex, lower: string, cap = 2000): NeedleHits {
  const hits: NeedleHits = new Map();
  if (index.contains.size === 0) return hits;
  const re = new RegExp(index.re.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(lower)) !== null) {
    for (const n of index.contains.get(m[0]) ?? []) {
      const list = hits.get(n);
      if (list === undefined) hits.set(n, [m.index]);
      else if (list !== null) hits.set(n, list.length >= cap ? null : (list.push(m.index), list));
    }
    // Overlapping search: a needle may start inside the one just found ("abc" then "bcd").
    re.lastIndex = m.index + 1;
  }
  return hits;
}
