// Route loader part shared by every theme-page route (and the funnel's steps): the page view from the
// API, then the code of its blocks. An unknown (or no longer valid) page is a 404.
import { notFound } from '@tanstack/react-router';
import type { FunnelStepView, PageView } from '../../schemas/generated/api';
import { blockTypesOf } from '../../blocks/block-tree';
import { isNotFoundError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { ensureBlockComponents } from './block-components';

/** `?preview=`: a signed preview link's value (the server checks it; a bad one shows the live page). */
export const previewSearch = (search: Record<string, unknown>): { preview?: string } =>
  typeof search.preview === 'string' && /^[A-Za-z0-9._-]{1,200}$/.test(search.preview) ? { preview: search.preview } : {};

export async function loadThemePage(api: ApiClient, handle: string, preview?: string): Promise<PageView> {
  let view: PageView;
  try {
    view = await api.pageView(handle, preview);
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
  await ensureBlockComponents(blockTypesOf(view.page));
  return view;
}

/** A funnel's step (`pageId`, else the first) and the code of its page's blocks; an unknown one is a 404. */
export async function loadFunnelStep(api: ApiClient, handle: string, pageId: string | undefined): Promise<FunnelStepView> {
  let step: FunnelStepView;
  try {
    step = await api.funnelStep(handle, pageId);
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
  await ensureBlockComponents(blockTypesOf(step.view.page));
  return step;
}
