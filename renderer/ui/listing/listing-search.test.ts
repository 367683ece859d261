import { describe, expect, it } from 'vitest';
import { listingQuery, listingSearchParams, parseListingSearch } from './listing-search';

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
});
