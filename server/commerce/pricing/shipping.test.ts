import { describe, expect, it } from 'vitest';
import checkout from '../../../fixtures/checkout.json' with { type: 'json' };
import {
  chosenShipping,
  servesDestination,
  shippingCountries,
  shippingOptions,
  UNSUPPORTED_COUNTRY,
  type ShippingTemplate,
} from './shipping';

const templates = checkout.shippingTemplates as unknown as ShippingTemplate[];
const prices = (options: { id: number; price: number }[]) => options.map((o) => [o.id, o.price]);

describe('shipping templates', () => {
  it('offer a country its templates, free over a spend', () => {
    expect(prices(shippingOptions(templates, { country: 'US', province: 'CA' }, 5000))).toEqual([
      [1, 695],
      [2, 1995],
    ]);
    expect(prices(shippingOptions(templates, { country: 'US', province: 'CA' }, 7500))).toEqual([
      [1, 0],
      [2, 1995],
    ]);
  });

  it('offer a province the templates made for it, instead of the country’s', () => {
    expect(prices(shippingOptions(templates, { country: 'US', province: 'HI' }, 5000))).toEqual([[3, 1495]]);
  });

  it('price by order value: the highest tier the spend reaches', () => {
    expect(prices(shippingOptions(templates, { country: 'FR' }, 4999))).toEqual([
      [4, 1995],
      [5, 895],
    ]);
    expect(prices(shippingOptions(templates, { country: 'FR' }, 5000))[0]).toEqual([4, 995]);
    expect(prices(shippingOptions(templates, { country: 'FR' }, 7500))[0]).toEqual([4, 0]);
  });

  it('price by weight: the highest tier the parcel reaches, whatever the spend', () => {
    const economy = (grams: number, spend = 5000) =>
      shippingOptions(templates, { country: 'DE' }, spend, grams).find((o) => o.id === 5)!.price;
    expect(economy(0)).toBe(895);
    expect(economy(999)).toBe(895);
    expect(economy(1000)).toBe(1495);
    expect(economy(2999, 50000)).toBe(1495);
    expect(economy(3000)).toBe(2495);
  });

  it('refuse a country no template serves, with the spec’s code and words', () => {
    expect(() => shippingOptions(templates, { country: 'CN' }, 1000)).toThrow(UNSUPPORTED_COUNTRY);
    try {
      shippingOptions(templates, { country: 'CN' }, 1000);
    } catch (error) {
      expect(error).toMatchObject({ code: 5007 });
    }
  });

  it('list the countries served', () => {
    expect(shippingCountries(templates)).toContain('US');
    expect(shippingCountries(templates)).not.toContain('CN');
  });

  it('price a chosen way only where it serves: none for another province’s or an unserved country', () => {
    expect(chosenShipping(templates, { country: 'US', province: 'CA' }, 5000, 0, 2)?.price).toBe(1995);
    // Alaska has its own template: Express (2) and Standard (1) do not serve it.
    expect(chosenShipping(templates, { country: 'US', province: 'AK' }, 5000, 0, 2)).toBeNull();
    expect(chosenShipping(templates, { country: 'CN' }, 5000, 0, 1)).toBeNull();
    expect(servesDestination(templates, { country: 'US', province: 'AK' }, 3)).toBe(true);
    expect(servesDestination(templates, { country: 'US', province: 'AK' }, 1)).toBe(false);
  });

  it('refuse to price a template without rate tiers rather than ship for nothing', () => {
    const broken = [{ ...templates[3]!, freeOver: undefined, rate: { kind: 'value', tiers: [] } }] as ShippingTemplate[];
    expect(() => shippingOptions(broken, { country: 'FR' }, 1000)).toThrow(/no rate tiers/);
  });
});
