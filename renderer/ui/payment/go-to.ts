// Where a payment leads next (PaymentOutcome.next, OrderPaymentStatus.next) is either a page of the shop
// (the thank-you page, a result page: a client navigation) or a provider's own page (an absolute address,
// or one of the provider's routes under /api/: a full page load). A result page replaces itself with the
// next one: the back button does not return to a page that would only send the shopper on again.
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The provider's pages are not the shop's routes. */
export const isProviderPage = (href: string) => /^https?:\/\//.test(href) || href.startsWith('/api/');

export function useGoTo() {
  const router = useRouter();
  return useCallback(
    (href: string) => {
      if (isProviderPage(href)) window.location.replace(href);
      else void router.navigate({ href, replace: true });
    },
    [router],
  );
}
