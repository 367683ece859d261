// The local stand-in of the maps service: what a shopper typing a street finds, and that every address it
// knows is one the checkout accepts (its postcode and province by the shop's own country rules).
import { describe, expect, it } from 'vitest';
import countries from '../../../fixtures/countries.json';
import { toCheckoutAddress } from './address';
import { createStandInMaps } from './stand-in';
import { STAND_IN_PLACES } from './stand-in-addresses';

const maps = createStandInMaps();

describe('the stand-in maps service', () => {
  it('finds a street from the start of its words, accents and case aside, in the form’s country', async () => {
    expect(await maps.search('12 rue ober', { country: 'FR', locale: 'fr' })).toEqual([
      { placeId: 'local:fr-oberkampf', mainText: '12 Rue Oberkampf', secondaryText: '75011 Paris, France' },
    ]);
    const [reichstag] = await maps.search('platz der rep', { country: 'DE', locale: 'de' });
    expect(reichstag).toEqual({
      placeId: 'local:de-reichstag',
      mainText: 'Platz der Republik 1',
      secondaryText: '11011 Berlin, Deutschland',
    });
    expect((await maps.search('kurfurstendamm', { country: 'DE', locale: 'en' }))[0]?.mainText).toBe('Kurfürstendamm 21');
    expect((await maps.search('friedrichstrasse', { country: 'DE', locale: 'en' }))[0]?.mainText).toBe('Friedrichstraße 43');
  });

  it('suggests nothing from another country than the form’s, and at most five', async () => {
    expect(await maps.search('Downing Street', { country: 'FR', locale: 'en' })).toEqual([]);
    expect(await maps.search('Downing Street', { country: 'GB', locale: 'en' })).toHaveLength(1);
    const paris = await maps.search('Paris', { locale: 'en' });
    expect(paris).toHaveLength(5);
  });

  it('knows some 60 addresses across the shop’s main countries', () => {
    expect(STAND_IN_PLACES.length).toBeGreaterThanOrEqual(50);
    for (const code of ['FR', 'DE', 'GB', 'US', 'NL'])
      expect(STAND_IN_PLACES.filter((p) => p.countryCode === code).length, code).toBeGreaterThanOrEqual(6);
    expect(new Set(STAND_IN_PLACES.map((p) => p.placeId)).size).toBe(STAND_IN_PLACES.length);
  });

  it('gives only addresses the checkout accepts: a postcode of the country’s form, a province it knows', async () => {
    for (const place of STAND_IN_PLACES) {
      const country = countries.find((c) => c.code === place.countryCode);
      expect(country, place.placeId).toBeDefined();
      const address = toCheckoutAddress(place, country!.provinces);
      expect(address.zip, place.placeId).toMatch(new RegExp(country!.zip.pattern, 'i'));
      if (country!.provinces.length) expect(address.province, place.placeId).not.toBe('');
      expect(await maps.detail(place.placeId, { locale: 'en' })).toEqual(place);
    }
  });

  it('knows no place it did not suggest', async () => {
    expect(await maps.detail('local:nowhere', { locale: 'en' })).toBeNull();
  });
});
