// The generated files must match their sources, and the block folders, the registry, the page
// schema and the generated block types must name the same blocks.
import { execFileSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockComponents } from '../blocks/generated/components';
import { blockRegistry } from '../blocks/generated/registry';
import { blockTypes, containerBlockTypes } from './generated/block-types';
import pageSchema from './page.schema.json' with { type: 'json' };

const root = fileURLToPath(new URL('..', import.meta.url));
const blockFolders = readdirSync(new URL('../blocks/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(new URL(`../blocks/${e.name}/block.ts`, import.meta.url)))
  .map((e) => e.name)
  .sort();

describe('generated schema and types', () => {
  it('are up to date with the block schemas (npm run gen)', () => {
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'schemas/gen.ts', '--check'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(run()).toContain('generated files are up to date');
  });

  it('name every block folder, in the registry, the component map and the page schema', () => {
    expect([...blockTypes]).toEqual(blockFolders);
    expect(Object.keys(blockRegistry).sort()).toEqual(blockFolders);
    expect(Object.keys(blockComponents).sort()).toEqual(blockFolders);
    expect(pageSchema.$defs.block.properties.type.enum).toEqual(blockFolders);
    for (const type of blockFolders) expect(blockRegistry[type as keyof typeof blockRegistry].schema).toBeTypeOf('object');
  });

  it('mark the section as the only container', () => {
    expect([...containerBlockTypes]).toEqual(['section']);
  });

  it('give every block a fixture page beside it', () => {
    for (const type of blockFolders)
      expect(existsSync(new URL(`../blocks/${type}/fixture.json`, import.meta.url)), type).toBe(true);
  });
});
