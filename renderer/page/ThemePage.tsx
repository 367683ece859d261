import { useRouter } from '@tanstack/react-router';
import { preinit, preloadModule } from 'react-dom';
import type { PageView } from '../../schemas/generated/api';
import { blockTypesOf } from '../../schemas/page-blocks';
import { useLocalized } from '../i18n/use-localized';
import { PageHandleContext } from '../state/page-context';
import { RenderTimeContext } from '../state/render-time';
import { BlockView } from './BlockView';
import { PreviewNotice } from './PreviewNotice';

/**
 * Renders a validated page through the block registry. The page title is its <h1>, visually hidden: the
 * blocks carry the visible headings (a banner's heading is the eye's title), and every page still
 * has one main heading for screen readers and search engines. `titled={false}`: the page shown around it
 * has its main heading already (a funnel's thank-you step under the order's "Thank you").
 */
export function ThemePage({ view, titled = true }: { view: PageView; titled?: boolean }) {
  const text = useLocalized();
  const title = text(view.page.title) || view.page.handle;
  const { blockAssets, renderCache } = useRouter().options.context;
  const cached = renderCache?.blocks(view);
  // On the server: the stylesheets of the blocks this page holds (each block's CSS comes with its code),
  // and early word of their chunks (<link rel=modulepreload>). Vite's loader finds the stylesheets there
  // and does not add them again when the chunks load.
  if (blockAssets)
    for (const type of blockTypesOf(view.page)) {
      const { modules, styles } = blockAssets(type);
      for (const href of styles) preinit(href, { as: 'style', precedence: 'blocks' });
      for (const href of modules) preloadModule(href);
    }
  return (
    <RenderTimeContext.Provider value={view.now}>
      <PageHandleContext.Provider value={view.page.handle}>
        <div className="theme-page" data-page={view.page.handle} data-version={view.version}>
          {titled && <h1 className="visually-hidden">{title}</h1>}
          {view.preview && <PreviewNotice preview={view.preview} />}
          {view.page.blocks.map((block) => (
            <BlockView key={block.id} block={block} data={view.data} cached={cached?.get(block.id)} />
          ))}
        </div>
      </PageHandleContext.Provider>
    </RenderTimeContext.Provider>
  );
}
