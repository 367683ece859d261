// The pages of the newsletter's mailed links (issue 26): the confirmation of a sign-up (double opt-in)
// and the unsubscribe of every newsletter mail. Each link is used by its page's script (a POST), so a mail
// scanner that only fetches the address neither confirms nor unsubscribes. Private and not indexed.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

const privateHead = (title: string) => ({ meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] });

/** `/newsletter/confirm?token=…`: the link of the confirmation mail. */
export const newsletterConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/newsletter/confirm',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length <= 100 ? { token: search.token } : {},
  head: ({ match }) => privateHead(match.context.translations.current().t('newsletter.confirm.title')),
  component: lazyRouteComponent(() => import('./views/newsletter/ConfirmView')),
});

/** `/newsletter/unsubscribe?id=…&sig=…`: the unsubscribe link of every newsletter mail. */
export const newsletterUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/newsletter/unsubscribe',
  validateSearch: (search: Record<string, unknown>): { id?: number; sig?: string } => {
    const id = Number(search.id);
    return {
      ...(Number.isSafeInteger(id) && id > 0 ? { id } : {}),
      ...(typeof search.sig === 'string' && /^[A-Za-z0-9_-]{43}$/.test(search.sig) ? { sig: search.sig } : {}),
    };
  },
  head: ({ match }) => privateHead(match.context.translations.current().t('newsletter.unsubscribe.title')),
  component: lazyRouteComponent(() => import('./views/newsletter/UnsubscribeView')),
});
