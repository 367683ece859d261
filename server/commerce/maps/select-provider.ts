// Which maps provider answers: Google Places (New) when the maps app of the used-apps configuration holds a
// real Google API key and the shop may reach outside services; the local stand-in otherwise (the demo
// shop's placeholder key, a shop without a key, tests: no outside network here).
import { createGooglePlaces } from './google-places';
import type { MapsProvider } from './provider';
import { createStandInMaps } from './stand-in';

/** The form of a Google API key: "AIza" and 35 more characters. */
const GOOGLE_API_KEY = /^AIza[\w-]{35}$/;

/** The maps app's key (spec section 3: the used-apps "maps key"), when it looks like Google's. */
export function googleKeyOf(config: Record<string, unknown>): string | undefined {
  const key = config.key;
  return typeof key === 'string' && GOOGLE_API_KEY.test(key.trim()) ? key.trim() : undefined;
}

export function createProviderSelection(options: { offline: boolean; fetch?: typeof fetch }) {
  const standIn = createStandInMaps();
  const google = new Map<string, MapsProvider>();
  return (config: Record<string, unknown>): MapsProvider => {
    const key = googleKeyOf(config);
    if (!key || options.offline) return standIn;
    let provider = google.get(key);
    if (!provider) {
      provider = createGooglePlaces({ apiKey: key, fetch: options.fetch });
      google.set(key, provider);
    }
    return provider;
  };
}
