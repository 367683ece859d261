import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readThrough } from './cache';

describe('readThrough', () => {
  const TTL_MS = 20;

  it('loads a key once while it is fresh, however many callers ask at once', async () => {
    const cache = readThrough<{ n: number }>({ ttlMs: TTL_MS, max: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe(b);
    expect(await cache.get('k', load)).toBe(a);
    expect(loads).toBe(1);
  });

  it('keeps the same object past its TTL while the data read again is equal, so what is kept by identity stays good', async () => {
    const cache = readThrough<{ name: string; prices: number[] }>({ ttlMs: TTL_MS, max: 10 });
    let loads = 0;
    const first = await cache.get('p', async () => ({ name: 'Linen shirt', prices: [4900] }));
    await sleep(TTL_MS * 2);
    const again = await cache.get('p', async () => {
      loads++;
      return { name: 'Linen shirt', prices: [4900] };
    });
    expect(loads).toBe(1);
    expect(again).toBe(first);

    await sleep(TTL_MS * 2);
    const changed = await cache.get('p', async () => ({ name: 'Linen shirt', prices: [3900] }));
    expect(changed).not.toBe(first);
    expect(changed.prices).toEqual([3900]);
  });

  it('forgets a deleted key: the next read is the loader’s new object', async () => {
    const cache = readThrough<{ n: number }>({ ttlMs: 60_000, max: 10 });
    const first = await cache.get('k', async () => ({ n: 1 }));
    cache.delete('k');
    const second = await cache.get('k', async () => ({ n: 1 }));
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('a read under way when the cache is cleared answers what the database holds after the change, and keeps nothing older', async () => {
    const cache = readThrough<{ pixel: boolean }>({ ttlMs: 60_000, max: 10 });
    let stored = true;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowRead = cache.get('apps', async () => {
      const read = { pixel: stored };
      await gate;
      return read;
    });
    stored = false;
    cache.clear();
    release();
    expect(await slowRead).toEqual({ pixel: false });
    expect(await cache.get('apps', async () => ({ pixel: stored }))).toEqual({ pixel: false });
  });
});
