/**
 * Which intent features a text can hold, decided from the engine's one needle pass before any
 * feature regex runs (see intent.ts): a feature's own needles, the literals read from its regex,
 * and those of each of its regex's top-level alternatives.
 */
import { FEATURE_NEEDLES, FEATURES, type Feature } from './intent-features.js';
import { requiredLiterals, requiredLiteralsByBranch } from './literals.js';
import type { NeedleHits, NeedleIndex } from './needles.js';

const isAscii = (n: string): boolean => /^[\x00-\x7f]+$/.test(n);
/** Chinese and Japanese strings, which literals.ts reads with `caseless`: short ones are rare enough. */
const isCjk = (n: string): boolean => /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/.test(n);

/**
 * The literals of each top-level alternative of a feature's regex (Chinese and Japanese ones
 * included), or null when some alternative requires none. A list with a short ASCII string is
 * dropped (it is in most texts) unless the string is one of the feature's own needles, as `@` is
 * a send's; a list with a space is dropped, as the read text joins lines with one.
 */
function branchLiterals(re: RegExp, own: readonly string[]): string[][][] | null {
  const branches = requiredLiteralsByBranch(re, 1, true);
  if (!branches) return null;
  const usable = (l: readonly string[]): boolean =>
    l.every((n) => !/\s/.test(n) && (n.length >= 3 || isCjk(n) || own.includes(n)));
  const kept = branches.map((lists) => lists.filter(usable));
  return kept.some((lists) => lists.length === 0) ? null : kept;
}

/**
 * Per feature, what its presence in a text takes: one of its own needles (ASCII ones found by the
 * engine's one needle pass, the others looked for one by one), one string of each list of
 * literals read from its regex (literals.ts), and of each list of at least one of its regex's
 * top-level alternatives.
 */
const PRESENCE = FEATURES.map(([feature, re]) => ({
  feature,
  ascii: FEATURE_NEEDLES[feature].filter(isAscii),
  other: FEATURE_NEEDLES[feature].filter((n) => !isAscii(n)),
  lists: requiredLiterals(re),
  branches: branchLiterals(re, FEATURE_NEEDLES[feature]),
}));
/** Per feature, the literal lists of each alternative of its regex (null: not used); needles.test.ts checks them. */
export const FEATURE_BRANCHES: ReadonlyArray<[Feature, string[][][] | null]> = PRESENCE.map((f) => [f.feature, f.branches]);
/** The ASCII needles and literals of the features, for the engine to add to its one automaton over the file. */
export const INTENT_NEEDLES: readonly string[] = PRESENCE.flatMap((f) => [
  ...f.ascii, ...f.lists.flat(), ...(f.branches ?? []).flat(2).filter(isAscii),
]);

/** A list of literals as needle ids, plus its strings the automaton cannot hold (looked for one by one). */
interface Alternatives {
  ids: Int32Array;
  other: readonly string[];
}
export interface Presence {
  feature: Feature;
  lists: Int32Array[];
  other: readonly string[];
  branches: Alternatives[][] | null;
}
/** PRESENCE with needles as ids of the index the engine built (one index in practice). */
const BY_INDEX = new WeakMap<NeedleIndex, Presence[]>();
/** Per index and needle id, the features (bits by FEATURES index) that have the needle among their own. */
const OWNERS = new WeakMap<NeedleIndex, Int32Array>();
export function presenceIn(index: NeedleIndex): Presence[] {
  let compiled = BY_INDEX.get(index);
  if (!compiled) {
    const ids = (l: readonly string[]): Int32Array => Int32Array.from(l, (n) => {
      const id = index.ids.get(n);
      if (id === undefined) throw new Error(`intent needle ${JSON.stringify(n)} is not in the index`);
      return id;
    });
    const alternatives = (l: readonly string[]): Alternatives => ({ ids: ids(l.filter(isAscii)), other: l.filter((n) => !isAscii(n)) });
    compiled = PRESENCE.map((f) => ({
      feature: f.feature,
      lists: [ids(f.ascii), ...f.lists.map(ids)],
      other: f.other,
      branches: f.branches?.map((lists) => lists.map(alternatives)) ?? null,
    }));
    BY_INDEX.set(index, compiled);
    if (compiled.length > 31) throw new Error(`${compiled.length} intent features: more than a bit mask holds`);
    const owners = new Int32Array(index.needles.length);
    compiled.forEach(({ lists }, i) => lists[0].forEach((id) => (owners[id] |= 1 << i)));
    OWNERS.set(index, owners);
  }
  return compiled;
}

const anyFound = (list: Int32Array, first: Int32Array): boolean => {
  for (let k = 0; k < list.length; k++) if (first[list[k]] !== 0) return true;
  return false;
};

/** The features (bits by FEATURES index) with needles the automaton cannot hold. */
const WITH_OTHER = PRESENCE.reduce((mask, f, i) => (f.other.length > 0 ? mask | (1 << i) : mask), 0);

/**
 * The features a file can hold (bits by FEATURES index), from the needles found in its whole
 * lowercased text (its own needles and its regex's literals). The detector reads only some lines
 * (see intent-text.ts), so this may name a feature the read lines lack: it only decides which
 * regexes run, and those run over the read lines alone.
 */
export function presentFeatures(found: NeedleHits, lower: string): number {
  // `lower` is searched for non-ASCII strings only: '' stands for a pure-ASCII text.
  const compiled = presenceIn(found.index);
  // The features one of whose own ASCII needles (the first of its lists) the text holds, from the
  // needles found rather than from every feature's list.
  const owners = OWNERS.get(found.index)!;
  let own = 0;
  for (const id of found.found) own |= owners[id];
  let present = 0;
  // Only those can be present, and in a text that is not pure ASCII those whose other needles may
  // stand in for their ASCII ones.
  for (let candidates = lower === '' ? own : own | WITH_OTHER; candidates !== 0; candidates &= candidates - 1) {
    const i = 31 - Math.clz32(candidates & -candidates);
    const { lists, other } = compiled[i];
    if ((own & (1 << i)) === 0 && !anyIncluded(other, lower)) continue;
    let all = true;
    for (let k = 1; k < lists.length && all; k++) all = anyFound(lists[k], found.first);
    if (all) present |= 1 << i;
  }
  return present;
}

const FEATURE_INDEX = new Map(FEATURES.map(([f], i) => [f, i]));

/**
 * Whether a present feature's regex can match at all: one of its alternatives has one string of
 * each of its lists in the text. Worked out when first asked and kept in `memo` (0: not yet,
 * 1: can, 2: cannot), as most features of most files are never asked about.
 */
export function possible(compiled: readonly Presence[], memo: Uint8Array, f: Feature, found: NeedleHits, lower: string): boolean {
  const i = FEATURE_INDEX.get(f)!;
  if (memo[i] === 0) {
    const { branches } = compiled[i];
    memo[i] = branches === null || someBranchFound(branches, found.first, lower) ? 1 : 2;
  }
  return memo[i] === 1;
}

/** Whether some alternative has one string of each of its lists in the text. */
function someBranchFound(branches: readonly Alternatives[][], first: Int32Array, lower: string): boolean {
  for (let b = 0; b < branches.length; b++) {
    const lists = branches[b];
    let all = true;
    for (let k = 0; k < lists.length && all; k++) all = anyFound(lists[k].ids, first) || anyIncluded(lists[k].other, lower);
    if (all) return true;
  }
  return false;
}

function anyIncluded(strings: readonly string[], lower: string): boolean {
  for (let k = 0; k < strings.length; k++) if (lower.includes(strings[k])) return true;
  return false;
}

