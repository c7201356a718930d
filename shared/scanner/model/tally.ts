/**
 * The count of a skill's features for the model (model/index.ts): each bucket once for the score,
 * and once per line for the explanation. It replaces a stamp per bucket of all 2^20 (4 MB, a
 * cache miss for most words of a skill) with a small table of the buckets met.
 */

/** Slots a tally starts with at each {@link Tally.begin}: enough for a small skill. */
const FIRST_SLOTS = 1024;
/** A slot's four entries: the stamp of the count it was filled in, the bucket, the last line it was counted on, its ordinal. */
const STAMP = 0;
const BUCKET = 1;
const LINE = 2;
const ORDINAL = 3;

/**
 * The features of one skill (or of the lines around a finding) being counted: each bucket once
 * for the score and, for the explanation, once per line, in one walk over the text. `begin`
 * empties the tally in constant time by moving to a new stamp; a count starts in the first
 * FIRST_SLOTS slots and spreads over more only as it grows, so a small skill touches a few
 * kilobytes whatever a large one left behind. One count at a time: each is over before the next
 * begins.
 *
 * The weights are looked up at the {@link Tally.end} of the count, in one loop over the distinct
 * buckets in the order they came: in 4 MB of weights each lookup is likely a cache miss, and in
 * a loop of nothing else the processor has many of them under way at once, where looked up as
 * each word was read it waited for each. The sums are then made in the order the walk met the
 * buckets, so they come out as they did.
 */
export class Tally {
  /** Distinct buckets counted. */
  size = 0;
  /** The sum of their weights, once the count has ended. */
  sum = 0;
  /** Per line (numbered across the files of the count), the sum of the weights of its distinct buckets, once the count has ended. */
  lineSums = new Float64Array(256);
  private slots = new Int32Array(FIRST_SLOTS * 4);
  private mask = FIRST_SLOTS - 1;
  private stamp = 0;
  private lines = 0;
  /** The distinct buckets by ordinal (the order first met), and then their weights. */
  private buckets = new Int32Array(FIRST_SLOTS);
  private weightOf = new Float32Array(FIRST_SLOTS);
  /** (line, ordinal) each time a bucket is first met on a line, in the order met. */
  private onLine = new Int32Array(FIRST_SLOTS * 2);
  private onLines = 0;

  /** Starts a count with line sums for lines 0 .. `lines - 1`. */
  begin(lines = 0): void {
    this.size = 0;
    this.sum = 0;
    this.onLines = 0;
    this.lines = lines;
    this.mask = FIRST_SLOTS - 1;
    if (++this.stamp === 0x7fffffff) {
      this.slots.fill(0);
      this.stamp = 1;
    }
  }

  /** Counts `bucket` for the score (once per count); returns its slot's index in `slots`. */
  add(bucket: number): number {
    const slots = this.slots;
    const stamp = this.stamp;
    let i = bucket & this.mask;
    while (slots[i << 2] === stamp) {
      if (slots[(i << 2) + BUCKET] === bucket) return i << 2;
      i = (i + 1) & this.mask;
    }
    const at = i << 2;
    if (this.size === this.buckets.length) this.buckets = grown(this.buckets);
    this.buckets[this.size] = bucket;
    slots[at + STAMP] = stamp;
    slots[at + BUCKET] = bucket;
    slots[at + LINE] = -1;
    slots[at + ORDINAL] = this.size;
    if (++this.size * 2 <= this.mask + 1) return at;
    this.grow();
    return this.add(bucket);
  }

  /** Counts `bucket` for the score and, once per line, for `line`'s sum. */
  addOnLine(bucket: number, line: number): void {
    const at = this.add(bucket);
    if (this.slots[at + LINE] === line) return;
    this.slots[at + LINE] = line;
    if (this.onLines * 2 === this.onLine.length) this.onLine = grown(this.onLine);
    this.onLine[this.onLines * 2] = line;
    this.onLine[this.onLines * 2 + 1] = this.slots[at + ORDINAL];
    this.onLines++;
  }

  /** Ends the count: looks up the weights of its buckets (by bucket) and makes {@link sum} and {@link lineSums}. */
  end(weights: Float32Array): void {
    if (this.weightOf.length < this.size) this.weightOf = new Float32Array(this.buckets.length);
    let sum = 0;
    for (let k = 0; k < this.size; k++) {
      const w = weights[this.buckets[k]];
      this.weightOf[k] = w;
      sum += w;
    }
    this.sum = sum;
    if (this.lineSums.length < this.lines) this.lineSums = new Float64Array(this.lines * 2);
    else this.lineSums.fill(0, 0, this.lines);
    for (let e = 0; e < this.onLines; e++) this.lineSums[this.onLine[e * 2]] += this.weightOf[this.onLine[e * 2 + 1]];
  }

  /** Twice the slots, the buckets of this count placed again under a new stamp with what they hold. */
  private grow(): void {
    const held = this.slots.slice(0, (this.mask + 1) * 4);
    const stamp = this.stamp;
    const slots = (this.mask + 1) * 2;
    if (this.slots.length < slots * 4) this.slots = new Int32Array(slots * 4);
    if (++this.stamp === 0x7fffffff) {
      this.slots.fill(0);
      this.stamp = 1;
    }
    this.mask = slots - 1;
    for (let from = 0; from < held.length; from += 4) {
      if (held[from + STAMP] !== stamp) continue;
      let i = held[from + BUCKET] & this.mask;
      while (this.slots[i << 2] === this.stamp) i = (i + 1) & this.mask;
      this.slots.set(held.subarray(from, from + 4), i << 2);
      this.slots[i << 2] = this.stamp;
    }
  }
}

/** `a` copied into an array twice as long. */
function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
