/**
 * Batched statements by key: calls that arrive while a batch is running are answered together
 * by the next one, with a single statement for all their keys (`WHERE id = ANY($1)`), instead of
 * one round trip each. No timer: a lone call runs at once; a burst batches itself.
 *
 * A key is in a batch at most once, and each call is its own statement's answer: a second call
 * for a key already waiting goes into the batch after, so a batched write (counting an attempt)
 * happens once per call, as it would unbatched.
 */
export type BatchRun<K, V> = (keys: K[]) => Promise<Map<K, V>>;

interface Call<K, V> {
  key: K;
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

/**
 * @param run - answers a batch of distinct keys; a key missing from its map is answered undefined
 * @param maxBatch - the most keys one statement carries
 */
export function batched<K, V>(run: BatchRun<K, V>, maxBatch = 100): (key: K) => Promise<V | undefined> {
  let waiting: Call<K, V>[] = [];
  let running = false;

  /** Takes the next batch off `waiting`: distinct keys, in arrival order, at most maxBatch. */
  function nextBatch(): Call<K, V>[] {
    const batch: Call<K, V>[] = [];
    const later: Call<K, V>[] = [];
    const keys = new Set<K>();
    for (const call of waiting) {
      if (batch.length < maxBatch && !keys.has(call.key)) {
        keys.add(call.key);
        batch.push(call);
      } else {
        later.push(call);
      }
    }
    waiting = later;
    return batch;
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = nextBatch();
        try {
          const found = await run(batch.map((c) => c.key));
          batch.forEach((c) => c.resolve(found.get(c.key)));
        } catch (err) {
          batch.forEach((c) => c.reject(err));
        }
      }
    } finally {
      running = false;
    }
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!running) void drain();
    });
}
