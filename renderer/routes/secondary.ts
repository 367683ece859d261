// Secondary data (menus, payment icons, apps; a product's reviews, offers, "you may also like") never
// fails a page: when its call fails, the page shows without it, and the fault is reported.
import type { RouterContext } from '../router-context';

export function secondary<T>(context: RouterContext, what: string, call: Promise<T>, fallback: T): Promise<T> {
  return call.catch((error: unknown) => {
    (context.reportError ?? ((ref, e) => console.error(`[vitrine] ${ref}`, e)))(`${what} left out`, error);
    return fallback;
  });
}
