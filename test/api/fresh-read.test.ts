import { describe, expect, it } from 'vitest';
import { freshReads } from '../../api/fresh-read.js';

/** A read of `state.value` that the test finishes by hand: each call is one pending read. */
function manualReads(state: { value: number }) {
  const pending: Array<{ finish: () => void; fail: (e: Error) => void }> = [];
  const read = () => new Promise<number>((resolve, reject) => {
    pending.push({ finish: () => resolve(state.value), fail: reject });
  });
  return { pending, read };
}

/** Lets the promise chains settle. */
const tick = () => new Promise((r) => setImmediate(r));

describe('freshReads', () => {
  it('starts a read at once when none is under way', async () => {
    const state = { value: 1 };
    const { pending, read } = manualReads(state);
    const get = freshReads(read);
    const got = get();
    expect(pending).toHaveLength(1);
    pending[0].finish();
    expect(await got).toBe(1);
  });

  it('never hands a caller a read begun before it asked: those who ask meanwhile share the next one', async () => {
    const state = { value: 1 };
    const { pending, read } = manualReads(state);
    const get = freshReads(read);
    const first = get();
    // A write commits while the first read is under way; then three requests ask.
    state.value = 2;
    const later = [get(), get(), get()];
    expect(pending).toHaveLength(1);
    pending[0].finish();
    await tick();
    // One more read, started after the first ended, for all three.
    expect(pending).toHaveLength(2);
    state.value = 3;
    pending[1].finish();
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([3, 3, 3]);
  });

  it('passes a failed read to its callers, and reads again for those waiting and for the next caller', async () => {
    const state = { value: 7 };
    const { pending, read } = manualReads(state);
    const get = freshReads(read);
    const failing = get();
    const waiting = get();
    pending[0].fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await tick();
    expect(pending).toHaveLength(2);
    pending[1].finish();
    expect(await waiting).toBe(7);
    const again = get();
    expect(pending).toHaveLength(3);
    pending[2].finish();
    expect(await again).toBe(7);
  });
});
