import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

const newCheckoutTestRoute = getRouteApi('/newCheckout/test');

/** /newCheckout/test: every live funnel with a link to its checkout step, to try a funnel's checkout. */
export default function TestCheckoutView() {
  const { t } = useTranslation();
  const funnels = newCheckoutTestRoute.useLoaderData();
  return (
    <section className="policies" aria-labelledby="test-checkout-title">
      <h1 id="test-checkout-title">{t('funnel.test.title')}</h1>
      <p>{t('funnel.test.intro')}</p>
      {funnels.length ? (
        <ul>
          {funnels.map((f) => (
            <li key={f.handle}>{f.checkout ? <a href={f.checkout}>{f.title}</a> : f.title}</li>
          ))}
        </ul>
      ) : (
        <p>{t('funnel.test.none')}</p>
      )}
    </section>
  );
}
