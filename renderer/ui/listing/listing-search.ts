// The state of a product listing lives in the URL (so a link reproduces the view): sort, page, price
// bounds (in units of the visitor's currency), availability and option filters (?color=sand,sage).
import type { ProductSort } from '../../../schemas/generated/api';
import type { ListingQuery } from '../../api/client';

export const PRODUCT_SORTS: ProductSort[] = [
  'default',
  'bestseller',
  'bestseller-7d',
  'bestseller-today',
  'title-asc',
  'title-desc',
  'price-asc',
  'price-desc',
  'created-asc',
  'created-desc',
  'rating-desc',
];

/** Products per page of a listing. */
export const PAGE_SIZE = 24;
/**
 * What the listing API takes (schemas/api.schema.json, ProductListQuery; listing-search.test.ts ties
 * them): a URL asking for more is read within these bounds, so no address can make the page fail.
 */
export const LISTING_LIMITS = {
  /** Largest offset. */
  maxOffset: 100_000,
  /** Largest price bound, in minor units. */
  maxPriceMinor: 2_147_483_647,
  /** Option filters at once, values per filter, characters per value. */
  maxOptions: 20,
  maxValues: 20,
  maxCodeLength: 50,
} as const;
const MAX_PAGE = Math.floor(LISTING_LIMITS.maxOffset / PAGE_SIZE) + 1;

export interface ListingSearch {
  q?: string;
  sort?: ProductSort;
  page?: number;
  priceMin?: number;
  priceMax?: number;
  available?: 'true';
  /** Option code -> value codes. */
  options?: Record<string, string[]>;
}

/** Keys that are not option filters. */
const RESERVED = new Set([
  'q',
  'sort',
  'page',
  'priceMin',
  'priceMax',
  'available',
  'lang',
  'currency',
  'preview',
  'overview',
  '__fault',
  'variant',
]);
const CODE = /^[a-z0-9][a-z0-9-]*$/;

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

function codes(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : [value];
  return raw
    .flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : []))
    .map((v) => v.trim())
    .filter((v) => v.length <= LISTING_LIMITS.maxCodeLength && CODE.test(v))
    .slice(0, LISTING_LIMITS.maxValues);
}

/** Reads a listing's search params, dropping anything malformed rather than failing the page. */
export function parseListingSearch(raw: Record<string, unknown>): ListingSearch {
  const out: ListingSearch = {};
  if (typeof raw.q === 'string' || typeof raw.q === 'number') out.q = String(raw.q).slice(0, 200);
  if (typeof raw.sort === 'string' && (PRODUCT_SORTS as string[]).includes(raw.sort) && raw.sort !== 'default')
    out.sort = raw.sort as ProductSort;
  const page = positive(raw.page);
  if (page && page >= 2) out.page = Math.min(Math.floor(page), MAX_PAGE);
  const priceMin = positive(raw.priceMin);
  const priceMax = positive(raw.priceMax);
  if (priceMin !== undefined) out.priceMin = priceMin;
  if (priceMax !== undefined) out.priceMax = priceMax;
  if (raw.available === true || raw.available === 'true') out.available = 'true';
  const options: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED.has(key) || key.length > LISTING_LIMITS.maxCodeLength || !CODE.test(key)) continue;
    if (Object.keys(options).length >= LISTING_LIMITS.maxOptions) break;
    const values = codes(value);
    if (values.length) options[key] = [...new Set(values)];
  }
  if (Object.keys(options).length) out.options = options;
  return out;
}

/**
 * A listing's search params as the router keeps them: the URL's own flat form (?color=a,b), with
 * repeated params (a form sent without JavaScript) joined. The router redirects to this form when the
 * address differs from it, so it must stay the URL's shape: the loader reads it with parseListingSearch.
 */
export function listingUrlSearch(raw: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    else if (typeof value === 'boolean') out[key] = String(value);
    else if (Array.isArray(value)) out[key] = value.filter((v) => typeof v === 'string' || typeof v === 'number').join(',');
  }
  return out;
}

/** The URL form of a listing state (options flattened to ?code=a,b). */
export function listingSearchParams(search: ListingSearch): Record<string, string | number | undefined> {
  const { options, ...rest } = search;
  const out: Record<string, string | number | undefined> = { ...rest };
  for (const [code, values] of Object.entries(options ?? {})) out[code] = values.join(',');
  return out;
}

/** Filters in use (what "Clear all" removes). */
export const hasFilters = (s: ListingSearch) =>
  s.priceMin !== undefined || s.priceMax !== undefined || s.available !== undefined || Boolean(s.options);

/** The API query of a listing state; prices go from units of the currency to its minor units. */
export function listingQuery(search: ListingSearch, decimals: number): ListingQuery {
  const minor = (value: number | undefined) =>
    value === undefined ? undefined : Math.min(Math.round(value * 10 ** decimals), LISTING_LIMITS.maxPriceMinor);
  return {
    sort: search.sort ?? 'default',
    priceMin: minor(search.priceMin),
    priceMax: minor(search.priceMax),
    available: search.available,
    options: search.options,
    limit: PAGE_SIZE,
    offset: ((search.page ?? 1) - 1) * PAGE_SIZE,
    facets: true,
  };
}
