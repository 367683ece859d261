import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../schemas/generated/page';
import { LeftOutReport } from '../../renderer/page/left-out-block';
import { PageHandleContext } from '../../renderer/state/page-context';
import { renderHtml } from './render-html';

function Broken({ what = 'a block broke' }: { what?: string }): never {
  throw new Error(what);
}

/** A block's boundary as BlockBody draws it: its fallback names the block. */
const blockBoundary = (id: string, content: ReactNode) => (
  <Suspense fallback={<LeftOutReport block={{ id, type: 'faq' } as Block} />}>{content}</Suspense>
);

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

  it('leaves out the blocks that threw, each with its own error, and keeps the rest', async () => {
    const result = await renderHtml(() => (
      <PageHandleContext.Provider value="home">
        {blockBoundary('first', <Broken what="the first broke" />)}
        {blockBoundary('fine', <p>still here</p>)}
        {blockBoundary('second', <Broken what="the second broke" />)}
      </PageHandleContext.Provider>
    ));
    expect(result.error).toBeUndefined();
    expect(result.html).toContain('<p>still here</p>');
    expect(result.leftOut?.map((b) => [b.id, b.type, b.page, (b.error as Error).message])).toEqual([
      ['first', 'faq', 'home', 'the first broke'],
      ['second', 'faq', 'home', 'the second broke'],
    ]);
  });

  it('still fails the page when a boundary that is not a block failed beside a block', async () => {
    const result = await renderHtml(() => (
      <>
        {blockBoundary('first', <Broken what="the block broke" />)}
        <Suspense fallback={null}>
          <Broken what="the page broke" />
        </Suspense>
      </>
    ));
    expect(result.error).toBeInstanceOf(Error);
    expect(result.leftOut).toBeUndefined();
  });
});
