// Google Places API (New) behind the maps seam: used when the maps app of the used-apps configuration
// carries a real API key (select-provider.ts). Never called in tests (no outside network here); its
// requests are checked against a fake `fetch` (google-places.test.ts).
//   Autocomplete: POST https://places.googleapis.com/v1/places:autocomplete
//     body { input, sessionToken, languageCode, includedRegionCodes, includedPrimaryTypes }
//     field mask: suggestions.placePrediction.placeId, suggestions.placePrediction.structuredFormat
//   Detail: GET https://places.googleapis.com/v1/places/{placeId}?languageCode=…&sessionToken=…
//     field mask: id, addressComponents (the Essentials SKU: the cheapest detail that holds the address)
// The same session token on the autocompletes of one address and on its detail makes Google bill them as
// one session (https://developers.google.com/maps/documentation/places/web-service/session-pricing); the
// browser makes a new token after each detail.
import { MAX_PREDICTIONS, type MapsPlace, type MapsPrediction, type MapsProvider } from './provider';

export const PLACES_ORIGIN = 'https://places.googleapis.com';
/** What the shop waits for Google before the shopper types on without suggestions. */
const TIMEOUT_MS = 5000;

interface TextValue {
  text?: string;
}
interface AutocompleteAnswer {
  suggestions?: {
    placePrediction?: { placeId?: string; structuredFormat?: { mainText?: TextValue; secondaryText?: TextValue } };
  }[];
}
interface AddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}
interface PlaceAnswer {
  id?: string;
  addressComponents?: AddressComponent[];
}

/** Google's language codes: the shop's `cn` is Chinese. */
const languageCode = (locale: string) => (locale === 'cn' ? 'zh-CN' : locale);

/** A place's address components (Places API New) in the seam's parts. */
export function placeFromComponents(placeId: string, components: readonly AddressComponent[]): MapsPlace {
  const find = (type: string) => components.find((c) => c.types?.includes(type));
  const long = (type: string) => find(type)?.longText ?? '';
  const admin = find('administrative_area_level_1');
  return {
    placeId,
    countryCode: (find('country')?.shortText ?? '').toUpperCase(),
    streetNumber: long('street_number'),
    route: long('route') || long('premise') || long('point_of_interest'),
    subpremise: long('subpremise'),
    locality: long('locality') || long('postal_town') || long('administrative_area_level_2'),
    adminArea: { short: admin?.shortText ?? '', long: admin?.longText ?? '' },
    postalCode: long('postal_code'),
  };
}

export function createGooglePlaces(options: { apiKey: string; fetch?: typeof fetch }): MapsProvider {
  const send = options.fetch ?? fetch;
  async function call<T>(url: string, init: RequestInit & { fieldMask: string }): Promise<T> {
    const { fieldMask, ...rest } = init;
    const response = await send(url, {
      ...rest,
      headers: {
        'Content-Type': 'application/json',
        'X-Goog-Api-Key': options.apiKey,
        'X-Goog-FieldMask': fieldMask,
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 404) return null as T;
    if (!response.ok) throw new Error(`Google Places answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  }
  return {
    name: 'google-places',
    async search(query, { country, locale, sessionToken }): Promise<MapsPrediction[]> {
      const answer = await call<AutocompleteAnswer>(`${PLACES_ORIGIN}/v1/places:autocomplete`, {
        method: 'POST',
        fieldMask: 'suggestions.placePrediction.placeId,suggestions.placePrediction.structuredFormat',
        body: JSON.stringify({
          input: query,
          languageCode: languageCode(locale),
          ...(sessionToken && { sessionToken }),
          ...(country && { includedRegionCodes: [country.toLowerCase()] }),
          // Addresses a parcel can go to, not businesses or regions.
          includedPrimaryTypes: ['street_address', 'premise', 'subpremise', 'route'],
        }),
      });
      return (answer?.suggestions ?? [])
        .flatMap(({ placePrediction: p }) =>
          p?.placeId
            ? [
                {
                  placeId: p.placeId,
                  mainText: p.structuredFormat?.mainText?.text ?? '',
                  secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
                },
              ]
            : [],
        )
        .slice(0, MAX_PREDICTIONS);
    },
    async detail(placeId, { locale, sessionToken }) {
      const query = new URLSearchParams({ languageCode: languageCode(locale), ...(sessionToken && { sessionToken }) });
      const answer = await call<PlaceAnswer | null>(`${PLACES_ORIGIN}/v1/places/${encodeURIComponent(placeId)}?${query}`, {
        method: 'GET',
        fieldMask: 'id,addressComponents',
      });
      if (!answer?.addressComponents) return null;
      return placeFromComponents(answer.id ?? placeId, answer.addressComponents);
    },
  };
}
