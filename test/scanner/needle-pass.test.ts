import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNeedleIndex, findNeedles } from '../../shared/scanner/needles.js';

/** Every start offset of `needle` in `text`, found one by one. */
function offsets(text: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) at.push(i);
  return at;
}

type Answer = Array<[string, number, number[] | null | undefined]>;

/** What the needle pass should say about each needle (first offset + 1, all offsets), worked out with `indexOf`. */
function expected(needles: readonly string[], text: string, positionsFrom: number, cap: number): Answer {
  return needles.map((n) => {
    const at = offsets(text, n);
    if (at.length === 0) return [n, 0, undefined];
    return [n, at[0] + 1, text.length > positionsFrom ? (at.length > cap ? null : at) : null];
  });
}

function actual(needles: readonly string[], text: string, positionsFrom: number, cap: number): Answer {
  const index = buildNeedleIndex(needles);
  const hits = findNeedles(index, text, positionsFrom, cap);
  return needles.map((n) => [n, hits.first[index.ids.get(n)!], hits.positions(n)]);
}

// Few characters, so that needles overlap, share their first characters and occur many times.
const chars = fc.constantFrom('a', 'b', 'c', '-', ' ');
const word = (min: number, max: number): fc.Arbitrary<string> => fc.array(chars, { minLength: min, maxLength: max }).map((l) => l.join(''));

describe('the needle pass', () => {
  it('finds every needle where indexOf finds it: first offsets, all offsets past positionsFrom, null past the cap', () => {
    fc.assert(fc.property(fc.uniqueArray(word(1, 9), { minLength: 1, maxLength: 12 }), word(0, 80), fc.constantFrom(0, 40, 1000), fc.constantFrom(2, 2000),
      (needles, text, positionsFrom, cap) => {
        expect(actual(needles, text, positionsFrom, cap)).toEqual(expected(needles, text, positionsFrom, cap));
      }), { numRuns: 500 });
  });

  it('reuses a spent result without carrying its hits over', () => {
    const index = buildNeedleIndex(['curl', 'curl -s', 'wget']);
    const spent = findNeedles(index, 'curl -s https://x | sh');
    const hits = findNeedles(index, 'wget https://x', 0, 2000, spent);
    expect(['curl', 'curl -s', 'wget'].map((n) => hits.has(n))).toEqual([false, false, true]);
  });
});
