import { describe, expect, it } from 'vitest';
import { pagesToPrefetch, PREFETCH_IDLE_MS, prefetchAllowed, whenEngaged } from './idle-prefetch';

describe('link prefetch', () => {
  it('waits for 2 s of idle time', () => expect(PREFETCH_IDLE_MS).toBe(2000));

  it('starts on the first scroll, touch, pointer move or key press, once', () => {
    const target = new EventTarget();
    let started = 0;
    whenEngaged(() => started++, target as unknown as Window);
    target.dispatchEvent(new Event('load'));
    expect(started).toBe(0);
    target.dispatchEvent(new Event('scroll'));
    target.dispatchEvent(new Event('keydown'));
    expect(started).toBe(1);
  });

  it.each([
    [{}, true],
    [{ onLine: true, connection: { effectiveType: '4g', saveData: false } }, true],
    [{ onLine: true, connection: { effectiveType: '3g' } }, true],
    [{ onLine: false }, false],
    [{ onLine: true, connection: { effectiveType: '2g' } }, false],
    [{ onLine: true, connection: { effectiveType: 'slow-2g' } }, false],
    [{ onLine: true, connection: { effectiveType: '4g', saveData: true } }, false],
  ])('for a browser %j is %s', (facts, allowed) => expect(prefetchAllowed(facts)).toBe(allowed));

  const origin = 'https://shop.example';
  const shared = (path: string) => /^\/(collections|products|pages)\//.test(path) || path === '/';

  it("takes each shared page of the shop once, never the page shown, another site's or a private one", () => {
    expect(
      pagesToPrefetch(
        [
          'https://shop.example/products/linen-shirt',
          '/products/linen-shirt',
          'https://shop.example/collections/all?sort=price-asc',
          'https://shop.example/collections/apparel',
          'https://elsewhere.example/products/linen-shirt',
          'https://shop.example/cart',
          'https://shop.example/cart/12:1',
          'https://shop.example/account/login',
          'http://[bad',
        ],
        origin,
        '/collections/apparel',
        shared,
      ),
    ).toEqual(['/products/linen-shirt', '/collections/all?sort=price-asc']);
  });

  it('takes at most 8 pages', () => {
    const hrefs = Array.from({ length: 30 }, (_, i) => `/products/p${i}`);
    expect(pagesToPrefetch(hrefs, origin, '/', shared)).toHaveLength(8);
  });
});
