// Secondary data (menus, payment icons, apps; a product's reviews, offers, "you may also like") never
// fails a page: when its call fails, the page shows without it. A fault is reported; a refusal (a 4xx:
// the product the page is about does not exist) is what the page's own call answers for.
import { ApiError } from '../api/api-error';
import type { RouterContext } from '../router-context';

export function secondary<T>(context: RouterContext, what: string, call: Promise<T>, fallback: T): Promise<T> {
  return call.catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status < 500)) {
      (context.reportError ?? ((ref, e) => console.error(`[vitrine] ${ref}`, e)))(`${what} left out`, error);
    }
    return fallback;
  });
}
