// Turns the shop's maps on or off as a merchant's configuration would (issue 27): the site's
// `googleMaps_enable` and the used-apps entry `googleMaps`. No merchant call changes the used apps yet,
// so the rows are written directly, and the shop's caches dropped as a merchant's change would.
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../schemas/generated/api';
import { referenceData, siteSettings } from '../../server/db/schema';
import type { TestShop } from './test-app';

/** A key that is not Google's: the local stand-in answers (select-provider.ts). */
export const DEMO_MAPS_KEY = 'demo-maps-key';

export async function setMaps(
  shop: TestShop,
  { enabled, app }: { enabled: boolean; app: Pick<AppConfig, 'status' | 'config'> | null },
): Promise<void> {
  const { db } = shop.database;
  const [row] = await db.select().from(referenceData).where(eq(referenceData.key, 'apps'));
  const apps = ((row?.value as AppConfig[] | undefined) ?? []).filter((a) => a.code !== 'googleMaps');
  const value = app ? [...apps, { code: 'googleMaps', ...app }] : apps;
  await db.insert(referenceData).values({ key: 'apps', value }).onConflictDoUpdate({ target: referenceData.key, set: { value } });
  const [site] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  await db
    .update(siteSettings)
    .set({ data: { ...site!.data, googleMaps_enable: enabled } })
    .where(eq(siteSettings.id, 1));
  shop.app.commerce.caches.clear();
}

/** The demo's maps: enabled, the app ON with a placeholder key (the stand-in answers). */
export const mapsOn = (shop: TestShop) => setMaps(shop, { enabled: true, app: { status: 'ON', config: { key: DEMO_MAPS_KEY } } });
