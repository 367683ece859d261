/// <reference types="vitest/config" />
import devServer from '@hono/vite-dev-server';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { gzipAsync } from '@gfx/zopfli';
import type { InputType } from 'node:zlib';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The modules the shop's hydration imports statically (renderer/hydrate-shop.tsx and what it imports, not
 * the packages) in one chunk, and those it shares with islands pages in another (which load that one, not
 * the router's). Left to itself, the bundler splits every module this graph shares with a lazy view (the
 * checkout's, a block's) into a file of its own: ~25 files on every page, each a request and a
 * <link rel=modulepreload> that the browser's main thread adds before the hydration. What the shop's
 * entry imports itself (the starter) stays in the entry's chunk.
 */
function hydrationGraph() {
  let getModuleInfo:
    | ((id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null)
    | undefined;
  let graphs: { shop: Set<string>; shared: Set<string> } | undefined;
  /**
   * The modules `from` imports statically (and `dynamic`ally too), itself included (packages and Vite's
   * helpers left out).
   */
  const closure = (from: string, dynamic = false) => {
    const found = new Set<string>();
    const queue = [resolve(from)];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (found.has(next) || next.includes('node_modules') || next.startsWith('\0')) continue;
      found.add(next);
      const info = getModuleInfo?.(next);
      queue.push(...(info?.importedIds ?? []), ...((dynamic && info?.dynamicallyImportedIds) || []));
    }
    return found;
  };
  const read = () => {
    if (!graphs && getModuleInfo) {
      const entry = closure('renderer/entry-client.tsx');
      // Whatever an islands page may load: its entry and what that imports, at once or later (its islands).
      const islands = closure('renderer/entry-islands.tsx', true);
      const hydration = [...closure('renderer/hydrate-shop.tsx')].filter((id) => !entry.has(id));
      graphs = {
        shop: new Set(hydration.filter((id) => !islands.has(id))),
        shared: new Set(hydration.filter((id) => islands.has(id))),
      };
    }
    return graphs;
  };
  const plugin: Plugin = {
    name: 'vitrine:hydration-graph',
    apply: 'build',
    buildEnd() {
      getModuleInfo = (id) => this.getModuleInfo(id);
      graphs = undefined;
    },
  };
  return {
    plugin,
    /** In the shop's hydration, not on islands pages. */
    shopOnly: (id: string) => read()?.shop.has(id) ?? false,
    /** In the shop's hydration and on islands pages. */
    shared: (id: string) => read()?.shared.has(id) ?? false,
  };
}
const hydration = hydrationGraph();

/**
 * Two imports of react-i18next answered otherwise in the browser build: i18next's helper for selector keys
 * (renderer/i18n/selector-keys.ts), so i18next itself stays out of every page's first-load JavaScript (the
 * browser loads it with the locale's full messages, after hydration); and the use-sync-external-store
 * shim, for React before 18, by React's own hook (renderer/i18n/sync-external-store.ts).
 */
function reactI18nextImports(): Plugin {
  const fromReactI18next = /[\\/]node_modules[\\/]react-i18next[\\/]/;
  const answers: Record<string, string> = {
    i18next: resolve('renderer/i18n/selector-keys.ts'),
    'use-sync-external-store/shim': resolve('renderer/i18n/sync-external-store.ts'),
  };
  return {
    name: 'vitrine:react-i18next-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && fromReactI18next.test(importer) && Object.hasOwn(answers, source)) return answers[source];
    },
  };
}

// `vite build` builds the browser bundle (dist/client, with a manifest the server reads);
// `vite build --ssr` builds the server (dist/server/main.js, React and other packages external).
// `vite` (npm run dev) serves both from source with HMR.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    !isSsrBuild && hydration.plugin,
    !isSsrBuild && reactI18nextImports(),
    // Client assets ship with .gz and .br beside them; the server sends the one the browser accepts.
    // The .gz files are made with zopfli: ordinary gzip, a few percent smaller than zlib's best.
    !isSsrBuild &&
      command === 'build' &&
      compression({
        algorithms: [
          defineAlgorithm(
            async (input: InputType) => Buffer.from(await gzipAsync(Buffer.from(input as Uint8Array), { numiterations: 15 })),
            {},
          ),
        ],
        filename: '[path][base].gz',
        threshold: 512,
      }),
    !isSsrBuild && command === 'build' && compression({ algorithms: ['brotliCompress'], threshold: 512 }),
    command === 'serve' &&
      devServer({
        entry: 'server/dev.ts',
        exclude: [/^\/@.+$/, /^\/(renderer|blocks|schemas|node_modules|locales)\/.*/, /\?(import|raw|url|inline)/, /^\/__vite/],
        injectClientScript: false,
      }),
  ],
  publicDir: isSsrBuild ? false : 'renderer/public',
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        ssr: 'server/main.ts',
        target: 'node20',
        sourcemap: true,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: 'main.js' } },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        sourcemap: process.env.VITRINE_SOURCEMAP === '1',
        target: 'es2022',
        emptyOutDir: true,
        rolldownOptions: {
          // The shop's entry (every page hydrated by the router) and the islands entry (pages hydrated
          // block by block, without the router: server/ssr/islands.ts).
          input: ['renderer/entry-client.tsx', 'renderer/entry-islands.tsx'],
          // React in one chunk, the router in another (islands pages load React alone). Left to itself,
          // the bundler splits every module the layout shares with a lazy view (the checkout's, the order
          // pages') out of the entry into a file of its own; a dozen small files compress worse than one
          // (first load +3 KB gz on every page).
          output: {
            advancedChunks: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // react-i18next's hooks, which islands pages load too (not the router); its `Trans` goes
                // with the views that use it.
                {
                  name: 'react-i18next',
                  test: (id: string) =>
                    /node_modules[\\/]react-i18next[\\/]/.test(id) && !/[\\/](Icu)?Trans(WithoutContext)?\.js$/.test(id),
                },
                {
                  name: 'vendor',
                  test: /node_modules[\\/](@tanstack|use-context-selector|seroval|tiny-)/,
                },
                // Both groups are closed under their imports but for the packages above and the entry's own.
                { name: 'hydrate-shop', test: hydration.shopOnly, includeDependenciesRecursively: false },
                { name: 'page-runtime', test: hydration.shared, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
  test: {
    include: ['{server,renderer,blocks,schemas,locales,fixtures}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test-support/server/global-setup.ts'],
  },
}));
