// The Content-Security-Policy's third parties of a page (issue 27): the origins of every used-apps
// integration that may run on it (renderer/consent/page-rules.ts), and the hash of the merchant's custom
// JS where it may. Whichever the visitor allowed: a choice made on the page loads them without a new
// document, and the page's HTML and policy stay the same for every visitor (a shared cache keeps them).
// The merchant's configuration is the inventory of authorised scripts (PCI DSS 4.0 6.4.3).
import { mayRunOnPage } from '../../renderer/consent/page-rules';
import { integrationFor, loadable } from '../../renderer/integrations';
import type { AppConfig } from '../../schemas/generated/api';
import { hashSource, type ThirdPartyOrigins } from '../ssr/content-security-policy';

type Kinds = 'script' | 'connect' | 'img' | 'frame';

/** Made once per list of apps (the reference cache's identity) and set of integrations a page may run. */
const made = new WeakMap<readonly AppConfig[], Map<string, Promise<ThirdPartyOrigins | undefined>>>();

export function integrationOrigins(apps: readonly AppConfig[], path: string): Promise<ThirdPartyOrigins | undefined> {
  const running = apps.filter((app) => loadable(app) && mayRunOnPage(app.code, path));
  const key = running.map((app) => app.code).join(',');
  let byKey = made.get(apps);
  if (!byKey) made.set(apps, (byKey = new Map()));
  let origins = byKey.get(key);
  if (!origins) byKey.set(key, (origins = originsOf(running)));
  return origins;
}

async function originsOf(apps: readonly AppConfig[]): Promise<ThirdPartyOrigins | undefined> {
  if (!apps.length) return undefined;
  const sets: Record<Kinds, Set<string>> = { script: new Set(), connect: new Set(), img: new Set(), frame: new Set() };
  const scriptHashes: string[] = [];
  for (const app of apps) {
    const integration = await integrationFor(app.code);
    if (!integration) continue;
    const origins = integration.origins(app.config);
    for (const kind of Object.keys(sets) as Kinds[]) for (const origin of origins[kind] ?? []) sets[kind].add(origin);
    if (app.code === 'customJs' && typeof app.config.js === 'string' && app.config.js.trim())
      scriptHashes.push(hashSource(app.config.js));
  }
  return {
    script: [...sets.script],
    connect: [...sets.connect],
    img: [...sets.img],
    frame: [...sets.frame],
    scriptHashes,
  };
}
