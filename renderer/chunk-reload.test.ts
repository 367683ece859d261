import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_THROTTLE_MS, chunkReloadDue, isChunkLoadError, reloadAfterChunkFailure } from './chunk-reload';

const storage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
};

describe('the reload after a chunk failed to load', () => {
  it('is due the first time, then not again for 60 s', () => {
    expect(CHUNK_RELOAD_THROTTLE_MS).toBe(60_000);
    expect(chunkReloadDue(1_000_000, null)).toBe(true);
    expect(chunkReloadDue(1_000_000 + 59_999, 1_000_000)).toBe(false);
    expect(chunkReloadDue(1_000_000 + 60_000, 1_000_000)).toBe(true);
  });

  it('is due when the stored time is unreadable or in the future (a clock set back)', () => {
    expect(chunkReloadDue(1_000_000, Number.NaN)).toBe(true);
    expect(chunkReloadDue(1_000_000, 2_000_000)).toBe(true);
  });

  it('reloads once, remembers when, and does not reload again within the minute', () => {
    const store = storage();
    let reloads = 0;
    const at = (now: number) => reloadAfterChunkFailure(undefined, { storage: store, now, reload: () => reloads++ });
    expect(at(5_000_000)).toBe(true);
    expect(at(5_030_000)).toBe(false);
    expect(reloads).toBe(1);
    expect(at(5_060_000)).toBe(true);
    expect(reloads).toBe(2);
  });

  it("marks the failure for the router's lazy views, so they do not reload past the limit themselves", () => {
    const store = storage();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/ProductView-abc.js');
    reloadAfterChunkFailure(error, { storage: store, now: 1, reload: () => {} });
    expect(store.items.get(`tanstack_router_reload:${error.message}`)).toBe('1');
  });

  it('never reloads when the tab keeps no storage (it could not tell when it last did)', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    let reloads = 0;
    expect(reloadAfterChunkFailure(undefined, { storage: blocked, now: 1, reload: () => reloads++ })).toBe(false);
    expect(reloads).toBe(0);
  });

  it('tells a failed chunk from other errors, in the words of each browser', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://shop.example/assets/x.js',
      'error loading dynamically imported module: https://shop.example/assets/x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/x.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(new Error('Page data could not be loaded'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
