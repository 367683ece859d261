// Google Places (New) behind the maps seam, against a fake `fetch` (no outside network here): the
// requests Google documents (field masks, session token, region) and its answers in the seam's shapes.
import { describe, expect, it } from 'vitest';
import { toCheckoutAddress } from './address';
import { createGooglePlaces, PLACES_ORIGIN } from './google-places';
import { googleKeyOf } from './select-provider';

const KEY = 'AIzaSyA-demo-0123456789abcdefghijklmnop';
const SESSION = '6f1c2a7e-7d1b-4a51-9a7e-0f3a1c2b3d4e';

function fakeGoogle(answer: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer), { status });
  }) as unknown as typeof globalThis.fetch;
  return { calls, maps: createGooglePlaces({ apiKey: KEY, fetch }) };
}

describe('Google Places (New)', () => {
  it('asks places:autocomplete with the key, a field mask, the session, the language and the country', async () => {
    const { calls, maps } = fakeGoogle({
      suggestions: [
        {
          placePrediction: {
            placeId: 'ChIJLU7jZClu5kcR4PcOOO6p3I0',
            structuredFormat: { mainText: { text: '5 Avenue Anatole France' }, secondaryText: { text: 'Paris, France' } },
          },
        },
        { queryPrediction: { text: { text: 'not a place' } } },
      ],
    });
    expect(await maps.search('5 avenue anatole', { country: 'FR', locale: 'fr', sessionToken: SESSION })).toEqual([
      { placeId: 'ChIJLU7jZClu5kcR4PcOOO6p3I0', mainText: '5 Avenue Anatole France', secondaryText: 'Paris, France' },
    ]);
    const [call] = calls;
    expect(call!.url).toBe(`${PLACES_ORIGIN}/v1/places:autocomplete`);
    expect(call!.init.method).toBe('POST');
    expect(call!.init.headers).toMatchObject({
      'X-Goog-Api-Key': KEY,
      'X-Goog-FieldMask': 'suggestions.placePrediction.placeId,suggestions.placePrediction.structuredFormat',
    });
    expect(JSON.parse(call!.init.body as string)).toMatchObject({
      input: '5 avenue anatole',
      languageCode: 'fr',
      sessionToken: SESSION,
      includedRegionCodes: ['fr'],
    });
  });

  it('reads a place’s address components for its detail, in the same session', async () => {
    const { calls, maps } = fakeGoogle({
      id: 'ChIJ-austin',
      addressComponents: [
        { longText: '1100', shortText: '1100', types: ['street_number'] },
        { longText: 'Congress Avenue', shortText: 'Congress Ave', types: ['route'] },
        { longText: 'Austin', shortText: 'Austin', types: ['locality', 'political'] },
        { longText: 'Texas', shortText: 'TX', types: ['administrative_area_level_1', 'political'] },
        { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
        { longText: '78701', shortText: '78701', types: ['postal_code'] },
      ],
    });
    const place = await maps.detail('ChIJ-austin', { locale: 'cn', sessionToken: SESSION });
    expect(calls[0]!.url).toBe(`${PLACES_ORIGIN}/v1/places/ChIJ-austin?languageCode=zh-CN&sessionToken=${SESSION}`);
    expect(calls[0]!.init.headers).toMatchObject({ 'X-Goog-FieldMask': 'id,addressComponents' });
    expect(toCheckoutAddress(place!, [{ code: 'TX', name: 'Texas' }])).toEqual({
      placeId: 'ChIJ-austin',
      address1: '1100 Congress Avenue',
      address2: '',
      city: 'Austin',
      province: 'TX',
      zip: '78701',
      country: 'US',
    });
  });

  it('takes the postal town where Britain’s post names no locality', async () => {
    const { maps } = fakeGoogle({
      id: 'g',
      addressComponents: [
        { longText: '10', types: ['street_number'] },
        { longText: 'Downing Street', types: ['route'] },
        { longText: 'London', types: ['postal_town'] },
        { longText: 'SW1A 2AA', types: ['postal_code'] },
        { longText: 'United Kingdom', shortText: 'GB', types: ['country'] },
      ],
    });
    expect(await maps.detail('g', { locale: 'en' })).toMatchObject({
      locality: 'London',
      countryCode: 'GB',
      route: 'Downing Street',
    });
  });

  it('knows no place Google does not, and fails loudly when Google refuses', async () => {
    expect(await fakeGoogle({ error: {} }, 404).maps.detail('gone', { locale: 'en' })).toBeNull();
    await expect(
      fakeGoogle({ error: { message: 'API key not valid' } }, 403).maps.search('abc', { locale: 'en' }),
    ).rejects.toThrow(/403/);
  });
});

describe('which key is Google’s', () => {
  it('takes a key of Google’s form only: a placeholder means the stand-in', () => {
    expect(googleKeyOf({ key: KEY })).toBe(KEY);
    expect(googleKeyOf({ key: 'demo-maps-key' })).toBeUndefined();
    expect(googleKeyOf({})).toBeUndefined();
  });
});
