import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tally, WeightTable } from '../../shared/scanner/model/buckets.js';

const BUCKETS = 1 << 20;
// Few distinct buckets sometimes, so that counts repeat them and weights are found; all 2^20 other times.
const bucket = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: BUCKETS - 1 }));
const entry = fc.tuple(bucket, fc.float({ noNaN: true, min: -20, max: 20 })) as fc.Arbitrary<[number, number]>;

/** The weights as the dense array the table replaces held them: 32-bit floats, the last one named for a bucket. */
function dense(entries: ReadonlyArray<[number, number]>): Map<number, number> {
  return new Map(entries.map(([b, w]) => [b, Math.fround(w)]));
}

describe('the weight table', () => {
  it('gives each bucket the last weight named for it as a 32-bit float, and 0 to the others', () => {
    fc.assert(fc.property(fc.array(entry, { maxLength: 300 }), fc.array(bucket, { maxLength: 50 }), (entries, asked) => {
      const table = new WeightTable(entries);
      const expected = dense(entries);
      for (const b of [...expected.keys(), ...asked]) expect(table.get(b)).toBe(expected.get(b) ?? 0);
    }), { numRuns: 300 });
  });
});

describe('the tally', () => {
  it('counts each bucket once, sums their weights in the order first met, and each line\'s buckets once per line', () => {
    // Each count is a list of (bucket, line or -1 for no line), lines in order as a walk gives them.
    const count = fc.array(fc.tuple(bucket, fc.integer({ min: -1, max: 30 })), { maxLength: 1200, size: 'max' })
      .map((l) => {
        const lines = l.map(([, line]) => line).filter((line) => line >= 0).sort((a, b) => a - b);
        let k = 0;
        return l.map(([b, line]): [number, number] => [b, line < 0 ? -1 : lines[k++]]);
      });
    fc.assert(fc.property(fc.array(entry, { maxLength: 800, size: 'max' }), fc.array(count, { minLength: 1, maxLength: 4 }), (entries, counts) => {
      const table = new WeightTable(entries);
      const weights = dense(entries);
      // One tally for every count, as the model keeps one: what one count leaves must not leak into the next.
      const tally = new Tally();
      for (const features of counts) {
        tally.begin(table, 31);
        const seen = new Set<number>();
        const seenOnLine = new Set<string>();
        const lineSums = new Float64Array(31);
        let sum = 0;
        for (const [b, line] of features) {
          if (line < 0) tally.add(b);
          else tally.addOnLine(b, line);
          if (!seen.has(b)) sum += weights.get(b) ?? 0;
          seen.add(b);
          if (line >= 0 && !seenOnLine.has(`${b}:${line}`)) lineSums[line] += weights.get(b) ?? 0;
          if (line >= 0) seenOnLine.add(`${b}:${line}`);
        }
        expect(tally.size).toBe(seen.size);
        expect(tally.sum).toBe(sum);
        expect([...tally.lineSums.subarray(0, 31)]).toEqual([...lineSums]);
      }
    }), { numRuns: 60 });
  });
});
