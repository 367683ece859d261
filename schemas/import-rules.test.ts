// docs/architecture.md (Import rules): imports run one way. This fails when production code crosses a layer it must not.
// (Test files and test helpers may reach across, to build a real shop to test against.)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'testing' || name === '__snapshots__' ? [] : sourceFiles(path);
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

describe('import rules', () => {
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
