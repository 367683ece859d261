import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtml } from './render-html';

function Broken(): never {
  throw new Error('a block broke');
}

describe('renderHtml', () => {
  it('renders a tree to HTML', () => {
    const errors: unknown[] = [];
    expect(
      renderHtml(
        () => <p>hello</p>,
        (e) => errors.push(e),
      ),
    ).toBe('<p>hello</p>');
    expect(errors).toEqual([]);
  });

  it('reports an error that a Suspense boundary would otherwise hide', async () => {
    const errors: unknown[] = [];
    const html = renderHtml(
      () => (
        <Suspense fallback={<i>loading</i>}>
          <Broken />
        </Suspense>
      ),
      (e) => errors.push(e),
    );
    expect(html).toContain('<!--$!-->');
    await new Promise((r) => setTimeout(r, 10));
    expect(errors.map((e) => (e as Error).message)).toContain('a block broke');
  });
});
