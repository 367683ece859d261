// The maps calls of spec section 7 (GET api/googleMaps/getCallTimes, addressSearch, address/detail) as a
// shopper's browser makes them: offered only while the site and its maps app say so, refused clearly on
// bad input, and counted against the day's limits per visitor and for the shop.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MapsAddress, MapsCallTimes, MapsSuggestion } from '../../schemas/generated/api';
import { mapsOn, setMaps } from '../../test-support/server/maps-app';
import { createTestShop, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';
import { DEFAULT_MAPS_LIMITS } from '../commerce/maps/quota';

let shop: TestShop;
const visitor = visitors();
const SESSION = '0b7e2b54-3f0e-4c4e-9a59-1c2d3e4f5a6b';

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const get = async <T>(path: string, who: string | null = visitor(), headers: Record<string, string> = {}) =>
  readEnvelope<T>(
    await shop.app.request(`/api/googleMaps${path}`, { headers: { ...(who && { customerUUID: who }), ...headers } }),
  );

describe('while the shop does not offer maps', () => {
  it('answers 50035 (404) to every call: the demo shop, as seeded', async () => {
    for (const path of ['/getCallTimes', '/addressSearch?input=Rue%20Oberkampf', '/address/detail?placeId=local:fr-oberkampf'])
      expect(await get(path), path).toMatchObject({ status: 404, code: 50035 });
  });

  it('answers 50035 with the site’s googleMaps_enable on but the maps app missing or OFF', async () => {
    await setMaps(shop, { enabled: true, app: null });
    expect(await get('/getCallTimes')).toMatchObject({ status: 404, code: 50035 });
    await setMaps(shop, { enabled: true, app: { status: 'OFF', config: { key: 'demo' } } });
    expect(await get('/addressSearch?input=Rue%20Oberkampf')).toMatchObject({ status: 404, code: 50035 });
  });

  it('answers 50035 with the app ON but the site’s googleMaps_enable off', async () => {
    await setMaps(shop, { enabled: false, app: { status: 'ON', config: { key: 'demo' } } });
    expect(await get('/addressSearch?input=Rue%20Oberkampf')).toMatchObject({ status: 404, code: 50035 });
  });
});

describe('with the maps app ON', () => {
  beforeEach(() => mapsOn(shop));

  it('suggests addresses of the form’s country in the shopper’s language, and fills the checkout’s fields', async () => {
    const who = visitor();
    const search = await get<MapsSuggestion[]>(
      `/addressSearch?input=${encodeURIComponent('1100 congress')}&country=US&sessionToken=${SESSION}`,
      who,
      { language: 'de' },
    );
    expect(search).toMatchObject({ status: 200, code: 200 });
    expect(search.data).toEqual([
      {
        placeId: 'local:us-texas-capitol',
        mainText: '1100 Congress Avenue',
        secondaryText: 'Austin, TX 78701, Vereinigte Staaten',
      },
    ]);
    const detail = await get<MapsAddress>(`/address/detail?placeId=local:us-texas-capitol&sessionToken=${SESSION}`, who);
    expect(detail.data).toEqual({
      placeId: 'local:us-texas-capitol',
      address1: '1100 Congress Avenue',
      address2: '',
      city: 'Austin',
      province: 'TX',
      zip: '78701',
      country: 'US',
    });
  });

  it('tells the visitor’s lookups of the day: each search and detail counts one', async () => {
    const who = visitor();
    const before = await get<MapsCallTimes>('/getCallTimes', who);
    expect(before.data).toMatchObject({ limit: DEFAULT_MAPS_LIMITS.visitorPerDay, used: 0, provider: 'stand-in' });
    expect(before.data.remaining).toBe(DEFAULT_MAPS_LIMITS.visitorPerDay);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(before.data.resetsAt).toBe(midnight.toISOString());
    await get('/addressSearch?input=Marienplatz', who);
    await get('/address/detail?placeId=local:de-marienplatz', who);
    expect((await get<MapsCallTimes>('/getCallTimes', who)).data).toMatchObject({
      used: 2,
      remaining: DEFAULT_MAPS_LIMITS.visitorPerDay - 2,
    });
  });

  it('refuses a visitor’s lookups past the day’s limit with 50036 (429), other visitors still served', async () => {
    const who = visitor();
    for (let i = 0; i < DEFAULT_MAPS_LIMITS.visitorPerDay; i++)
      expect((await get('/addressSearch?input=Baker%20Street', who)).status).toBe(200);
    const refused = await get<{ resetsAt: string }>('/addressSearch?input=Baker%20Street', who);
    expect(refused).toMatchObject({ status: 429, code: 50036 });
    expect(refused.message).toMatch(/60 address lookups of the day/);
    expect(refused.data.resetsAt).toMatch(/T00:00:00\.000Z$/);
    expect((await get('/address/detail?placeId=local:gb-baker-street', who)).code).toBe(50036);
    expect((await get<MapsCallTimes>('/getCallTimes', who)).data).toMatchObject({ used: 60, remaining: 0 });
    expect((await get('/addressSearch?input=Baker%20Street')).status).toBe(200);
  });

  it('answers 404 for a place it never suggested', async () => {
    expect(await get('/address/detail?placeId=local:atlantis')).toMatchObject({ status: 404, code: 404 });
  });
});

describe('bad input', () => {
  beforeEach(() => mapsOn(shop));

  it('is refused with 400 naming the parameter, and counts no lookup', async () => {
    const who = visitor();
    const cases: [string, string][] = [
      ['/addressSearch?input=ab', '/input'],
      ['/addressSearch?input=%20%20%20', '/input'],
      ['/addressSearch', '/input'],
      [`/addressSearch?input=${'x'.repeat(201)}`, '/input'],
      ['/addressSearch?input=Rue%20Oberkampf&country=fr', '/country'],
      ['/addressSearch?input=Rue%20Oberkampf&sessionToken=not-a-uuid', '/sessionToken'],
      ['/addressSearch?input=Rue%20Oberkampf&radius=5', '/radius'],
      ['/address/detail', '/placeId'],
      ['/address/detail?placeId=%3Cscript%3E', '/placeId'],
    ];
    for (const [path, pointer] of cases) {
      const answer = await get<{ errors: { path: string }[] }>(path, who);
      expect(answer, path).toMatchObject({ status: 400, code: 400 });
      expect(JSON.stringify(answer.data), path).toContain(pointer);
    }
    expect((await get<MapsCallTimes>('/getCallTimes', who)).data.used).toBe(0);
  });

  it('needs the visitor (customerUUID) and is not for crawlers', async () => {
    expect(await get('/addressSearch?input=Rue%20Oberkampf', null)).toMatchObject({ status: 400 });
    expect(
      await get('/addressSearch?input=Rue%20Oberkampf', visitor(), {
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
    ).toMatchObject({ status: 403, code: 403 });
  });
});
