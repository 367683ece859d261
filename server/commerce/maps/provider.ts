// The maps service seam (issue 27; spec section 7: GET api/googleMaps/addressSearch, address/detail). The
// shop asks a provider for address predictions while the shopper types and for one place's parts once
// they pick one; the provider is Google Places (New) with a real key (google-places.ts) and the local
// stand-in otherwise (stand-in.ts: no outside network in tests and demos). Both answer in these
// provider-neutral shapes; address.ts maps a place onto the checkout's address fields.

/** One prediction of an address search: what the shopper sees in the list. */
export interface MapsPrediction {
  /** The provider's place id (Google's `placeId`; the stand-in's own ids start with `local:`). */
  placeId: string;
  /** The street part, as the list shows it in bold: "12 Rue Oberkampf". */
  mainText: string;
  /** The rest, to tell places apart: "75011 Paris, France". */
  secondaryText: string;
}

/** A place's address, in the parts every provider knows (Google's address component types). */
export interface MapsPlace {
  placeId: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** `street_number`. */
  streetNumber: string;
  /** `route` (or a named building or square when a place has no street number). */
  route: string;
  /** `subpremise`: a flat, suite or floor. */
  subpremise: string;
  /** `locality`, or `postal_town` where the post names the town (GB). */
  locality: string;
  /** `administrative_area_level_1`: its short form (a state's code) and its long form (its name). */
  adminArea: { short: string; long: string };
  /** `postal_code`. */
  postalCode: string;
}

export interface SearchOptions {
  /** Only addresses in this country (ISO alpha-2); any country when not given. */
  country?: string;
  /** The language of the answer (the shopper's). */
  locale: string;
  /** Ties the searches of one address and its detail into one billed session (Google). */
  sessionToken?: string;
}

export interface DetailOptions {
  locale: string;
  sessionToken?: string;
}

export interface MapsProvider {
  /** Which provider answers (logged, and told by getCallTimes). */
  readonly name: 'stand-in' | 'google-places';
  search(query: string, options: SearchOptions): Promise<MapsPrediction[]>;
  /** A place by the id a search gave; null when the provider does not know it. */
  detail(placeId: string, options: DetailOptions): Promise<MapsPlace | null>;
}

/** At most this many predictions are answered (Google's autocomplete gives at most five). */
export const MAX_PREDICTIONS = 5;
