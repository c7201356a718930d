/**
 * The two tables the model reads a feature's bucket through, both small enough to stay in the
 * CPU's caches. A dense array over all 2^20 buckets (4 MB of weights, and 4 MB more of stamps to
 * count each bucket once) cost a cache miss or two per word: a fifth of a whole scan, and the
 * caches it emptied slowed the next file's rules too.
 */

/**
 * The weights of the buckets that have one, by bucket: open addressing with linear probing over
 * (bucket + 1, weight) pairs side by side, so a lookup reads one cache line, seldom two. A bucket
 * that is not in the table weighs 0, as it did in the dense array. Buckets are hashes already, so
 * their low bits pick the slot.
 */
export class WeightTable {
  private readonly keys: Int32Array;
  private readonly values: Float32Array;
  private readonly mask: number;

  /** `entries` may name a bucket twice: the last weight counts, as in the array it replaces. */
  constructor(entries: ReadonlyArray<readonly [number, number]>) {
    // At most three quarters full: probes stay within a cache line or two.
    let slots = 16;
    while (slots * 3 < entries.length * 4) slots *= 2;
    const buffer = new ArrayBuffer(slots * 8);
    this.keys = new Int32Array(buffer);
    this.values = new Float32Array(buffer);
    this.mask = slots - 1;
    for (const [bucket, weight] of entries) this.values[this.slotOf(bucket) + 1] = weight;
  }

  /** The weight of `bucket` (0 when it has none). */
  get(bucket: number): number {
    const keys = this.keys;
    const key = bucket + 1;
    for (let i = bucket & this.mask; ; i = (i + 1) & this.mask) {
      const k = keys[i << 1];
      if (k === key) return this.values[(i << 1) + 1];
      if (k === 0) return 0;
    }
  }

  /** The index in `keys` of the pair holding `bucket`, claimed for it if it had none. */
  private slotOf(bucket: number): number {
    for (let i = bucket & this.mask; ; i = (i + 1) & this.mask) {
      const k = this.keys[i << 1];
      if (k === bucket + 1) return i << 1;
      if (k === 0) {
        this.keys[i << 1] = bucket + 1;
        return i << 1;
      }
    }
  }
}

/** Slots a tally starts with at each {@link Tally.begin}: enough for a small skill. */
const FIRST_SLOTS = 1024;
/** A slot's four entries: the stamp of the count it was filled in, the bucket, the last line it was counted on, its weight. */
const STAMP = 0;
const BUCKET = 1;
const LINE = 2;
const WEIGHT = 3;

/**
 * The features of one skill (or of the lines around a finding) being counted: each bucket once
 * for the score and, for the explanation, once per line, in one walk over the text. Each bucket
 * has a slot of four entries side by side, its weight among them, so it is looked up in the
 * {@link WeightTable} once per count however often it recurs. `begin` empties the tally in
 * constant time by moving to a new stamp; a count starts in the first FIRST_SLOTS slots and
 * spreads over more only as it grows, so a small skill touches a few kilobytes whatever a large
 * one left behind. One count at a time: each is over before the next begins.
 */
export class Tally {
  /** Distinct buckets counted. */
  size = 0;
  /** The sum of their weights. */
  sum = 0;
  /** Per line (numbered across the files of the count), the sum of the weights of its distinct buckets. */
  lineSums = new Float64Array(256);
  private slots = new Int32Array(FIRST_SLOTS * 4);
  private weightOf = new Float32Array(this.slots.buffer);
  private mask = FIRST_SLOTS - 1;
  private stamp = 0;
  private weights: WeightTable | null = null;

  /** Starts a count with `weights`, and line sums for lines 0 .. `lines - 1`. */
  begin(weights: WeightTable, lines = 0): void {
    this.weights = weights;
    this.size = 0;
    this.sum = 0;
    this.mask = FIRST_SLOTS - 1;
    if (++this.stamp === 0x7fffffff) {
      this.slots.fill(0);
      this.stamp = 1;
    }
    if (this.lineSums.length < lines) this.lineSums = new Float64Array(lines * 2);
    else this.lineSums.fill(0, 0, lines);
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
    const weight = this.weights!.get(bucket);
    slots[at + STAMP] = stamp;
    slots[at + BUCKET] = bucket;
    slots[at + LINE] = -1;
    this.weightOf[at + WEIGHT] = weight;
    this.sum += weight;
    if (++this.size * 2 <= this.mask + 1) return at;
    this.grow();
    return this.add(bucket);
  }

  /** Counts `bucket` for the score and, once per line, for `line`'s sum. */
  addOnLine(bucket: number, line: number): void {
    const at = this.add(bucket);
    if (this.slots[at + LINE] === line) return;
    this.slots[at + LINE] = line;
    this.lineSums[line] += this.weightOf[at + WEIGHT];
  }

  /** Twice the slots, the buckets of this count placed again under a new stamp with what they hold. */
  private grow(): void {
    const held = this.slots.slice(0, (this.mask + 1) * 4);
    const stamp = this.stamp;
    const slots = (this.mask + 1) * 2;
    if (this.slots.length < slots * 4) {
      this.slots = new Int32Array(slots * 4);
      this.weightOf = new Float32Array(this.slots.buffer);
    }
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
