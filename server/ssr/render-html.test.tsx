import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtml } from './render-html';

function Broken(): never {
  throw new Error('a block broke');
}

describe('renderHtml', () => {
  it('renders a tree to HTML', async () => {
    expect(await renderHtml(() => <p>hello</p>)).toEqual({ html: '<p>hello</p>' });
  });

  it('gives the error that a Suspense boundary would otherwise hide', async () => {
    const result = await renderHtml(() => (
      <Suspense fallback={<i>loading</i>}>
        <Broken />
      </Suspense>
    ));
    expect(result.html).toContain('<!--$!-->');
    expect((result.error as Error).message).toBe('a block broke');
  });
});
