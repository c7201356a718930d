import { describe, expect, it } from 'vitest';
import { createShortCache } from '../../api/short-cache.js';

/** A making that counts its calls and answers `value`. */
function counter<T>(value: T) {
  const made = { calls: 0 };
  return { made, make: async () => { made.calls++; return value; } };
}

describe('createShortCache', () => {
  it('makes a value once for requests that miss together, and serves it again within its time', async () => {
    const cache = createShortCache<string>(60_000);
    const { made, make } = counter('page');
    expect(await Promise.all([cache.get('k', make), cache.get('k', make), cache.get('k', make)])).toEqual(['page', 'page', 'page']);
    expect(await cache.get('k', make)).toBe('page');
    expect(made.calls).toBe(1);
  });

  it('makes it again once its time is over', async () => {
    const cache = createShortCache<string>(0);
    const { made, make } = counter('page');
    await cache.get('k', make);
    await cache.get('k', make);
    expect(made.calls).toBe(2);
  });

  it('does not keep a failed making', async () => {
    const cache = createShortCache<string>(60_000);
    await expect(cache.get('k', async () => { throw new Error('database down'); })).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'page')).toBe('page');
  });

  it('hands a value it may not keep to the requests that shared its making, then drops it', async () => {
    const cache = createShortCache<string>(60_000, 10, (v) => v.length <= 4);
    const { made, make } = counter('a page too long to hold');
    const shared = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect(shared).toEqual(['a page too long to hold', 'a page too long to hold']);
    expect(made.calls).toBe(1);
    await cache.get('k', make);
    expect(made.calls).toBe(2);
  });

  it('holds at most maxEntries keys, dropping the oldest first', async () => {
    const cache = createShortCache<string>(60_000, 2);
    const first = counter('1');
    await cache.get('one', first.make);
    await cache.get('two', async () => '2');
    await cache.get('three', async () => '3');
    await cache.get('one', first.make);
    expect(first.made.calls).toBe(2);
  });
});
