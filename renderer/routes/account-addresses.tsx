// The address book's pages (spec section 2): /account/addresses (the list, with delete and set default),
// /account/addressAdd and /account/addressEdit?id=…. Private pages of the signed-in customer: never
// cached or shared (no `cache: 'public'`), not indexed; without a session they go to the login page,
// which comes back here (account-guard.ts).
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { ApiError } from '../api/api-error';
import type { RouterContext } from '../router-context';
import { customerHeaders, requireCustomer } from './account-guard';
import type { AddressAddData, AddressBookData, AddressEditData } from './account-addresses-data';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

const privateHead = (context: RouterContext, titleKey: string) => ({
  meta: [{ title: context.translations.current().t(titleKey) }, { name: 'robots', content: 'noindex, nofollow' }],
});

/** The countries the shop ships to (the form's list, the labels' names), asked while the session is checked. */
function countriesOf(context: RouterContext) {
  const countries = context.api.checkout.countries();
  // Not awaited when the guard sends a stranger to sign in first.
  countries.catch(() => {});
  return countries;
}

/** The signed-in customer's book (after the guard: a stranger is sent to sign in first). */
const bookOf = (context: RouterContext) => context.api.request('get /customer/addresses', { headers: customerHeaders(context) });

export const accountAddressesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/addresses',
  loader: ({ context, location }) =>
    guardLoader(context, async (): Promise<AddressBookData> => {
      const countries = countriesOf(context);
      await requireCustomer(context, location);
      const [addresses, known] = await Promise.all([bookOf(context), countries]);
      return { addresses, countries: known };
    }),
  // Not kept once left: the next visit shows the book as it is now (and nothing of it stays in memory).
  gcTime: 0,
  head: ({ match }) => privateHead(match.context, 'addressBook.title'),
  component: lazyRouteComponent(() => import('./views/account/AddressesView')),
});

export const accountAddressAddRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/addressAdd',
  loader: ({ context, location }) =>
    guardLoader(context, async (): Promise<AddressAddData> => {
      const countries = countriesOf(context);
      await requireCustomer(context, location);
      const [addresses, known] = await Promise.all([bookOf(context), countries]);
      return { countries: known, first: addresses.length === 0 };
    }),
  gcTime: 0,
  head: ({ match }) => privateHead(match.context, 'addressBook.addTitle'),
  component: lazyRouteComponent(() => import('./views/account/AddressAddView')),
});

/** `?id=` names an address of the book: digits only; anything else, or another customer's id, is a 404. */
const addressIdOf = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^[0-9]{1,10}$/.test(text) ? Number(text) : undefined;
};

export const accountAddressEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/addressEdit',
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = addressIdOf(search.id);
    return id === undefined ? {} : { id };
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, location, deps }) =>
    guardLoader(context, async (): Promise<AddressEditData> => {
      const countries = countriesOf(context);
      await requireCustomer(context, location);
      if (deps.id === undefined) throw notFound();
      try {
        const [address, known] = await Promise.all([
          context.api.request('get /customer/addresses/{id}', {
            path: { id: String(deps.id) },
            headers: customerHeaders(context),
          }),
          countries,
        ]);
        return { address, countries: known };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw notFound();
        throw error;
      }
    }),
  gcTime: 0,
  head: ({ match }) => privateHead(match.context, 'addressBook.editTitle'),
  component: lazyRouteComponent(() => import('./views/account/AddressEditView')),
});
