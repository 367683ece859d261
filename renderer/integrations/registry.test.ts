// The registry: every browser-side app code has a module whose code is its own, loaded lazily; the apps
// without a browser side (CSS, meta tags, settings, the server's maps key) have none.
import { describe, expect, it } from 'vitest';
import type { ThirdPartyOrigins as ServerOrigins } from '../../server/ssr/content-security-policy';
import { APP_CATEGORY } from '../consent/app-categories';
import { INTEGRATIONS, integrationFor, loadable } from './index';
import type { ThirdPartyOrigins } from './integration';

describe('the integrations registry', () => {
  it('has a module for each app code of the consent table but the maps, each naming its own code', async () => {
    expect(Object.keys(INTEGRATIONS).sort()).toEqual(
      Object.keys(APP_CATEGORY)
        .filter((code) => code !== 'googleMaps')
        .sort(),
    );
    for (const code of Object.keys(INTEGRATIONS)) expect((await integrationFor(code))?.code).toBe(code);
    for (const code of ['googleMaps', 'customCss', 'customMeta', 'appEnv', 'lovin', 'nope'])
      expect(await integrationFor(code)).toBeUndefined();
  });

  it('loads an app only when ON and, for the Google tags, enabled', () => {
    expect(loadable({ code: 'googleAnalytics4', status: 'ON', config: { enable: true, id: 'G-ABCD1234' } })).toBe(true);
    expect(loadable({ code: 'googleAnalytics4', status: 'ON', config: { enable: false, id: 'G-ABCD1234' } })).toBe(false);
    expect(loadable({ code: 'tiktok', status: 'OFF', config: { pixels: [] } })).toBe(false);
    expect(loadable({ code: 'customCss', status: 'ON', config: { css: '' } })).toBe(false);
  });

  it('every origin an integration names is one the Content-Security-Policy takes (https, host only)', async () => {
    const configs: Record<string, unknown> = {
      independentPixel: { pixelNumber: [], independentPixelHOST: 'https://px.shop.example' },
      cartRecovery: { appId: 'a-1234', scriptUrl: 'https://widget.recover.example/w.js' },
      customJs: { js: '', origins: ['https://cdn.merchant.example'] },
    };
    for (const code of Object.keys(INTEGRATIONS)) {
      const origins: ServerOrigins = (await integrationFor(code))!.origins(configs[code] ?? {}) satisfies ThirdPartyOrigins;
      for (const origin of Object.values(origins).flat()) expect(origin, code).toMatch(/^https:\/\/[a-z0-9.*-]+(?::\d+)?$/i);
    }
  });
});
