// The local stand-in of the maps service: answers address searches and details from the places of
// stand-in-addresses.ts, in process, with no outside network (tests, demos, a shop without a real key).
// It matches as a person expects of an address search: every word typed starts a word of the address,
// accents and case aside ("12 rue ober" finds "12 Rue Oberkampf, 75011 Paris").
import { secondaryText, streetLine } from './address';
import { MAX_PREDICTIONS, type MapsPlace, type MapsProvider } from './provider';
import { STAND_IN_PLACES } from './stand-in-addresses';

const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function createStandInMaps(places: readonly MapsPlace[] = STAND_IN_PLACES): MapsProvider {
  const indexed = places.map((place) => ({
    place,
    words: words(
      [streetLine(place), place.subpremise, place.locality, place.postalCode, place.adminArea.long, place.adminArea.short].join(
        ' ',
      ),
    ),
  }));
  const byId = new Map(places.map((place) => [place.placeId, place]));
  return {
    name: 'stand-in',
    async search(query, { country, locale }) {
      const typed = words(query);
      if (!typed.length) return [];
      return indexed
        .filter(({ place }) => !country || place.countryCode === country)
        .filter((entry) => typed.every((word) => entry.words.some((known) => known.startsWith(word))))
        .slice(0, MAX_PREDICTIONS)
        .map(({ place }) => ({
          placeId: place.placeId,
          mainText: streetLine(place),
          secondaryText: secondaryText(place, locale),
        }));
    },
    detail: async (placeId) => byId.get(placeId) ?? null,
  };
}
