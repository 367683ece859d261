import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** "This order does not exist", with a link home and one to order tracking. */
export function OrderMissing() {
  const { t } = useTranslation();
  return (
    <section className="order payment-result payment-result--missing" aria-labelledby="payment-missing-title">
      <h1 id="payment-missing-title">{t('paymentResult.missing.title')}</h1>
      <p>{t('paymentResult.missing.body')}</p>
      <p className="order__actions">
        <Link className="button" to="/">
          {t('error.backHome')}
        </Link>
        <Link className="button button--secondary" to="/track">
          {t('order.trackByNumber')}
        </Link>
      </p>
    </section>
  );
}
