// Route loaders run through this: a fault is reported (server log, or the browser console) with a
// reference, and what reaches the page (and the HTML's dehydrated state) is only that reference,
// never the fault's own message (it may hold SQL or internal names). 404s and redirects pass as they are.
import { isNotFound, isRedirect } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';

export class PageLoadError extends Error {
  constructor(readonly reference: string) {
    super(`Page data could not be loaded (reference ${reference})`);
    this.name = 'PageLoadError';
  }
}

const newReference = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export async function guardLoader<T>(context: RouterContext, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error) || isRedirect(error)) throw error;
    const reference = newReference();
    (context.reportError ?? ((ref, e) => console.error(`[vitrine] page data failed (${ref})`, e)))(reference, error);
    throw new PageLoadError(reference);
  }
}
