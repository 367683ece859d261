// docs/architecture.md (Import rules): imports run one way. This fails when production code crosses a layer it must not.
// Every folder of the source is checked. Test files (*.test.ts) and the test support (test-support/: test
// apps, doubles such as the Stripe stand-in, fixtures) may reach across, to build a real shop to test against;
// production code never imports test support.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === '__snapshots__' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  // `… from '…'`, side-effect `import '…'` and dynamic `import('…')`.
  return [...text.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => (m[1] ?? m[2])!);
}

/** Resolves relative imports to a path from the project root; packages stay as they are. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return relative(root, join(root, file, '..', spec));
}

function violations(dirs: string[], forbidden: RegExp): string[] {
  return dirs
    .flatMap((dir) => sourceFiles(dir).flatMap((file) => importsOf(file).map((spec) => [file, target(file, spec)] as const)))
    .filter(([, to]) => forbidden.test(to))
    .map(([file, to]) => `${file} -> ${to}`);
}

/**
 * Imports from one block's folder (blocks/<type>/) into another's: a block may import its own folder,
 * blocks/shared/ and the files at the top of blocks/ (its contract, blocks/types.ts); a shared piece may
 * import only blocks/shared/ and those files. The generated registry (blocks/generated/) names every block.
 */
function crossBlockImports(imports: readonly (readonly [string, string])[]): string[] {
  const folderOf = (path: string) => /^blocks\/([^/]+)\//.exec(path)?.[1];
  return imports
    .filter(([file, to]) => {
      const from = folderOf(file);
      const into = folderOf(to);
      return from !== undefined && from !== 'generated' && into !== undefined && into !== 'shared' && into !== from;
    })
    .map(([file, to]) => `${file} -> ${to}`);
}

/** The folders of production code. */
const PRODUCTION = ['server', 'renderer', 'blocks', 'schemas', 'locales', 'fixtures'];

describe('import rules', () => {
  it('no production file imports test support', () => {
    expect(violations(PRODUCTION, /^test-support\//)).toEqual([]);
  });

  it('no folder of production code holds test support', () => {
    const testing = (dir: string): string[] =>
      readdirSync(join(root, dir)).flatMap((name) => {
        const path = join(dir, name);
        if (!statSync(join(root, path)).isDirectory()) return /fixture\.tsx?$/.test(name) ? [path] : [];
        return name === 'testing' ? [path] : testing(path);
      });
    expect(PRODUCTION.flatMap(testing)).toEqual([]);
  });

  it('server/commerce and server/db never import React, renderer/ or blocks/', () => {
    expect(
      violations(['server/commerce', 'server/db'], /^(react|react-dom|@tanstack\/react-router)(\/|$)|^(renderer|blocks)\//),
    ).toEqual([]);
  });

  it('renderer/ and blocks/ never import server/', () => {
    expect(violations(['renderer', 'blocks'], /^server\//)).toEqual([]);
  });

  it('blocks never import renderer/routes or renderer/page', () => {
    expect(violations(['blocks'], /^renderer\/(routes|page)\//)).toEqual([]);
  });

  it("a block never imports another block's folder: what blocks share is in blocks/shared/", () => {
    const imports = sourceFiles('blocks').flatMap((file) => importsOf(file).map((spec) => [file, target(file, spec)] as const));
    expect(imports.length).toBeGreaterThan(50);
    expect(crossBlockImports(imports)).toEqual([]);
    // The rule itself, on imports made up for it: the downsell once drew with the upsell's component.
    expect(
      crossBlockImports([
        ['blocks/downsell/block.ts', 'blocks/upsell/Offer'],
        ['blocks/bundle/BundleBlock.tsx', 'blocks/volume-discount/promotion-block.css'],
        ['blocks/shared/offer/Offer.tsx', 'blocks/countdown/time-left'],
        ['blocks/upsell/block.ts', 'blocks/shared/offer/Offer'],
        ['blocks/countdown/Countdown.tsx', 'blocks/types'],
        ['blocks/generated/registry.ts', 'blocks/upsell/block'],
      ]),
    ).toEqual([
      'blocks/downsell/block.ts -> blocks/upsell/Offer',
      'blocks/bundle/BundleBlock.tsx -> blocks/volume-discount/promotion-block.css',
      'blocks/shared/offer/Offer.tsx -> blocks/countdown/time-left',
    ]);
  });

  it('shared renderer pieces (ui, state, api, i18n) never import renderer/routes or renderer/page', () => {
    expect(violations(['renderer/ui', 'renderer/state', 'renderer/api', 'renderer/i18n'], /^renderer\/(routes|page)\//)).toEqual(
      [],
    );
  });

  it('the HTTP layer (server/api, server/ssr, server/assets) asks server/commerce, never server/db', () => {
    expect(violations(['server/api', 'server/ssr', 'server/assets'], /^server\/db\//)).toEqual([]);
  });

  it('jobs and mail (server/jobs, server/mail) use commerce and mail, never React, routes, the HTTP layer or SSR', () => {
    expect(
      violations(
        ['server/jobs', 'server/mail'],
        /^(react|react-dom|@tanstack\/react-router)(\/|$)|^renderer\/(routes|page|ui|state)\/|^blocks\/|^server\/(api|ssr)\//,
      ),
    ).toEqual([]);
  });

  it('only server/main.ts (and its development twin server/dev.ts) read the environment', () => {
    const readers = ['server', 'renderer', 'blocks', 'schemas']
      .flatMap(sourceFiles)
      .filter((file) => /process\.env\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(readers.sort()).toEqual(['server/dev.ts', 'server/main.ts']);
  });
});

/** The source file a relative import names (its extension or index left out), or null for a package or a non-source file. */
function resolved(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = target(file, spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => /\.tsx?$/.test(path) && existsSync(join(root, path)) && statSync(join(root, path)).isFile(),
  );
  return found ?? null;
}

/** The source files a file imports by relative paths. */
const relativeImports = (file: string) => importsOf(file).map((spec) => resolved(file, spec));

/** A module of renderer/routes that declares routes (a view never imports one: the route loads the view). */
const declaresRoutes = (file: string) =>
  /\bcreate(?:Root|File|Lazy)?Route(?:WithContext)?\s*[<(]/.test(readFileSync(join(root, file), 'utf8'));

/**
 * The import cycles among `files` (their relative imports: static, type-only and dynamic alike, since a
 * lazily loaded module that imports its loader back is a circle too), one per strongly connected
 * component, each as the shortest circle through the component's first file: `a -> b -> a`.
 */
function importCycles(files: string[], importedBy: (file: string) => (string | null)[] = relativeImports): string[] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [file, [...new Set(importedBy(file))].filter((to): to is string => to !== null && known.has(to))]),
  );
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const to of edges.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop()!; ; top = stack.pop()!) {
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1 || edges.get(file)!.includes(file)) components.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return components
    .map((component) => {
      // Breadth first from the component's first file, back to it.
      const start = component[0]!;
      const previous = new Map<string, string>();
      const queue = [start];
      for (let i = 0; i < queue.length && !previous.has(start); i++)
        for (const to of edges.get(queue[i]!)!)
          if (component.includes(to) && !previous.has(to)) {
            previous.set(to, queue[i]!);
            queue.push(to);
          }
      const circle = [start];
      for (let at = previous.get(start)!; at !== start; at = previous.get(at)!) circle.unshift(at);
      return [start, ...circle].join(' -> ');
    })
    .sort();
}

describe('renderer/routes imports', () => {
  it('a view (renderer/routes/views) never imports a route file: it reads its route by getRouteApi', () => {
    const views = sourceFiles('renderer/routes/views');
    expect(views.length).toBeGreaterThan(20);
    const imported = views.flatMap((file) => importsOf(file).map((spec) => [file, resolved(file, spec)] as const));
    expect(
      imported
        .filter(([, to]) => to?.startsWith('renderer/routes/') && !to.startsWith('renderer/routes/views/') && declaresRoutes(to))
        .map(([file, to]) => `${file} -> ${to}`),
    ).toEqual([]);
  });

  it('the cycle finder names one shortest circle per group of files that import each other', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c', 'd'], c: ['a', 'b'], d: [], e: ['e', 'a'], f: ['g'], g: ['f'] };
    expect(importCycles(Object.keys(graph), (file) => graph[file]!)).toEqual(['a -> b -> c -> a', 'e -> e', 'f -> g -> f']);
    // A route loads its view lazily: a view that imported the route back would close a circle.
    expect(relativeImports('renderer/routes/product.tsx')).toContain('renderer/routes/views/ProductView.tsx');
  });

  it('no production file takes part in an import cycle (types included)', () => {
    expect(importCycles(PRODUCTION.flatMap((dir) => sourceFiles(dir)))).toEqual([]);
  });
});
