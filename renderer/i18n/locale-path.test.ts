import { describe, expect, it } from 'vitest';
import { localeOfPrefix, splitLocalePath, withLocalePrefix } from './locale-path';

describe('locale prefixes of addresses', () => {
  it('split a prefix the shop knows off a path, and nothing else', () => {
    expect(splitLocalePath('/fr/products/linen-shirt')).toEqual({ prefix: 'fr', path: '/products/linen-shirt' });
    expect(splitLocalePath('/en-gb/cart')).toEqual({ prefix: 'en-gb', path: '/cart' });
    expect(splitLocalePath('/fr')).toEqual({ prefix: 'fr', path: '/' });
    expect(splitLocalePath('/products/fr')).toEqual({ path: '/products/fr' });
    expect(splitLocalePath('/it/cart')).toEqual({ path: '/it/cart' });
    expect(splitLocalePath('/frx/cart')).toEqual({ path: '/frx/cart' });
  });

  it('put a language on a shop path once, never on a call, another site or an address already in one', () => {
    expect(withLocalePrefix('/', 'fr')).toBe('/fr');
    expect(withLocalePrefix('/cart?x=1', 'de')).toBe('/de/cart?x=1');
    expect(withLocalePrefix('/de/cart', 'fr')).toBe('/de/cart');
    expect(withLocalePrefix('/api/site', 'fr')).toBe('/api/site');
    expect(withLocalePrefix('//evil.example/x', 'fr')).toBe('//evil.example/x');
    expect(withLocalePrefix('https://shop.example/cart', 'fr')).toBe('https://shop.example/cart');
    expect(withLocalePrefix('/cart', undefined)).toBe('/cart');
  });

  it('write a prefix back as the shop spells the locale', () => {
    expect(localeOfPrefix('en-gb')).toBe('en-GB');
    expect(localeOfPrefix('cn')).toBe('cn');
    expect(localeOfPrefix('xx')).toBeUndefined();
  });
});
