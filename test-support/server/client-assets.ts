// The client build's stand-in for tests (no Vite build needed), shared by test apps and test processes.
import { clientAssetsFromManifest } from '../../server/ssr/client-assets';

/** A stand-in for Vite's manifest: what matters in tests is that pages name their scripts. */
export const testClientAssets = clientAssetsFromManifest({
  'renderer/entry-client.tsx': {
    file: 'assets/entry-client.js',
    isEntry: true,
    imports: ['_preload-helper.js'],
    dynamicImports: ['_hydrate-shop.js'],
    css: ['assets/entry.css'],
  },
  '_preload-helper.js': { file: 'assets/preload-helper.js' },
  '_hydrate-shop.js': { file: 'assets/hydrate-shop.js', imports: ['_react.js', '_vendor.js'] },
  'renderer/entry-islands.tsx': { file: 'assets/entry-islands.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_react.js'] },
  'blocks/countdown/Countdown.tsx': {
    file: 'assets/Countdown.js',
    src: 'blocks/countdown/Countdown.tsx',
    isDynamicEntry: true,
    imports: ['_react.js'],
    css: ['assets/Countdown.css'],
  },
  'blocks/product-grid/ProductGrid.tsx': {
    file: 'assets/ProductGrid.js',
    src: 'blocks/product-grid/ProductGrid.tsx',
    isDynamicEntry: true,
  },
});
