// Route loaders run through this: a fault is reported (server log, or the browser console) with a
// reference, and what reaches the page (and the HTML's dehydrated state) is only that reference,
// never the fault's own message (it may hold SQL or internal names). 404s and redirects pass as they are.
// A refusal of the API with a code of the table (a SKU sold out, a product off the shelf) is no fault:
// the error page shows its words, with its status (shown-error.ts).
import { isNotFound, isRedirect } from '@tanstack/react-router';
import type { ApiError } from '../api/api-error';
import type { RouterContext } from '../router-context';
import { PageRefusal } from './shown-error';

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
    const refusal = await refusalOf(error);
    if (refusal) throw refusal;
    const reference = newReference();
    (context.reportError ?? ((ref, e) => console.error(`[vitrine] page data failed (${ref})`, e)))(reference, error);
    throw new PageLoadError(reference);
  }
}

// Secondary data (menus, payment icons, apps; a product's reviews, offers, "you may also like") never
// fails a page: when its call fails, the page shows without it. A fault is reported; a refusal (a 4xx:
// the product the page is about does not exist) is what the page's own call answers for.
/** A refusal of the API (by shape: importing ApiError here would pull it into the layout's chunk). */
const isRefusal = (error: unknown) =>
  error instanceof Error && error.name === 'ApiError' && (error as ApiError).status >= 400 && (error as ApiError).status < 500;

/** The refusal to show for an API error of a known code; undefined for a fault or a code the table lacks. */
async function refusalOf(error: unknown): Promise<PageRefusal | undefined> {
  if (!isRefusal(error)) return undefined;
  const { code, status } = error as ApiError;
  // The table of codes arrives with the first failure (it is no page's first-load JavaScript).
  const name = await (await import('../api/error-message')).errorName(code);
  return name ? new PageRefusal(name, status) : undefined;
}

export function secondary<T>(context: RouterContext, what: string, call: Promise<T>, fallback: T): Promise<T> {
  return call.catch((error: unknown) => {
    if (!isRefusal(error)) {
      (context.reportError ?? ((ref, e) => console.error(`[vitrine] ${ref}`, e)))(`${what} left out`, error);
    }
    return fallback;
  });
}
