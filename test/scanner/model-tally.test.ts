import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tally } from '../../shared/scanner/model/tally.js';

const BUCKETS = 1 << 21; // features: a bucket of 2^20 and a sign (features.ts)
const LINES = 31;
// Few distinct buckets sometimes, so that counts repeat them and weights are found; all 2^20 other times.
const bucket = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: BUCKETS - 1 }));
const entry = fc.tuple(bucket, fc.float({ noNaN: true, min: -20, max: 20 }));
// A count: (bucket, line or -1 for none), lines in order as a walk over a text gives them.
const count = fc.array(fc.tuple(bucket, fc.integer({ min: -1, max: LINES - 1 })), { maxLength: 1200, size: 'max' })
  .map((l) => {
    const lines = l.map(([, line]) => line).filter((line) => line >= 0).sort((a, b) => a - b);
    let k = 0;
    return l.map(([b, line]): [number, number] => [b, line < 0 ? -1 : lines[k++]]);
  });

describe('the tally of a skill\'s features', () => {
  it('counts each bucket once, sums their weights in the order first met, and each line\'s buckets once per line', () => {
    fc.assert(fc.property(fc.array(entry, { maxLength: 800, size: 'max' }), fc.array(count, { minLength: 1, maxLength: 4 }), (entries, counts) => {
      const weights = new Float32Array(BUCKETS);
      for (const [b, w] of entries) weights[b] = w;
      // One tally for every count, as the model keeps one: what one count leaves must not leak into the next.
      const tally = new Tally();
      for (const features of counts) {
        tally.begin(LINES);
        const seen = new Set<number>();
        const seenOnLine = new Set<string>();
        const lineSums = new Float64Array(LINES);
        let sum = 0;
        for (const [b, line] of features) {
          if (line < 0) tally.add(b);
          else tally.addOnLine(b, line);
          if (!seen.has(b)) sum += weights[b];
          seen.add(b);
          if (line >= 0 && !seenOnLine.has(`${b}:${line}`)) lineSums[line] += weights[b];
          if (line >= 0) seenOnLine.add(`${b}:${line}`);
        }
        tally.end(weights);
        expect(tally.size).toBe(seen.size);
        expect(tally.sum).toBe(sum);
        expect([...tally.lineSums.subarray(0, LINES)]).toEqual([...lineSums]);
      }
    }), { numRuns: 60 });
  });
});
