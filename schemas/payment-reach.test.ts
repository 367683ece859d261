import { describe, expect, it } from 'vitest';
import methods from '../fixtures/payment-methods.json';
import { fits, narrowed, narrowings, offeredFor } from './payment-reach';

type Fixture = (typeof methods.methods)[number];
const reachOf = (m: Fixture) => ({
  code: m.code,
  type: m.type,
  provider: m.provider,
  countries: (m.options as { countries?: string[] }).countries ?? [],
  currencies: (m.options as { currencies?: string[] }).currencies ?? [],
});
const demo = methods.methods.map(reachOf);
const shop = demo.filter((m, i) => methods.methods[i]!.normalTag && m.type !== 'EXPRESS');
const funnel = demo.filter((m, i) => methods.methods[i]!.funnelTag && m.type !== 'EXPRESS');
const codes = (list: { code: string }[]) => list.map((m) => m.code);

describe('payment methods fit the shopper (issue 23)', () => {
  it('offers no iDEAL, BLIK or OXXO for a US address in dollars, but the card, PayPal and pay later', () => {
    const offered = codes(offeredFor(shop, { country: 'US', currency: 'USD' }));
    expect(offered).not.toContain('ideal');
    expect(offered).not.toContain('blik');
    expect(offered).not.toContain('oxxo');
    expect(offered).toEqual(expect.arrayContaining(['card', 'paypal', 'klarna', 'afterpay']));
  });

  it('offers iDEAL for a Dutch address in euros only, BLIK in Poland in złoty, OXXO in Mexico in pesos', () => {
    expect(codes(offeredFor(shop, { country: 'NL', currency: 'EUR' }))).toContain('ideal');
    expect(codes(offeredFor(shop, { country: 'NL', currency: 'USD' }))).not.toContain('ideal');
    expect(codes(offeredFor(shop, { country: 'DE', currency: 'EUR' }))).not.toContain('ideal');
    expect(codes(offeredFor(shop, { country: 'PL', currency: 'PLN' }))).toContain('blik');
    expect(codes(offeredFor(shop, { country: 'PL', currency: 'EUR' }))).not.toContain('blik');
    expect(codes(offeredFor(shop, { country: 'MX', currency: 'MXN' }))).toContain('oxxo');
  });

  it('shows one card form in a funnel: the AsiaBill card does not sit beside the card', () => {
    const offered = codes(offeredFor(funnel, { country: 'US', currency: 'USD' }));
    expect(offered).toContain('card');
    expect(offered).not.toContain('asiabill');
  });

  it('lets the merchant narrow a method to some of its countries, never widen it', () => {
    const setting = narrowings('klarna:DE AT;ideal:BE');
    const klarna = narrowed({ countries: ['US', 'DE', 'AT', 'NL'], currencies: ['EUR', 'USD'] }, setting.get('klarna'));
    expect(klarna).toEqual({ countries: ['DE', 'AT'], currencies: ['EUR', 'USD'] });
    expect(fits(klarna!, { country: 'US', currency: 'USD' })).toBe(false);
    expect(fits(klarna!, { country: 'AT', currency: 'EUR' })).toBe(true);
    // iDEAL serves the Netherlands only: narrowed to Belgium it is offered nowhere.
    expect(narrowed({ countries: ['NL'], currencies: ['EUR'] }, setting.get('ideal'))).toBeNull();
    // A method of every country takes the merchant's countries.
    expect(narrowed({ countries: [], currencies: [] }, ['FR'])).toEqual({ countries: ['FR'], currencies: [] });
    expect(narrowings('not a setting').size).toBe(0);
  });
});
