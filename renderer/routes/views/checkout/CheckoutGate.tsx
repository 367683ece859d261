import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutProvider, type CheckoutData } from '../../../state/checkout-store';
import { Loading } from '../../../ui/Loading';
import type { CheckoutPageData } from '../../checkout-data';

/**
 * What every checkout page shows before its form: nothing to show for a token that names no checkout, a
 * paid checkout goes to its thank-you page, an expired one says so; else the form with its store.
 */
export function CheckoutGate({ data, children }: { data: CheckoutPageData; children: (data: CheckoutData) => ReactNode }) {
  const { t } = useTranslation();
  const full = useMemo(() => data && { checkout: data.checkout, ...data.offer }, [data]);
  if (!full) return <CheckoutMessage title={t('checkout.missing.title')} text={t('checkout.missing.text')} />;
  const { checkout } = full;
  if (checkout.status === 'completed' && checkout.orderToken) return <GoTo href={`/thankyou/${checkout.orderToken}`} />;
  if (checkout.status !== 'open')
    return <CheckoutMessage title={t('checkout.expired.title')} text={t('checkout.expired.text')} />;
  return <CheckoutProvider data={full}>{children(full)}</CheckoutProvider>;
}

export function CheckoutMessage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <section className="checkout checkout--message" aria-labelledby="checkout-message-title">
      <h1 id="checkout-message-title">{title}</h1>
      <p>{text}</p>
      <p>
        <Link className="button" to="/cart">
          {t('checkout.back.cart')}
        </Link>
      </p>
    </section>
  );
}

/** Goes on to another address of the shop (replacing this one in the history), showing the loading box meanwhile. */
export function GoTo({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href, replace: true });
  }, [navigate, href]);
  return <Loading />;
}
