// The account area's own pages (spec section 2): login and register as tabs, forgotten and reset
// password, the activation result, the confirmation of a new email, the dashboard, the change of password
// and the profile. Every one is private (never cached or shared: a route that says nothing is) and not
// indexed. The pages of a signed-in customer go to the login page without a session (account-guard.ts).
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { Customer, CustomerSession } from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import { readCookie, SIGNED_IN_COOKIE } from '../state/cookies';
import { customerHeaders, forgetSignedIn, requireCustomer, safeRedirect } from './account-guard';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

const privateHead = (title: string) => ({ meta: [{ title }, { name: 'robots', content: 'noindex, nofollow' }] });

/** A secret of a mail's link, as the page's address carries it. */
const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token.length <= 100 ? { token: search.token } : {};

export interface LoginSearch {
  redirect?: string;
  tab?: 'register';
  signedOut?: 1;
}

/**
 * `/account/login?redirect=…`: sign in or register (tabs). A visitor already signed in goes on at once to
 * where they were going (or the dashboard).
 */
export const accountLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(safeRedirect(search.redirect) ? { redirect: safeRedirect(search.redirect) } : {}),
    ...(search.tab === 'register' ? { tab: 'register' as const } : {}),
    ...(search.signedOut === 1 || search.signedOut === '1' ? { signedOut: 1 as const } : {}),
  }),
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  loader: ({ context, deps }) =>
    guardLoader(context, async () => {
      const headers = customerHeaders(context);
      // Nobody to ask about without a session: on the server no token cookie, in the browser no sign of one.
      const maybeSignedIn = typeof document === 'undefined' ? Boolean(headers) : readCookie(SIGNED_IN_COOKIE) === '1';
      if (!maybeSignedIn) return {};
      const customer = await context.api.request('get /customer/user', { headers }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return forgetSignedIn();
        throw error;
      });
      if (customer) throw redirect({ href: deps.redirect ?? '/account/dashboard', replace: true });
      return {};
    }),
  head: ({ match }) => privateHead(match.context.translations.current().t('account.login.title')),
  component: lazyRouteComponent(() => import('./views/account/LoginView')),
});

export const accountForgottenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/forgotten',
  head: ({ match }) => privateHead(match.context.translations.current().t('account.forgotten.title')),
  component: lazyRouteComponent(() => import('./views/account/ForgottenView')),
});

/** `/account/reset?token=…` (`&signout=1` from the "this wasn't me" link): a new password. */
export const accountResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/reset',
  validateSearch: (search: Record<string, unknown>): { token?: string; signout?: 1 } => ({
    ...tokenSearch(search),
    ...(search.signout === 1 || search.signout === '1' ? { signout: 1 as const } : {}),
  }),
  head: ({ match }) => privateHead(match.context.translations.current().t('account.reset.title')),
  component: lazyRouteComponent(() => import('./views/account/ResetView')),
});

/**
 * `/account/activate?token=…`: the activation result. The link is used by the page's script (a POST), so
 * a mail scanner that only fetches the address does not use it up.
 */
export const accountActivateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/activate',
  validateSearch: tokenSearch,
  head: ({ match }) => privateHead(match.context.translations.current().t('account.activate.title')),
  component: lazyRouteComponent(() => import('./views/account/ActivateView')),
});

/** `/account/email?token=…`: confirms a new email address of an account. */
export const accountEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/email',
  validateSearch: tokenSearch,
  head: ({ match }) => privateHead(match.context.translations.current().t('account.email.title')),
  component: lazyRouteComponent(() => import('./views/account/EmailConfirmView')),
});

export const accountDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/dashboard',
  loader: ({ context, location }) => guardLoader(context, async () => ({ customer: await requireCustomer(context, location) })),
  head: ({ match }) => privateHead(match.context.translations.current().t('account.dashboard.title')),
  component: lazyRouteComponent(() => import('./views/account/DashboardView')),
});

export const accountPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/password',
  loader: ({ context, location }) => guardLoader(context, async () => ({ customer: await requireCustomer(context, location) })),
  head: ({ match }) => privateHead(match.context.translations.current().t('account.password.title')),
  component: lazyRouteComponent(() => import('./views/account/PasswordView')),
});

export interface ProfileData {
  customer: Customer;
  sessions: CustomerSession[];
}

export const accountProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/profile',
  loader: ({ context, location }) =>
    guardLoader(context, async (): Promise<ProfileData> => {
      const customer = await requireCustomer(context, location);
      const sessions = await context.api.request('get /customer/user/sessions', { headers: customerHeaders(context) });
      return { customer, sessions };
    }),
  head: ({ match }) => privateHead(match.context.translations.current().t('account.profile.title')),
  component: lazyRouteComponent(() => import('./views/account/ProfileView')),
});
