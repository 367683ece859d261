// The ad platforms a server purchase event goes to: the used-apps codes (spec section 3;
// renderer/consent/app-categories.ts, all `advertising`) that have a conversions API, and where in each
// app's config its pixel ids and access tokens are. Pure: the config shapes are read leniently (a list of
// ids, or of objects with an id), because the merchant writes them.
import type { AppConfig } from '../../../schemas/generated/api';

export const SERVER_EVENT_PLATFORMS = ['pixel', 'tiktok', 'snapchat'] as const;
export type ServerEventPlatform = (typeof SERVER_EVENT_PLATFORMS)[number];

export const isServerEventPlatform = (code: string): code is ServerEventPlatform =>
  (SERVER_EVENT_PLATFORMS as readonly string[]).includes(code);

/** One pixel an event is sent to; the token is read from the config when sending, never stored with the event. */
export interface Destination {
  id: string;
  accessToken?: string;
}

/** Where each platform's config lists its pixels: Meta `pixelNumber`, TikTok `pixels` or `pixelId`, Snapchat `pixelId`. */
const LIST_KEYS: Record<ServerEventPlatform, string[]> = {
  pixel: ['pixelNumber', 'pixels'],
  tiktok: ['pixels', 'pixelId', 'pixelIds'],
  snapchat: ['pixelId', 'pixels'],
};

function destinationOf(entry: unknown): Destination | null {
  if (typeof entry === 'string' || typeof entry === 'number') {
    const id = String(entry).trim();
    return id ? { id } : null;
  }
  if (!entry || typeof entry !== 'object') return null;
  const record = entry as Record<string, unknown>;
  const raw = record.id ?? record.pixelId ?? record.pixel;
  const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!id) return null;
  const token = record.accessToken ?? record.token;
  return typeof token === 'string' && token ? { id, accessToken: token } : { id };
}

/** The pixels of a platform's app, in config order, each once; none when the app is off or has none. */
export function destinationsOf(app: AppConfig | undefined): Destination[] {
  if (!app || app.status !== 'ON' || !isServerEventPlatform(app.code)) return [];
  const config = app.config as Record<string, unknown>;
  const found: Destination[] = [];
  for (const key of LIST_KEYS[app.code]) {
    const value = config[key];
    for (const entry of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      const destination = destinationOf(entry);
      if (destination && !found.some((d) => d.id === destination.id)) found.push(destination);
    }
  }
  // Meta's Conversions API token is the app's, for each of its pixels (schemas/api.schema.json PixelAppConfig).
  const token = config.accessToken;
  return typeof token === 'string' && token ? found.map((d) => (d.accessToken ? d : { ...d, accessToken: token })) : found;
}
