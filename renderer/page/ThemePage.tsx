import { useRouter } from '@tanstack/react-router';
import { preloadModule } from 'react-dom';
import type { PageView } from '../../schemas/generated/api';
import type { Block } from '../../schemas/generated/page';
import { blockTypesOf } from '../../blocks/block-tree';
import { useLocalized } from '../i18n/use-localized';
import { HydrationBoundary } from '../ui/HydrationBoundary';
import { RenderTimeContext } from '../state/render-time';
import { blockComponent } from './block-components';

function BlockView({ block, data }: { block: Block; data: PageView['data'] }) {
  if (block.hidden) return null;
  const Component = blockComponent(block.type);
  const children =
    'blocks' in block && block.blocks
      ? block.blocks.map((child) => <BlockView key={child.id} block={child} data={data} />)
      : undefined;
  // Each block hydrates on its own: the browser yields between blocks instead of one long task.
  return (
    <div className={`block block--${block.type}`} id={block.id} data-block-type={block.type}>
      <HydrationBoundary>
        <Component id={block.id} settings={block.settings ?? {}} data={data[block.id]}>
          {children}
        </Component>
      </HydrationBoundary>
    </div>
  );
}

/**
 * Renders a validated page through the block registry. The page title is its <h1>, visually hidden: the
 * blocks carry the visible headings (a banner's heading is the eye's title), and every page still
 * has one main heading for screen readers and search engines.
 */
export function ThemePage({ view }: { view: PageView }) {
  const text = useLocalized();
  const title = text(view.page.title) || view.page.handle;
  const { blockAssets } = useRouter().options.context;
  // On the server: tell the browser early which block chunks this page needs (<link rel=modulepreload>).
  if (blockAssets) for (const type of blockTypesOf(view.page)) for (const href of blockAssets(type)) preloadModule(href);
  return (
    <RenderTimeContext.Provider value={view.now}>
      <div className="theme-page" data-page={view.page.handle} data-version={view.version}>
        <h1 className="visually-hidden">{title}</h1>
        {view.page.blocks.map((block) => (
          <BlockView key={block.id} block={block} data={view.data} />
        ))}
      </div>
    </RenderTimeContext.Provider>
  );
}
