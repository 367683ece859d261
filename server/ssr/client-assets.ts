// What the browser loads: the client entry, its CSS and preloads, and each block type's chunk, read
// from Vite's manifest (production) or pointed at Vite's dev server (development).
import componentSources from '../../blocks/generated/component-sources.json' with { type: 'json' };
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerManifest } from '@tanstack/router-core';
import { ROUTE_VIEWS } from '../../renderer/routes/route-views';

interface ViteManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type ViteManifest = Record<string, ViteManifestEntry>;

export interface ClientAssets {
  routerManifest: ServerManifest;
  /** What a block type's component needs beyond the entry's, by type: its modules and its stylesheets. */
  blockModules: Record<string, BlockAssets>;
  /** The client entry's script URL and the URLs it imports: its first-load JavaScript. */
  entryModules: string[];
  /**
   * The entry's own script and static imports: preloaded with the page. The rest of the first load (the
   * hydration's code, the route's and the blocks') waits for the page's main paint (deferred-preloads.ts).
   */
  entryStart?: string[];
  /** What an islands page loads instead (server/ssr/islands.ts); none in development. */
  islands?: IslandsAssets;
  /** The text of the blocks' stylesheets by URL, written into pages instead of linked (none in development). */
  inlineStyles?: Record<string, string>;
}

export interface IslandsAssets {
  /** The islands entry's script URL. */
  entry: string;
  /** The router manifest of an islands page: the shop's CSS, the islands entry's imports preloaded. */
  manifest: ServerManifest;
  /** An island block type's modules beyond the islands entry's (its styles are those of blockModules). */
  blockModules: Record<string, string[]>;
}

export interface BlockAssets {
  modules: string[];
  /** The block's own CSS (each block imports its own, split like its code). */
  styles: string[];
}

export const CLIENT_ENTRY = 'renderer/entry-client.tsx';
export const ISLANDS_ENTRY = 'renderer/entry-islands.tsx';

/** The chunk files a manifest entry needs: itself and its static imports, transitively. */
function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function clientAssetsFromManifest(
  manifest: ViteManifest,
  base = '/',
  routeViews: Record<string, string> = ROUTE_VIEWS,
): ClientAssets {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The Vite manifest has no ${CLIENT_ENTRY}: build the client first (npm run build).`);
  const url = (key: string) => base + manifest[key]!.file;
  const entryKeys = staticClosure(manifest, CLIENT_ENTRY);
  const entryStart = [...entryKeys].map(url);
  // What the entry imports once the page has shown (hydrate-shop.tsx, in a chunk of its own whatever its
  // key: vite.config.ts groups its modules) is part of the first load too.
  for (const key of entry.dynamicImports ?? []) staticClosure(manifest, key, entryKeys);
  const entryModules = [...entryKeys].map(url);
  const css = [...entryKeys].flatMap((key) => manifest[key]?.css ?? []).map((file) => base + file);
  const islandsKeys = manifest[ISLANDS_ENTRY] ? staticClosure(manifest, ISLANDS_ENTRY) : undefined;
  const blockModules: Record<string, BlockAssets> = {};
  const islandModules: Record<string, string[]> = {};
  // Each block type by its component's module (blocks/generated/component-sources.json).
  for (const [block, key] of Object.entries(componentSources)) {
    if (!manifest[key]) continue;
    const closure = [...staticClosure(manifest, key)];
    const needed = closure.filter((k) => !entryKeys.has(k));
    blockModules[block] = {
      modules: needed.map(url),
      styles: [...new Set(needed.flatMap((k) => manifest[k]?.css ?? []))].map((file) => base + file),
    };
    if (islandsKeys) islandModules[block] = closure.filter((k) => !islandsKeys.has(k)).map(url);
  }
  const islandsModules = islandsKeys ? [...islandsKeys].map(url) : [];
  // A route's lazily loaded view: preloaded with the entry when that route is rendered.
  const routes: ServerManifest['routes'] = {};
  for (const [routeId, view] of Object.entries(routeViews)) {
    if (!manifest[view]) continue;
    routes[routeId] = { preloads: [...staticClosure(manifest, view)].filter((k) => !entryKeys.has(k)).map(url) };
  }
  return {
    entryModules,
    entryStart,
    blockModules,
    ...(islandsKeys && {
      islands: {
        entry: islandsModules[0]!,
        blockModules: islandModules,
        manifest: { routes: { __root__: { css, preloads: islandsModules.slice(1) } } },
      },
    }),
    routerManifest: {
      routes: {
        __root__: {
          css,
          preloads: entryModules.slice(1),
          scripts: [{ attrs: { type: 'module', src: entryModules[0], async: true } }],
        },
        ...routes,
      },
    },
  };
}

/** A block's stylesheet is written into the page when it is this small (each block's stylesheet is well under it). */
const INLINE_STYLE_MAX_BYTES = 4096;

export async function readClientAssets(clientDir: string): Promise<ClientAssets> {
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  const assets = clientAssetsFromManifest(manifest);
  const hrefs = new Set(Object.values(assets.blockModules).flatMap((block) => block.styles));
  const inlineStyles: Record<string, string> = {};
  for (const href of hrefs) {
    const css = await readFile(join(clientDir, href), 'utf8');
    // Relative url()s would resolve against the page, not the stylesheet: such a sheet stays linked.
    if (css.length <= INLINE_STYLE_MAX_BYTES && !css.includes('url(')) inlineStyles[href] = css;
  }
  return { ...assets, inlineStyles };
}
/** In development Vite serves the sources; the React refresh preamble must run before the entry. */
export function devClientAssets(): ClientAssets {
  const preamble = [
    'import RefreshRuntime from "/@react-refresh";',
    'RefreshRuntime.injectIntoGlobalHook(window);',
    'window.$RefreshReg$ = () => {};',
    'window.$RefreshSig$ = () => (type) => type;',
    'window.__vite_plugin_react_preamble_installed__ = true;',
  ].join('\n');
  return {
    entryModules: [`/${CLIENT_ENTRY}`],
    blockModules: {},
    routerManifest: {
      routes: {
        __root__: {
          scripts: [
            { attrs: { type: 'module' }, children: preamble },
            { attrs: { type: 'module', src: '/@vite/client' } },
            { attrs: { type: 'module', src: `/${CLIENT_ENTRY}` } },
          ],
        },
      },
    },
  };
}
