import { describe, expect, it } from 'vitest';
import apiSchema from '../../../schemas/api.schema.json' with { type: 'json' };
import { LISTING_LIMITS, listingQuery, listingSearchParams, parseListingSearch, PAGE_SIZE } from './listing-search';

describe('listing state in the URL', () => {
  it('reads sort, page, price, availability and option filters', () => {
    expect(
      parseListingSearch({
        sort: 'price-asc',
        page: 3,
        priceMin: '10',
        priceMax: 50,
        available: true,
        color: 'sand,sage',
        size: ['m', 'l'],
      }),
    ).toEqual({
      sort: 'price-asc',
      page: 3,
      priceMin: 10,
      priceMax: 50,
      available: 'true',
      options: { color: ['sand', 'sage'], size: ['m', 'l'] },
    });
  });

  it('drops what is malformed instead of failing', () => {
    expect(parseListingSearch({ sort: 'random', page: -2, priceMin: 'cheap', color: '<script>', lang: 'fr' })).toEqual({});
  });

  it('writes option filters back as comma lists, and asks the API for minor units', () => {
    const search = { sort: 'price-desc' as const, page: 2, priceMin: 19.99, options: { color: ['sand', 'sage'] } };
    expect(listingSearchParams(search)).toEqual({ sort: 'price-desc', page: 2, priceMin: 19.99, color: 'sand,sage' });
    expect(listingQuery(search, 2)).toMatchObject({
      priceMin: 1999,
      offset: 24,
      limit: 24,
      options: { color: ['sand', 'sage'] },
    });
    expect(listingQuery({ priceMax: 1500 }, 0)).toMatchObject({ priceMax: 1500, offset: 0 });
  });

  it('reads any address within what the listing API takes (so no address makes the page fail)', () => {
    const query = apiSchema.$defs.ProductListQuery;
    expect(LISTING_LIMITS.maxOffset).toBe(query.properties.offset.maximum);
    expect(LISTING_LIMITS.maxPriceMinor).toBe(query.properties.priceMin.maximum);
    expect(LISTING_LIMITS.maxPriceMinor).toBe(query.properties.priceMax.maximum);
    const optionMax = query.patternProperties['^option\\.[a-z0-9-]+$'].maxLength;
    expect(LISTING_LIMITS.maxValues * (LISTING_LIMITS.maxCodeLength + 1)).toBeLessThanOrEqual(optionMax);

    const huge = parseListingSearch({
      page: '1e9',
      priceMin: '1e308',
      priceMax: 99_999_999_999,
      ...Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`f${i}`, Array.from({ length: 40 }, (_, v) => `v${v}`).join(',')]),
      ),
      long: 'x'.repeat(LISTING_LIMITS.maxCodeLength + 1),
    });
    const asked = listingQuery(huge, 3);
    expect(asked.offset).toBeLessThanOrEqual(LISTING_LIMITS.maxOffset);
    expect(asked.offset! + PAGE_SIZE).toBeGreaterThan(LISTING_LIMITS.maxOffset);
    expect(asked.priceMin).toBe(LISTING_LIMITS.maxPriceMinor);
    expect(asked.priceMax).toBe(LISTING_LIMITS.maxPriceMinor);
    expect(Object.keys(asked.options!)).toHaveLength(LISTING_LIMITS.maxOptions);
    expect(Object.values(asked.options!).every((values) => values.length === LISTING_LIMITS.maxValues)).toBe(true);
    expect(asked.options!.long).toBeUndefined();
  });
});
