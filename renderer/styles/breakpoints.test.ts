// Spec section 9: the layout changes at 640, 768, 1024, 1280 and 1536 px, mobile first. Every width a
// stylesheet of the shop or of a block asks about is one of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BREAKPOINTS = ['640px', '768px', '1024px', '1280px', '1536px'];

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'generated' ? [] : stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the breakpoints', () => {
  const files = [...stylesheets('renderer'), ...stylesheets('blocks')];

  it('are found in the stylesheets', () => {
    expect(files.some((file) => /@media \(min-width: 768px\)/.test(readFileSync(file, 'utf8')))).toBe(true);
  });

  it("are the spec's, asked mobile first (min-width)", () => {
    const odd = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\((min|max)-width:\s*([^)]+)\)/g)]
        .filter(([, side, width]) => side !== 'min' || !BREAKPOINTS.includes(width!.trim()))
        .map(([query]) => `${file}: ${query}`),
    );
    expect(odd).toEqual([]);
  });
});
