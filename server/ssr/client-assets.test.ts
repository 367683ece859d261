import { describe, expect, it } from 'vitest';
import { clientAssetsFromManifest } from './client-assets';

const manifest = {
  'renderer/entry-client.tsx': {
    file: 'assets/entry.js',
    isEntry: true,
    imports: ['_react.js', '_router.js'],
    css: ['assets/entry.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_router.js': { file: 'assets/router.js', imports: ['_react.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'], css: ['assets/shared.css'] },
  'renderer/routes/views/ProductView.tsx': {
    file: 'assets/ProductView.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_react.js'],
  },
  'blocks/countdown/Countdown.tsx': {
    file: 'assets/Countdown.js',
    src: 'blocks/countdown/Countdown.tsx',
    isDynamicEntry: true,
    imports: ['_react.js'],
    css: ['assets/Countdown.css'],
  },
  'blocks/rich-text/RichText.tsx': {
    file: 'assets/RichText.js',
    src: 'blocks/rich-text/RichText.tsx',
    isDynamicEntry: true,
    imports: ['_shared.js'],
  },
  'blocks/shared/offer/Offer.tsx': {
    file: 'assets/Offer.js',
    src: 'blocks/shared/offer/Offer.tsx',
    isDynamicEntry: true,
    imports: ['_react.js'],
    css: ['assets/Offer.css'],
  },
  'blocks/funnel-checkout/FunnelCheckout.tsx': {
    file: 'assets/FunnelCheckout.js',
    src: 'blocks/funnel-checkout/FunnelCheckout.tsx',
    isDynamicEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['blocks/funnel-checkout/FunnelCheckoutForm.tsx'],
    css: ['assets/FunnelCheckout.css'],
  },
  // Another lazily loaded module of a block's folder: not the block's own chunk.
  'blocks/funnel-checkout/FunnelCheckoutForm.tsx': {
    file: 'assets/FunnelCheckoutForm.js',
    src: 'blocks/funnel-checkout/FunnelCheckoutForm.tsx',
    isDynamicEntry: true,
    imports: ['_shared.js'],
  },
};

describe('clientAssetsFromManifest', () => {
  const assets = clientAssetsFromManifest(manifest);

  it('loads the entry as a module script and preloads what it imports', () => {
    expect(assets.routerManifest.routes.__root__).toEqual({
      css: ['/assets/entry.css'],
      preloads: ['/assets/react.js', '/assets/router.js'],
      scripts: [{ attrs: { type: 'module', src: '/assets/entry.js', async: true } }],
    });
    expect(assets.entryModules).toEqual(['/assets/entry.js', '/assets/react.js', '/assets/router.js']);
  });

  it('preloads the hydration the entry imports once the page has shown, as part of its first load', () => {
    const withHydration = clientAssetsFromManifest({
      ...manifest,
      'renderer/entry-client.tsx': {
        file: 'assets/entry.js',
        isEntry: true,
        imports: ['_idle.js'],
        dynamicImports: ['_hydrate-shop.js'],
        css: ['assets/entry.css'],
      },
      '_idle.js': { file: 'assets/idle.js' },
      '_hydrate-shop.js': {
        file: 'assets/hydrate.js',
        imports: ['_react.js', '_router.js', '_shared.js'],
      },
    });
    expect(withHydration.entryModules).toEqual([
      '/assets/entry.js',
      '/assets/idle.js',
      '/assets/hydrate.js',
      '/assets/react.js',
      '/assets/router.js',
      '/assets/shared.js',
    ]);
    expect(withHydration.routerManifest.routes.__root__?.preloads).toEqual(withHydration.entryModules.slice(1));
    // Of which the entry's own imports come with the page, the rest once it has shown.
    expect(withHydration.entryStart).toEqual(['/assets/entry.js', '/assets/idle.js']);
    // What the hydration brings is no block's own to load.
    expect(withHydration.blockModules['rich-text']?.modules).toEqual(['/assets/RichText.js']);
  });

  it("gives each block its own chunk and stylesheets plus what it needs beyond the entry's", () => {
    expect(assets.blockModules).toEqual({
      countdown: { modules: ['/assets/Countdown.js'], styles: ['/assets/Countdown.css'] },
      'rich-text': { modules: ['/assets/RichText.js', '/assets/shared.js'], styles: ['/assets/shared.css'] },
      // Its component's chunk (its block.ts names it), never another module of its folder.
      'funnel-checkout': { modules: ['/assets/FunnelCheckout.js'], styles: ['/assets/FunnelCheckout.css'] },
      // A block drawn with another's component has that component's chunk and stylesheet.
      upsell: { modules: ['/assets/Offer.js'], styles: ['/assets/Offer.css'] },
      downsell: { modules: ['/assets/Offer.js'], styles: ['/assets/Offer.css'] },
    });
  });

  it('has no islands entry when the build has none', () => {
    expect(assets.islands).toBeUndefined();
  });

  it("an islands page loads the islands entry and what it imports; an island, what it needs beyond that entry's", () => {
    const islands = clientAssetsFromManifest({
      ...manifest,
      'renderer/entry-islands.tsx': { file: 'assets/islands.js', isEntry: true, imports: ['_react.js'] },
    }).islands;
    expect(islands?.entry).toBe('/assets/islands.js');
    // The shop's stylesheet all the same; React preloaded, never the router or the shop's entry.
    expect(islands?.manifest.routes.__root__).toEqual({ css: ['/assets/entry.css'], preloads: ['/assets/react.js'] });
    expect(islands?.blockModules.countdown).toEqual(['/assets/Countdown.js']);
    expect(islands?.blockModules['rich-text']).toEqual(['/assets/RichText.js', '/assets/shared.js']);
  });

  it("preloads a route's lazily loaded view with the entry", () => {
    expect(assets.routerManifest.routes['/products/$handle']).toEqual({
      preloads: ['/assets/ProductView.js', '/assets/shared.js'],
    });
  });

  it('names, for every lazily loaded route view, a file that exists', async () => {
    const { ROUTE_VIEWS } = await import('../../renderer/routes/route-views');
    const { existsSync } = await import('node:fs');
    for (const file of Object.values(ROUTE_VIEWS)) expect(existsSync(new URL(`../../${file}`, import.meta.url)), file).toBe(true);
  });

  it('says what to do when the client was not built', () => {
    expect(() => clientAssetsFromManifest({})).toThrow(/npm run build/);
  });
});
