// Route loader part shared by every theme-page route (and the funnel's steps): the page view from the
// API, then the code of its blocks. An unknown (or no longer valid) page is a 404.
import { notFound } from '@tanstack/react-router';
import type { FunnelStepView, PageView, ShopOfferStepView } from '../../schemas/generated/api';
import { blockTypesOf } from '../../schemas/page-blocks';
import { isNotFoundError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { ensureBlockComponents } from './block-components';
import { pageViewOf } from './page-view-of';

/** `?preview=`: a signed preview link's value (the server checks it; a bad one shows the live page). */
export const previewSearch = (search: Record<string, unknown>): { preview?: string } =>
  typeof search.preview === 'string' && /^[A-Za-z0-9._-]{1,200}$/.test(search.preview) ? { preview: search.preview } : {};

/** The answer of `call` (a page view, or what holds one), its page's block code loaded; its 404, the 404 page. */
async function withBlockCode<T extends PageView | FunnelStepView>(call: Promise<T>): Promise<T> {
  let loaded: T;
  try {
    loaded = await call;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
  await ensureBlockComponents(blockTypesOf(pageViewOf(loaded)!.page));
  return loaded;
}

export function loadThemePage(api: ApiClient, handle: string, preview?: string): Promise<PageView> {
  return withBlockCode(api.pageView(handle, preview));
}

/**
 * A funnel's step (`pageId`, else the first; for the main order `order`) and the code of its page's
 * blocks; an unknown one is a 404.
 */
export function loadFunnelStep(
  api: ApiClient,
  handle: string,
  pageId: string | undefined,
  order?: string,
  visitor?: string,
  preview?: string,
): Promise<FunnelStepView> {
  return withBlockCode(api.funnelStep(handle, pageId, order, visitor, preview));
}

/**
 * The one-click offer after a shop order's checkout (`order`: the main order's token), shown to its buyer,
 * with the code of its page's blocks; or, without a view, where the buyer goes instead.
 */
export async function loadShopOffer(
  api: ApiClient,
  order: string,
  type: 'upsell' | 'downsell',
  visitor?: string,
): Promise<ShopOfferStepView> {
  let shown: ShopOfferStepView;
  try {
    shown = await api.shopOffer(order, type, visitor);
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
  if (shown.view) await ensureBlockComponents(blockTypesOf(shown.view.page));
  return shown;
}
