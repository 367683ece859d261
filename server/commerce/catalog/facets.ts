// A listing's facets as the filters show them: the option names and values of every product on sale
// (sizes in size order), and the counts of a query's products, priced in the shopper's currency.
import { eq } from 'drizzle-orm';
import type { Facets } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { products } from '../../db/catalog-schema';
import type { MoneyIn } from '../pricing/pricing';
import type { BaseFacets } from './product-query';
import { inSizeOrder } from './size-order';

/** Every option of the products on sale by code: its name and its values (label, swatch) by code. */
export type OptionCatalog = Map<
  string,
  { name: Record<string, string>; values: Map<string, { label: Record<string, string>; swatch?: string }> }
>;

export async function loadOptionCatalog(db: Db): Promise<OptionCatalog> {
  const rows = await db.select({ options: products.options }).from(products).where(eq(products.status, 'active'));
  const out: OptionCatalog = new Map();
  for (const option of rows.flatMap((r) => r.options)) {
    if (!out.has(option.code)) out.set(option.code, { name: option.name, values: new Map() });
    for (const value of option.values)
      if (!out.get(option.code)!.values.has(value.code)) out.get(option.code)!.values.set(value.code, value);
  }
  // Merged from every product in turn: sizes go back into size order (size-order.ts).
  for (const option of out.values()) option.values = new Map(inSizeOrder([...option.values], ([code]) => code));
  return out;
}

/** The facets of a query (`raw`, in the base currency) as the filters show them. */
export function facetsView(raw: BaseFacets, names: OptionCatalog, money: MoneyIn, locale: string): Facets {
  return {
    price: {
      min: raw.price.min === null ? null : money.money(raw.price.min),
      max: raw.price.max === null ? null : money.money(raw.price.max),
    },
    availability: raw.availability,
    options: [...raw.options.entries()].flatMap(([code, values]) => {
      const known = names.get(code);
      if (!known) return [];
      return [
        {
          code,
          name: localize(known.name, locale),
          values: [...known.values.entries()]
            .filter(([value]) => values.has(value))
            .map(([value, meta]) => ({
              code: value,
              label: localize(meta.label, locale),
              ...(meta.swatch ? { swatch: meta.swatch } : {}),
              count: values.get(value)!,
            })),
        },
      ];
    }),
  };
}
