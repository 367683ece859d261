// Which pages are drawn as islands (renderer/page/islands.ts): a funnel step's page that leaves out the
// shop's header and footer (nothing of the shop's layout runs in the browser), is neither an offer nor an
// order's page, not a merchant's preview, and whose every block is plain HTML or an island (its block.ts
// `hydration`). Such a page sends the browser React and its islands' code, not the router and the shop's
// routes: a funnel's landing page loads about a third less JavaScript. Any other page is hydrated whole.
import { blockRegistry } from '../../blocks/generated/registry';
import type { BlockHydration } from '../../blocks/types';
import type { BlockType } from '../../schemas/generated/block-types';
import type { FunnelStepView } from '../../schemas/generated/api';
import type { Block } from '../../schemas/generated/page';
import { visibleBlocks } from '../../schemas/page-blocks';
import type { IslandsPage } from '../../renderer/page/islands';
import { funnelStepInfo } from '../../renderer/state/funnel-step';
import { consentPolicyOf } from '../../renderer/consent/consent-policy';
import type { ShopRouter } from '../../renderer/router';

/** The funnel route's id (renderer/routes/funnel.tsx). */
const FUNNEL_ROUTE = '/funnel/$handle';

const registryHydration = (type: string): BlockHydration | undefined => blockRegistry[type as BlockType]?.hydration;

/** The blocks of a funnel step to hydrate one by one, or undefined when the step's page needs the router. */
export function islandsOf(
  step: FunnelStepView,
  hydrationOf: (type: string) => BlockHydration | undefined = registryHydration,
): Block[] | undefined {
  const { page, preview } = step.view;
  if (preview || step.offer || step.order || page.header !== false || page.footer !== false) return undefined;
  const islands: Block[] = [];
  for (const block of visibleBlocks(page.blocks)) {
    const hydration = hydrationOf(block.type);
    if (hydration === undefined) return undefined;
    if (hydration === 'island') islands.push(block);
  }
  return islands;
}

/** The request's islands page, once the router has loaded: undefined for a page hydrated whole. */
export function islandsPageOf(
  router: ShopRouter,
  facts: Pick<IslandsPage, 'locale' | 'currency' | 'origin' | 'messagesUrl'>,
): IslandsPage | undefined {
  const matches = router.state.matches;
  const leaf = matches.at(-1);
  if (leaf?.routeId !== FUNNEL_ROUTE || matches.some((m) => m.status !== 'success')) return undefined;
  const step = leaf.loaderData as FunnelStepView | undefined;
  const islands = step && islandsOf(step);
  if (!step || !islands) return undefined;
  const site = (matches[0]?.loaderData as { site?: { extDataMap: Record<string, string> } } | undefined)?.site;
  const data: IslandsPage['data'] = {};
  for (const block of islands) if (block.id in step.view.data) data[block.id] = step.view.data[block.id];
  return {
    ...facts,
    page: step.view.page.handle,
    now: step.view.now,
    step: funnelStepInfo(step),
    islands,
    data,
    consent: consentPolicyOf(site?.extDataMap ?? {}),
  };
}
