// Choosing a SKU by its options: which SKU a choice names, what to choose first, what is still in stock.
import type { Image, Product, Sku } from '../../../schemas/generated/api';

export type Selection = Record<string, string>;

export function skuFor(product: Product, selection: Selection): Sku | undefined {
  return product.skus.find((sku) => product.options.every((o) => sku.options[o.code] === selection[o.code]));
}

/** The SKU named in the address (?variant=), else the first one in stock, else the first. */
export function initialSelection(product: Product, skuId?: number): Selection {
  const sku = product.skus.find((s) => s.id === skuId) ?? product.skus.find((s) => s.available) ?? product.skus[0];
  return sku ? { ...sku.options } : {};
}

/** Whether choosing `value` for `code`, with the rest of the selection kept, gives a SKU in stock. */
export function valueInStock(product: Product, selection: Selection, code: string, value: string): boolean {
  const wanted = { ...selection, [code]: value };
  return product.skus.some((sku) => sku.available && product.options.every((o) => sku.options[o.code] === wanted[o.code]));
}

/** Switching one option keeps the others when that combination exists, else takes the nearest SKU in stock. */
export function choose(product: Product, selection: Selection, code: string, value: string): Selection {
  const wanted = { ...selection, [code]: value };
  if (skuFor(product, wanted)) return wanted;
  const fallback =
    product.skus.find((s) => s.options[code] === value && s.available) ?? product.skus.find((s) => s.options[code] === value);
  return fallback ? { ...fallback.options } : wanted;
}

/** The image a SKU shows (its own, else the first image of its colour, else the product's first). */
export function imageOf(product: Product, sku: Sku | undefined): Image | undefined {
  if (sku?.imageId) {
    const own = product.images.find((i) => i.id === sku.imageId);
    if (own) return own;
  }
  const color = sku?.options.color;
  return (color ? product.images.find((i) => i.color === color) : undefined) ?? product.images[0];
}
