// A block in its frame (`<div class="block block--{type}" id="{block id}">`) and what it draws inside.
// Used by ThemePage under the router, and by the islands entry, which hydrates one block's frame alone:
// nothing here may need the router.
import type { PageView } from '../../schemas/generated/api';
import type { Block } from '../../schemas/generated/page';
import { HydrationBoundary } from '../ui/frames';
import { BlockErrorBoundary, LeftOutReport } from './left-out-block';
import { blockComponent } from './loaded-blocks';

/**
 * What a block draws inside its frame: its component, in a boundary of its own, with its children. A block
 * that throws is left out, alone (left-out-block.tsx): on the server its boundary's fallback says so, in
 * the browser its error boundary draws nothing.
 */
export function BlockBody({ block, data }: { block: Block; data: PageView['data'] }) {
  const Component = blockComponent(block.type);
  const children =
    'blocks' in block && block.blocks
      ? block.blocks.map((child) => <BlockView key={child.id} block={child} data={data} />)
      : undefined;
  // Each block hydrates on its own: the browser yields between blocks instead of one long task.
  return (
    <HydrationBoundary fallback={<LeftOutReport block={block} />}>
      <BlockErrorBoundary>
        {/* oxlint-disable-next-line react/static-components -- a lookup in the static registry of block components */}
        <Component id={block.id} settings={block.settings ?? {}} data={data[block.id]}>
          {children}
        </Component>
      </BlockErrorBoundary>
    </HydrationBoundary>
  );
}

export function BlockView({ block, data, cached }: { block: Block; data: PageView['data']; cached?: string }) {
  if (block.hidden) return null;
  const frame = { className: `block block--${block.type}`, id: block.id, 'data-block-type': block.type };
  // On the server, a block rendered for an earlier request of this page version is written as it was
  // rendered (server/ssr/cached-html.tsx); the browser hydrates it like any other block.
  if (cached !== undefined) return <div {...frame} dangerouslySetInnerHTML={{ __html: cached }} />;
  return (
    <div {...frame}>
      <BlockBody block={block} data={data} />
    </div>
  );
}
