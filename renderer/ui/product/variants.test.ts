import { describe, expect, it } from 'vitest';
import type { Product, Sku } from '../../../schemas/generated/api';
import { choose, imageOf, initialSelection, skuFor, valueInStock } from './variants';

const money = (amount: number) => ({ amount, currencyCode: 'USD' });
const sku = (id: number, color: string, size: string, stock: number, imageId: number | null = null): Sku => ({
  id,
  code: `S${id}`,
  options: { color, size },
  price: money(1000),
  compareAtPrice: null,
  discountPercent: null,
  stock,
  available: stock > 0,
  imageId,
});
const product = {
  options: [
    {
      code: 'color',
      name: 'Colour',
      values: [
        { code: 'sand', label: 'Sand' },
        { code: 'sage', label: 'Sage' },
      ],
    },
    {
      code: 'size',
      name: 'Size',
      values: [
        { code: 's', label: 'S' },
        { code: 'm', label: 'M' },
      ],
    },
  ],
  images: [
    { id: 1, src: '/media/a.webp', alt: '', width: 1, height: 1, color: 'sand' },
    { id: 2, src: '/media/b.webp', alt: '', width: 1, height: 1, color: 'sage' },
  ],
  skus: [sku(10, 'sand', 's', 0), sku(11, 'sand', 'm', 3, 1), sku(12, 'sage', 's', 2), sku(13, 'sage', 'm', 0)],
} as unknown as Product;

describe('choosing a SKU', () => {
  it('starts from the SKU in the address, else the first in stock', () => {
    expect(initialSelection(product, 12)).toEqual({ color: 'sage', size: 's' });
    expect(initialSelection(product)).toEqual({ color: 'sand', size: 'm' });
    expect(initialSelection(product, 999)).toEqual({ color: 'sand', size: 'm' });
  });

  it('finds the SKU of a selection', () => {
    expect(skuFor(product, { color: 'sage', size: 'm' })?.id).toBe(13);
  });

  it('tells which values would be in stock with the rest of the selection', () => {
    expect(valueInStock(product, { color: 'sand', size: 'm' }, 'size', 's')).toBe(false);
    expect(valueInStock(product, { color: 'sand', size: 'm' }, 'color', 'sage')).toBe(false);
    expect(valueInStock(product, { color: 'sage', size: 's' }, 'color', 'sand')).toBe(false);
    expect(valueInStock(product, { color: 'sage', size: 'm' }, 'size', 's')).toBe(true);
  });

  it('keeps the other options when switching one', () => {
    expect(choose(product, { color: 'sand', size: 'm' }, 'color', 'sage')).toEqual({ color: 'sage', size: 'm' });
  });

  it("shows the SKU's image, else its colour's", () => {
    expect(imageOf(product, product.skus[1])?.id).toBe(1);
    expect(imageOf(product, product.skus[2])?.id).toBe(2);
  });
});
