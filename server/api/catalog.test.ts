// Listings on the demo shop's real data: every sort order, filters, facets, search, paging and
// currencies, on PGlite and on PostgreSQL (the queries are SQL of their own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixtures from '../../fixtures/products.json' with { type: 'json' };
import orders from '../../fixtures/orders.json' with { type: 'json' };
import type { ProductList } from '../../schemas/generated/api';
import { createTestShop, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

type Fixture = (typeof fixtures)[number];
const active = fixtures.filter((p) => p.status === 'active');
const skuIndex = new Map(active.flatMap((p) => p.skus.map((s) => [s.code, p.handle] as const)));
/** What a card shows as the price: the cheapest SKU in stock, else the cheapest. */
const cardPrice = (p: Fixture) => {
  const inStock = p.skus.filter((s) => s.stock > 0);
  return Math.min(...(inStock.length ? inStock : p.skus).map((s) => s.price));
};
function soldSince(daysAgo: number | null): Map<string, number> {
  const sold = new Map<string, number>();
  for (const order of orders) {
    if (daysAgo !== null && order.daysAgo > daysAgo) continue;
    for (const line of order.lines) {
      const handle = skuIndex.get(line.sku)!;
      sold.set(handle, (sold.get(handle) ?? 0) + line.quantity);
    }
  }
  return sold;
}

describe.each<Driver>(['pglite', 'postgres'])('product listings on %s', (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());
  const list = async (query: string, headers: Record<string, string> = {}) =>
    (await readEnvelope<ProductList>(await shop.app.request(`/api/multicurrency/products?${query}`, { headers }))).data;
  const handles = (l: ProductList) => l.items.map((p) => p.handle);

  it('"all" lists every product on sale; the archived one never shows', async () => {
    const all = await list('categoryHandles=all&limit=100');
    expect(all.total).toBe(active.length);
    expect(handles(all)).not.toContain('enamel-camp-mug');
  });

  it('sorts by price both ways, by the price a card shows', async () => {
    const up = handles(await list('categoryHandles=all&limit=100&sort=price-asc'));
    const prices = up.map((h) => cardPrice(active.find((p) => p.handle === h)!));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = handles(await list('categoryHandles=all&limit=100&sort=price-desc'));
    expect(down.map((h) => cardPrice(active.find((p) => p.handle === h)!))).toEqual([...prices].sort((a, b) => b - a));
  });

  it('sorts by title A–Z and Z–A in the visitor language', async () => {
    const az = (await list('categoryHandles=all&limit=100&sort=title-asc')).items.map((p) => p.title);
    expect(az).toEqual([...az].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
    const za = (await list('categoryHandles=all&limit=100&sort=title-desc')).items.map((p) => p.title);
    expect(za).toEqual([...az].reverse());
    const fr = (await list('categoryHandles=apparel&limit=100&sort=title-asc', { language: 'fr' })).items.map((p) => p.title);
    expect(fr[0]).toBe('Baskets en toile');
  });

  it('sorts by date, old to new and new to old', async () => {
    const byDate = [...active].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((p) => p.handle);
    expect(handles(await list('categoryHandles=all&limit=100&sort=created-asc'))).toEqual(byDate);
    expect(handles(await list('categoryHandles=all&limit=100&sort=created-desc'))).toEqual([...byDate].reverse());
  });

  it.each<[string, number | null]>([
    ['bestseller', null],
    ['bestseller-7d', 6],
    ['bestseller-today', 0],
  ])('sorts by %s from the order history', async (sort, days) => {
    const sold = soldSince(days);
    const ranked = [...sold.entries()].sort((a, b) => b[1] - a[1]);
    const got = handles(await list(`categoryHandles=all&limit=3&sort=${sort}`));
    expect(got.map((h) => sold.get(h))).toEqual(ranked.slice(0, 3).map(([, n]) => n));
  });

  it('keeps the collection order by default, and pages through it', async () => {
    const first = await list('categoryHandles=new-arrivals&limit=4');
    const second = await list('categoryHandles=new-arrivals&limit=4&offset=4');
    expect(first.total).toBe(9);
    expect([...handles(first), ...handles(second)].length).toBe(8);
    expect(new Set([...handles(first), ...handles(second)]).size).toBe(8);
  });

  it('filters by option values (any of one option, all options together), availability and price', async () => {
    const sand = await list('categoryHandles=all&limit=100&option.color=sand');
    for (const handle of handles(sand))
      expect(active.find((p) => p.handle === handle)!.skus.some((s) => s.options.color === 'sand')).toBe(true);
    const either = await list('categoryHandles=all&limit=100&option.color=sand,black');
    expect(either.total).toBeGreaterThan(sand.total);
    const both = await list('categoryHandles=all&limit=100&option.color=black&option.size=m');
    for (const handle of handles(both)) {
      const skus = active.find((p) => p.handle === handle)!.skus as { options: Record<string, string> }[];
      expect(skus.some((s) => s.options.color === 'black') && skus.some((s) => s.options.size === 'm')).toBe(true);
    }
    expect(handles(await list('categoryHandles=all&limit=100&available=false'))).toEqual(['stoneware-teapot']);
    const cheap = await list('categoryHandles=all&limit=100&priceMax=2500');
    expect(cheap.items.every((p) => p.price.amount <= 2500)).toBe(true);
    expect(cheap.total).toBe(active.filter((p) => cardPrice(p) <= 2500).length);
  });

  it('counts filter values of the listing before filtering', async () => {
    const { facets } = await list('categoryHandles=apparel&limit=1&facets=true&option.color=sand');
    expect(facets!.availability.available + facets!.availability.soldOut).toBe(7);
    const color = facets!.options.find((o) => o.code === 'color')!;
    expect(color.name).toBe('Colour');
    expect(color.values.find((v) => v.code === 'black')).toMatchObject({ label: 'Black', count: 3 });
    expect(facets!.price.min!.amount).toBeLessThan(facets!.price.max!.amount);
  });

  it('lists sizes in size order, though the first product found has no XS', async () => {
    const { facets } = await list('categoryHandles=apparel&limit=1&facets=true');
    const size = facets!.options.find((o) => o.code === 'size')!;
    const letters = size.values.map((v) => v.label).filter((label) => /^X*[SML]$|^XL$/.test(label));
    expect(letters).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    const numbers = size.values.map((v) => v.code).filter((code) => /^\d+$/.test(code));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual([...numbers].sort((a, b) => Number(a) - Number(b)));
    expect(size.values.findIndex((v) => v.code === 'xl')).toBeLessThan(size.values.findIndex((v) => v.code === numbers[0]));
  });

  it('searches titles, descriptions and tags in every language, ranked, with prefixes', async () => {
    const search = async (q: string) =>
      (
        await readEnvelope<ProductList>(
          await shop.app.request(`/api/multicurrency/products/keySearch?q=${encodeURIComponent(q)}&limit=50`),
        )
      ).data;
    expect(handles(await search('linen'))).toEqual(expect.arrayContaining(['linen-shirt', 'linen-throw-blanket']));
    expect(handles(await search('chemise'))).toContain('linen-shirt');
    expect(handles(await search('merin'))).toContain('merino-crew-sweater');
    expect((await search('zzzz-nothing')).total).toBe(0);
    expect((await search('<script>')).total).toBe(0);
    const missing = await shop.app.request('/api/multicurrency/products/keySearch?q=');
    expect(missing.status).toBe(400);
  });

  it('gives prices in the asked currency, converted and rounded its way', async () => {
    const usd = (await list('handles=linen-shirt')).items[0]!;
    const eur = (await list('handles=linen-shirt&currencyCode=EUR')).items[0]!;
    const jpy = (await list('handles=linen-shirt&currencyCode=JPY')).items[0]!;
    const gbp = (await list('handles=linen-shirt&currencyCode=GBP')).items[0]!;
    expect(usd.price).toEqual({ amount: 5900, currencyCode: 'USD' });
    expect(eur.price).toEqual({ amount: 5428, currencyCode: 'EUR' });
    expect(jpy.price).toEqual({ amount: 8909, currencyCode: 'JPY' });
    expect(gbp.price.amount % 100).toBe(99);
    expect(eur.discountPercent).toBe(25);
    const eurCheap = await list('categoryHandles=all&limit=100&priceMax=2500&currencyCode=EUR');
    expect(eurCheap.items.every((p) => p.price.amount <= 2500)).toBe(true);
  });
});
